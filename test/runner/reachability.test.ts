import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { unreachableReason, waitForAnswer } from '../../runner/reachability.ts';
import { freePort } from '../support/free-port.ts';
import { testTls } from '../support/test-tls.ts';

/**
 * The reachability probe (runner/reachability.ts) and `--wait-for`'s wait on it: a service that starts
 * late or is not ready yet is waited for; one that never answers is a line of exit 3 naming the wait.
 */
const servers: { close: () => unknown }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

const listen = (server: Server | ReturnType<typeof createHttpServer>, port: number) =>
  new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

describe('waiting for the target to answer', () => {
  it('waits for a target that starts listening after the wait began', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/api`;
    expect(await unreachableReason(url, 1000)).toBe('connection refused');
    const late = createHttpServer((_request, response) => response.writeHead(404).end());
    servers.push(late);
    const starting = setTimeout(() => void listen(late, port), 300);
    try {
      // A 404 is an answer: anything HTTP says the service is up.
      expect(await waitForAnswer(url, 120, 1000)).toBeUndefined();
    } finally {
      clearTimeout(starting);
    }
  });

  it('waits past connections taken and dropped without an answer, which one probe alone lets pass', async () => {
    let connections = 0;
    const http = createHttpServer((_request, response) => response.end('up'));
    // The first four connections are dropped unanswered, as a service still starting behind a proxy does.
    // Each dropped probe takes two: the probe, and the look whether TLS is spoken there.
    const starting = createServer((socket) => {
      connections += 1;
      if (connections <= 4) socket.destroy();
      else http.emit('connection', socket);
    });
    servers.push(starting);
    const port = await freePort();
    await listen(starting, port);
    const url = `http://127.0.0.1:${port}`;
    expect(await unreachableReason(url, 1000)).toBeUndefined();
    expect(connections).toBe(2);
    expect(await waitForAnswer(url, 120, 1000)).toBeUndefined();
    expect(connections).toBe(5);
  });

  it('gives up after the seconds given, saying how long it waited and what it last met', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    expect(await waitForAnswer(url, 1, 1000)).toBe('no answer after waiting 1 s (last: connection refused)');
  });
});

describe('a base URL of the wrong scheme', () => {
  it('says the server speaks TLS to http://, at once, waiting or not', async () => {
    const port = await freePort();
    const tls = createHttpsServer(testTls, (_request, response) => response.end('{}'));
    servers.push(tls);
    await listen(tls, port);
    const line = `the server speaks TLS; try https://127.0.0.1:${port}/api`;
    expect(await unreachableReason(`http://127.0.0.1:${port}/api`, 5000)).toBe(line);
    // A wait changes nothing: --wait-for says so at once rather than at its end.
    expect(await waitForAnswer(`http://127.0.0.1:${port}/api`, 600, 5000)).toBe(line);
  });

  it('still lets a plain server that drops the connection pass as reachable', async () => {
    const port = await freePort();
    const drops = createServer((socket) => socket.destroy());
    servers.push(drops);
    await listen(drops, port);
    expect(await unreachableReason(`http://127.0.0.1:${port}/api`, 5000)).toBeUndefined();
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * docs/design.md#mock-and-proxy: a long-running command ends with the process that started it. `npx`,
 * `npm exec` and `npm run` start it through a shell, and killing the launcher ends the shell without
 * signalling the command (test/package/packaging.test.ts kills npx itself). Here a launcher starts the
 * command directly and is killed outright, so no signal reaches the command: it must notice that it was
 * left behind, stop, and free its port.
 */
const bin = fileURLToPath(new URL('../../bin/fds-conformance.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'fds-left-behind-'));
/** The commands started, ended here whatever happened to the test. */
const commands: number[] = [];
afterAll(() => {
  for (const pid of commands) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already ended, as it should have.
    }
  }
  rmSync(work, { recursive: true, force: true });
});

interface Launched {
  launcher: ChildProcess;
  /** Where the command says it listens (its stderr's `listening on URL`). */
  url: Promise<URL>;
  /** All the command wrote to stderr, once it has ended (its pipe closes only then). */
  ended: Promise<string>;
}

/** A launcher process that starts the command on the test's own pipes, then only waits. */
function launch(args: string[]): Launched {
  // The launcher prints the command's pid, so that a command that fails to stop is still ended.
  const script = `const c = require('node:child_process').spawn(process.execPath, ${JSON.stringify([bin, ...args])}, { stdio: ['ignore', 'ignore', 3] }); console.log(c.pid); setInterval(() => {}, 60000);`;
  const launcher = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'ignore', 'pipe'] });
  launcher.stdout!.on('data', (chunk: Buffer) => commands.push(Number(chunk.toString())));
  const stderr = launcher.stdio[3] as Readable;
  let text = '';
  const url = new Promise<URL>((resolve, reject) => {
    stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const found = /listening on (http:\/\/[^\s,;]+)/.exec(text);
      if (found) resolve(new URL(found[1]!));
    });
    stderr.on('end', () => reject(new Error(`it ended before listening: ${text}`)));
  });
  // Bounded against a command that never notices: its watch looks twice a second.
  const ended = new Promise<string>((resolve, reject) => {
    stderr.on('end', () => resolve(text));
    launcher.on('exit', () =>
      setTimeout(
        () => reject(new Error(`still running 60 s after its launcher ended: ${text}`)),
        60_000,
      ).unref(),
    );
  });
  return { launcher, url, ended };
}

/** Whether something accepts connections on the port. */
function listening(port: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('a command left behind by the process that started it', { timeout: 120_000 }, () => {
  it.each([
    ['mock', ['mock']],
    ['proxy', ['proxy', '--target', 'http://127.0.0.1:9', '--out', join(work, 'proxy-report')]],
  ])('%s stops and frees its port when its launcher is killed', async (_name, args) => {
    const launched = launch(args);
    const { port } = await launched.url;
    expect(await listening(port)).toBe(true);
    launched.launcher.kill('SIGKILL');
    const stderr = await launched.ended;
    expect(stderr).toContain('the process that started it has ended; stopping');
    expect(stderr).toMatch(/stopped \(SIGTERM/);
    expect(await listening(port)).toBe(false);
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Targets that answer badly on purpose (issue: hostile targets). Each must give failed checks with clear
 * messages, within the time limits, with no hang, crash, stack trace or leaked secret.
 */
export type HostileKind =
  | 'never-answers'
  | 'never-answers-after-token'
  | 'huge-body'
  | 'invalid-json'
  | 'reset-mid-response'
  | 'echoes-authorization'
  | 'echoes-encoded'
  | 'redirects-away';

export interface HostileTarget {
  url: string;
  /** Requests that reached the other origin of a redirect, with their Authorization header if any. */
  stolen: string[];
  close(): Promise<void>;
}

/** The token every hostile target issues: what JSON, URLs, HTML and base64 each write otherwise. */
export const hostileToken = 'hostile+issued/token"5521=';

const tokenBody = JSON.stringify({
  access_token: hostileToken,
  token_type: 'Bearer',
  expires_in: 3600,
});

function handler(
  kind: HostileKind,
  elsewhere: () => string,
): (req: IncomingMessage, res: ServerResponse) => void {
  switch (kind) {
    case 'never-answers':
      return () => undefined;
    case 'never-answers-after-token':
      return (req, res) => {
        if (req.url?.endsWith('/token'))
          res.writeHead(200, { 'content-type': 'application/json' }).end(tokenBody);
      };
    case 'huge-body':
      // 300 MB of JSON-looking bytes, written only as fast as the client reads, so the test stays cheap.
      return (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(1024 * 1024, ' ');
        let sent = 0;
        const pump = () => {
          while (sent < 300 && res.write(chunk)) sent++;
          if (sent < 300) res.once('drain', pump);
          else res.end();
        };
        res.on('close', () => (sent = 300));
        pump();
      };
    case 'invalid-json':
      return (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"type": "list", "data": [');
      };
    case 'reset-mid-response':
      // The token is issued, as a service down at the door stops the run before any check (exit 3).
      return (req, res) => {
        if (req.url?.endsWith('/token'))
          return res.writeHead(200, { 'content-type': 'application/json' }).end(tokenBody);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"type": "list", "da');
        setTimeout(() => res.socket?.destroy(), 5);
      };
    case 'echoes-authorization':
      return (req, res) => {
        const echo = req.headers.authorization ?? '';
        if (req.url?.endsWith('/token')) {
          res.writeHead(200, { 'content-type': 'application/json', 'x-echo': echo });
          return res.end(tokenBody);
        }
        res.writeHead(400, { 'content-type': 'application/json', 'x-echo': echo });
        res.end(
          JSON.stringify({
            type: 'list',
            correlationId: '0d8e1f2a-3b4c-4d5e-8f60-718293a4b5c6',
            data: [
              {
                type: 'error',
                code: 'echo',
                title: 'Echo',
                detail: `you sent Authorization: ${echo}`,
                source: { parameter: echo },
              },
            ],
          }),
        );
      };
    case 'echoes-encoded':
      // Every credential sent comes back encoded, each way a service might: the header URL-encoded in a
      // Location and a link, the credential base64-encoded in a header and inside a JSON string.
      return (req, res) => {
        const authorization = req.headers.authorization ?? '';
        const credential = authorization.split(' ')[1] ?? '';
        const encoded = Buffer.from(credential).toString('base64');
        if (req.url?.endsWith('/token')) {
          res.writeHead(200, { 'content-type': 'application/json', 'x-key-seen': encoded });
          return res.end(tokenBody);
        }
        res.writeHead(400, {
          'content-type': 'application/json',
          location: `/api/elsewhere?auth=${encodeURIComponent(authorization)}`,
          'x-token-seen': encoded,
        });
        res.end(
          JSON.stringify({
            type: 'list',
            correlationId: '0d8e1f2a-3b4c-4d5e-8f60-718293a4b5c6',
            links: { retry: `/api/retry?session=${encodeURIComponent(credential)}` },
            data: [
              {
                type: 'error',
                code: 'echo',
                title: 'Echo',
                detail: `your session ${JSON.stringify({ credential, encoded })}`,
              },
            ],
          }),
        );
      };
    case 'redirects-away':
      return (req, res) => {
        res.writeHead(307, { location: `${elsewhere()}${req.url ?? '/'}` });
        res.end();
      };
  }
}

async function listen(server: Server, host: string): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

export async function startHostileTarget(kind: HostileKind): Promise<HostileTarget> {
  const stolen: string[] = [];
  // The redirect goes to another origin (another loopback address), which records what reaches it.
  const thief = createServer((req, res) => {
    stolen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
    res.end('{}');
  });
  const thiefUrl = await listen(thief, '127.0.0.2');
  const server = createServer(handler(kind, () => thiefUrl));
  const url = await listen(server, '127.0.0.1');
  return {
    url,
    stolen,
    close: async () => {
      for (const s of [server, thief]) {
        s.closeAllConnections();
        await new Promise((resolve) => s.close(resolve));
      }
    },
  };
}

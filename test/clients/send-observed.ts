import { request as httpRequest } from 'node:http';
import { defaultApiKey } from '../../mock/index.ts';
import type { ObservedRequest } from '../../src/observation/types.ts';

/** A token of the mock at `baseUrl` (directly or through a proxy), as a conformant client asks for it. */
export async function issueToken(baseUrl: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${defaultApiKey}`,
      'service-version': '2.0',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'scope=SERVER_ACCESS',
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

/**
 * A request of the client-fault catalogue (src/clients/client-faults.ts) as a client sends it to
 * `baseUrl`: its placeholder credentials made the mock's own, so that the mock reads each body rather than
 * refusing the request first. Resolves with the answer's status.
 */
export function sendObserved(baseUrl: string, observed: ObservedRequest, token: string): Promise<number> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(observed.headers)) {
    if (value === undefined) continue;
    headers[name] = (Array.isArray(value) ? value.join(', ') : value)
      .replace('example-access-token', token)
      .replace('example-api-key', defaultApiKey);
  }
  const body = observed.body ?? Buffer.alloc(0);
  if (body.length > 0 || observed.method === 'POST') headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}${observed.path}`, { method: observed.method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

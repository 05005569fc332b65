import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { defaultApiKey, shortLivedApiKey } from '../../mock/index.ts';
import type { ClientFault } from '../../src/observe/clients/client-faults.ts';
import type { ObservedRequest } from '../../src/observe/types.ts';

/** A token answer of the mock: the token and the expires_in it reported. */
export interface IssuedToken {
  token: string;
  expiresIn: number;
}

/**
 * A token of the mock at `baseUrl` (directly or through a proxy), as a conformant client asks for it: with
 * `apiKey` and the version header under `versionHeader`, the name the service's profile gives.
 */
export async function askToken(
  baseUrl: string,
  apiKey = defaultApiKey,
  versionHeader = 'service-version',
): Promise<IssuedToken> {
  const answer = await fetch(`${baseUrl}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${apiKey}`,
      [versionHeader]: '2.0',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'scope=SERVER_ACCESS',
  });
  const { access_token, expires_in } = (await answer.json()) as { access_token: string; expires_in: number };
  return { token: access_token, expiresIn: expires_in };
}

/** A token of the mock at `baseUrl`, of the default key. */
export async function issueToken(baseUrl: string): Promise<string> {
  return (await askToken(baseUrl)).token;
}

/**
 * The token to send a fault of the catalogue with: `token`, or for a fault over time (`issued`) a token of
 * the mock's short-lived key, whose answer gives the fault's expires_in, once the fault's seconds have
 * passed since the answer. The wait runs past the token's life by a margin: it makes no claim of speed.
 */
export async function tokenFor(baseUrl: string, fault: ClientFault, token: string): Promise<string> {
  if (!fault.issued) return token;
  const short = await askToken(baseUrl, shortLivedApiKey);
  if (short.expiresIn !== fault.issued.expiresIn)
    throw new Error(
      `${fault.name}: the short-lived key's tokens report ${short.expiresIn} s, not ${fault.issued.expiresIn}`,
    );
  await sleep(fault.issued.secondsBefore * 1000);
  return short.token;
}

/**
 * A request of the client-fault catalogue (src/observe/clients/client-faults.ts) as a client sends it to
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

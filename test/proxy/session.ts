import { request } from 'undici';
import { defaultApiKey, mockProfile, type RunningMock } from '../../mock/index.ts';

/** One answer through the proxy, as the client got it. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Sends one request to `base` + `path`; bodies are strings, sent as they are. */
export async function send(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  const answer = await request(`${base}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  return { status: answer.statusCode, headers: answer.headers, text: await answer.body.text() };
}

/**
 * A short client session through the proxy, as an application would run it: a token, the institution list,
 * a user created, a transaction enriched, an unknown job asked for (an error list), and a walk of the
 * affordability pages by links.next. Each link is followed as given, as a client follows it: the proxy
 * rewrites the service's absolute links to its own address, so the walk stays behind it.
 */
export async function clientSession(proxyUrl: string, mock: RunningMock): Promise<void> {
  const { fixtures } = mockProfile(mock);
  const token = await send(
    proxyUrl,
    'POST',
    '/token',
    {
      authorization: `Basic ${defaultApiKey}`,
      'content-type': 'application/x-www-form-urlencoded',
      'service-version': '2.0',
    },
    'scope=SERVER_ACCESS',
  );
  const accessToken = String((JSON.parse(token.text) as { access_token?: unknown }).access_token);
  const auth = { authorization: `Bearer ${accessToken}` };
  await send(proxyUrl, 'GET', '/institutions', auth);
  await send(
    proxyUrl,
    'POST',
    '/users',
    { ...auth, 'content-type': 'application/json' },
    JSON.stringify({ email: 'proxy-session@example.com', firstName: 'Proxy' }),
  );
  const { enrich } = fixtures;
  const query = new URLSearchParams({
    q: enrich.matchingQuery,
    institution: enrich.institution,
    country: 'AU',
  });
  await send(proxyUrl, 'GET', `/enrich?${query}`, auth);
  await send(proxyUrl, 'GET', '/jobs/no-such-job', auth);
  let url = `${proxyUrl}/users/${fixtures.userId}/affordability/${fixtures.affordabilityId}/transactions?limit=300`;
  for (let page = 0; page < 10; page++) {
    const answer = await send(url, 'GET', '', auth);
    const next = (JSON.parse(answer.text) as { links?: { next?: unknown } }).links?.next;
    if (typeof next !== 'string' || next === '') break;
    url = new URL(next, url).href;
  }
}

import type { Exchange } from '../../src/http/exchange.ts';
import { formsOf } from '../../src/http/secrets.ts';

/**
 * Where an answer repeats a secret the client sent (an API key, a password, a security code): shared by
 * the auth and connections suites. A secret of eight characters or more is looked for inside any text; a
 * shorter one only as a whole string value, since a few characters may occur in a body by chance.
 */

const minSubstring = 8;

function holds(text: string, secret: string): boolean {
  return secret.length >= minSubstring ? text.includes(secret) : text === secret;
}

/** JSON pointers of the string values (and member names) of a body that hold the secret. */
function pointersHolding(body: unknown, secret: string, pointer = ''): string[] {
  if (typeof body === 'string') return holds(body, secret) ? [pointer || '/'] : [];
  if (body === null || typeof body !== 'object') return [];
  return Object.entries(body).flatMap(([key, value]) => {
    const here = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    return [...(holds(key, secret) ? [`${here} (its name)`] : []), ...pointersHolding(value, secret, here)];
  });
}

/**
 * The places of the answer that repeat the secret: header names, JSON pointers of the body, or "the
 * body" when it is no JSON. Never the value itself, which the report masks anyway. A secret sent back
 * encoded is sent back all the same: each form the run masks (src/http/secrets.ts, formsOf: inside a JSON
 * string, URL-encoded, base64, …) is looked for, and a place that holds one but not the secret as sent
 * says so.
 */
export function echoesOf(exchange: Exchange, secret: string): string[] {
  const response = exchange.response;
  if (!response || secret === '') return [];
  const placesOf = (form: string) => {
    const headers = Object.entries(response.headers)
      .filter(([, value]) => holds(value, form))
      .map(([name]) => `header ${name}`);
    const body =
      response.body !== undefined
        ? pointersHolding(response.body, form)
        : form.length >= minSubstring && response.text.includes(form)
          ? ['the body']
          : [];
    return [...headers, ...body];
  };
  const asSent = placesOf(secret);
  const encoded = formsOf(secret)
    .filter((form) => form !== secret)
    .flatMap(placesOf)
    .filter((place) => !asSent.includes(place))
    .map((place) => `${place} (encoded)`);
  return [...new Set([...asSent, ...encoded])];
}

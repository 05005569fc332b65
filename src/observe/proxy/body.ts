import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * What the judges read of a body: the bytes the client got, decoded from their content coding, and parsed
 * as JSON where they are. The proxy forwards the bytes as they came (compressed, if the target compressed
 * them); only its kept copy is decoded, so judging sees what the client's HTTP library would hand over.
 */

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** The content codings of a body, in the order they were applied (`identity` is none). */
export function contentCodings(headers: Record<string, string | string[] | undefined>): string[] {
  return headerText(headers['content-encoding'])
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
}

/** The body decoded from its `content-encoding`, or undefined where the coding is unknown or broken. */
export function decodedBody(
  headers: Record<string, string | string[] | undefined>,
  body: Buffer,
): Buffer | undefined {
  let bytes = body;
  try {
    // Codings apply in the order listed, so they come off in reverse.
    for (const coding of contentCodings(headers).reverse()) {
      if (coding === 'gzip' || coding === 'x-gzip') bytes = gunzipSync(bytes);
      else if (coding === 'deflate') bytes = inflateSync(bytes);
      else if (coding === 'br') bytes = brotliDecompressSync(bytes);
      else return undefined;
    }
  } catch {
    return undefined;
  }
  return bytes;
}

/** The JSON a body holds, or `notJson` (an empty body is not JSON either). */
export const notJson = Symbol('not JSON');

export function parsedJson(body: Buffer | undefined): unknown {
  if (!body || body.length === 0) return notJson;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return notJson;
  }
}

/** Whether a content type names JSON: `application/json`, a `+json` type, with or without parameters. */
export function isJsonMediaType(value: string | string[] | undefined): boolean {
  const type = headerText(value).split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^[a-z]+\/[a-z0-9.!#$&^_-]+\+json$/.test(type);
}

export function contentTypeOf(headers: Record<string, string | string[] | undefined>): string {
  return headerText(headers['content-type']);
}

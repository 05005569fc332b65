import type { Secrets } from './secrets.ts';

/** One request and what came back: the evidence a failure carries (DESIGN.md, principle 3). */
export interface Exchange {
  request: {
    method: string;
    url: string;
    /** Redacted: credentials appear as `Basic ***` or `Bearer ***`. */
    headers: Record<string, string>;
    body?: string;
    /** Which credential the Authorization header carried, so a curl line can name the right placeholder. */
    credential?: 'api-key' | 'token' | 'probe';
  };
  response?: {
    status: number;
    headers: Record<string, string>;
    /** The body parsed as JSON, or undefined when it is not JSON (see `text`). */
    body: unknown;
    text: string;
    durationMs: number;
  };
  /** Why no usable response arrived: a time limit, a reset, a body over the cap, a refused redirect. */
  failure?: string;
  /** Each 429 answered before this response, with the wait honoured. */
  retries: { status: number; waitMs: number }[];
}

const evidenceTextLimit = 4096;

/**
 * The exchange as a report may hold it: every secret masked (including those echoed in a body), long
 * bodies cut, the parsed body dropped in favour of the text.
 */
export function evidenceOf(exchange: Exchange, secrets: Secrets): Exchange {
  const { request, response } = exchange;
  const redactedRequest = {
    ...request,
    url: secrets.redact(request.url),
    headers: secrets.redactHeaders(request.headers),
    ...(request.body !== undefined ? { body: cut(secrets.redact(request.body)) } : {}),
  };
  if (!response) return { ...exchange, request: redactedRequest };
  return {
    ...exchange,
    request: redactedRequest,
    response: {
      ...response,
      headers: secrets.redactHeaders(response.headers),
      body: undefined,
      text: cut(secrets.redact(response.text)),
    },
  };
}

function cut(text: string): string {
  return text.length > evidenceTextLimit
    ? `${text.slice(0, evidenceTextLimit)}… (${text.length} characters)`
    : text;
}

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * A curl line that repeats the request without any secret: the API key becomes $FDS_API_KEY and a bearer
 * token $FDS_TOKEN, which a person obtains from POST /token.
 */
export function curlOf(exchange: Exchange): string {
  const { method, url, headers, body, credential } = exchange.request;
  const parts = ['curl', '-sS', '-X', method, shellQuote(url)];
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'authorization') {
      // A probe's deliberately wrong credential is no secret of the target's, but it is masked all the same.
      const placeholder =
        credential === 'api-key'
          ? 'Basic $FDS_API_KEY'
          : credential === 'token'
            ? 'Bearer $FDS_TOKEN'
            : value;
      parts.push('-H', `"Authorization: ${placeholder}"`);
    } else {
      parts.push('-H', shellQuote(`${name}: ${value}`));
    }
  }
  if (body !== undefined) parts.push('--data-raw', shellQuote(body));
  return parts.join(' ');
}

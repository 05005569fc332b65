import type { Secrets } from './secrets.ts';

/** One request and what came back: the evidence a failure carries (docs/design.md#a-failure-is-reproducible-by-a-person). */
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
  /**
   * Each answer sent again before this response, with the wait before the next attempt: a 429 (its
   * Retry-After), or a transient answer under --retry-transient (a 502, 503 or 504 by its status, a reset by
   * its failure). `answer` is that answer itself, kept in the process only (evidenceOf leaves it out), so the
   * run judges it as an error response too (src/checks/error-list.ts, expectRetriedErrorLists).
   */
  retries: { status?: number; failure?: string; waitMs: number; answer?: Exchange['response'] }[];
}

/** How the client describes a connection reset before the answer was complete (a transient answer). */
export const connectionReset = 'connection reset before the answer was complete';

/**
 * Whether the exchange ended on a time limit: no connection, or no complete answer, within it (the
 * client's words for either, describeTransportError in http-client.ts).
 */
export function timedOut(exchange: Exchange): boolean {
  return /^(no complete answer|could not connect) within /.test(exchange.failure ?? '');
}

/**
 * Why an exchange's answer is transient (a busy environment, not the interface): a 502, 503 or 504, or a
 * connection reset before the answer was complete. Undefined for any other answer. It reads evidence in a
 * report as well as a live exchange.
 */
export function transientAnswer(exchange: Exchange): string | undefined {
  const status = exchange.response?.status;
  if (status === 502 || status === 503 || status === 504) return `answered ${status}`;
  return exchange.failure === connectionReset ? connectionReset : undefined;
}

const evidenceTextLimit = 4096;

/**
 * The exchange as a report may hold it: every secret masked (including those echoed in a body), long
 * bodies cut, the parsed body dropped in favour of the text.
 */
export function evidenceOf(exchange: Exchange, secrets: Secrets): Exchange {
  const { request, response } = exchange;
  // A retried answer's body is judged in the process; a report keeps only its status and wait.
  const retries = exchange.retries.map(({ status, failure, waitMs }) => ({
    ...(status !== undefined ? { status } : {}),
    ...(failure !== undefined ? { failure } : {}),
    waitMs,
  }));
  const redactedRequest = {
    ...request,
    url: secrets.redactWire(request.url),
    headers: secrets.redactHeaders(request.headers),
    ...(request.body !== undefined ? { body: cut(secrets.redactWire(request.body)) } : {}),
  };
  if (!response) return { ...exchange, request: redactedRequest, retries };
  return {
    ...exchange,
    request: redactedRequest,
    retries,
    response: {
      ...response,
      headers: secrets.redactHeaders(response.headers),
      body: undefined,
      text: cut(secrets.redactWire(response.text)),
    },
  };
}

function cut(text: string): string {
  if (text.length <= evidenceTextLimit) return text;
  // A copy, not a slice: V8 keeps the whole string a slice was taken from alive, and evidence (a walk
  // keeps some of every page) outlives the body it was cut from.
  const kept = JSON.parse(JSON.stringify(text.slice(0, evidenceTextLimit))) as string;
  return `${kept}… (${text.length} characters)`;
}

/** A word the shell reads back exactly: single-quoted, each single quote closed, escaped and reopened. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The shell variables a curl line carries where a secret was (docs/design.md#reports): the API key, a
 * bearer token (the `token` command prints one), and each institution credential a write's JSON body
 * carries (spec: Connection, "never returned"; the connection update's body), by its member's name.
 */
export const curlVariables = { apiKey: 'FDS_API_KEY', token: 'FDS_TOKEN' } as const;
export const credentialVariables = {
  password: 'FDS_CONNECTION_PASSWORD',
  securityCode: 'FDS_SECURITY_CODE',
  secondaryLoginId: 'FDS_SECONDARY_LOGIN_ID',
  loginId: 'FDS_LOGIN_ID',
} as const;

/** A credential member of a JSON body whose value the redaction masked whole: `"password":"***"`. */
const maskedCredential = new RegExp(
  `"(${Object.keys(credentialVariables).join('|')})"\\s*:\\s*"\\*\\*\\*"`,
  'g',
);

/**
 * The body as one shell word: single-quoted, but where a credential member's value was masked, its
 * variable spliced in double quotes (`'{"password":"'"$FDS_CONNECTION_PASSWORD"'"}'`), so the line sends
 * the credential the person sets rather than the mask.
 */
function bodyWord(body: string): string {
  const parts: string[] = [];
  let from = 0;
  for (const match of body.matchAll(maskedCredential)) {
    const mask = match.index + match[0].length - '***"'.length;
    const name = match[1] as keyof typeof credentialVariables;
    parts.push(shellQuote(body.slice(from, mask)), `"$${credentialVariables[name]}"`);
    from = mask + '***'.length;
  }
  parts.push(shellQuote(body.slice(from)));
  return parts.join('');
}

/**
 * A curl line that repeats the request without any secret: the API key becomes $FDS_API_KEY, a bearer
 * token $FDS_TOKEN, which a person obtains from POST /token, and a masked credential of the body its
 * variable (credentialVariables).
 */
export function curlOf(exchange: Exchange): string {
  const { method, url, headers, body, credential } = exchange.request;
  const parts = ['curl', '-sS', '-X', method, shellQuote(url)];
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'authorization') {
      // A probe's deliberately wrong credential is no secret of the target's, but it is masked all the same.
      const placeholder =
        credential === 'api-key'
          ? `Basic $${curlVariables.apiKey}`
          : credential === 'token'
            ? `Bearer $${curlVariables.token}`
            : value;
      parts.push('-H', `"Authorization: ${placeholder}"`);
    } else {
      parts.push('-H', shellQuote(`${name}: ${value}`));
    }
  }
  if (body !== undefined) parts.push('--data-raw', bodyWord(body));
  return parts.join(' ');
}

/** A resource a writing run created on the target (report.json `created`), so its owners can clean up. */
export interface CreatedResource {
  type: string;
  id: string;
  /** The request that created it, `POST /users` with its path below the origin. */
  request: string;
  status: number;
}

/**
 * The resources these exchanges created: every answered write (not a token request) whose 2xx body names
 * a resource by `type` and `id`, a user of POST /users, the job of a connection update, an expenses
 * summary.
 */
export function createdBy(exchanges: readonly Exchange[]): CreatedResource[] {
  return exchanges.flatMap((exchange) => {
    const { request, response } = exchange;
    const url = new URL(request.url);
    if (request.method === 'GET' || url.pathname.endsWith('/token') || !response) return [];
    const body = response.body as { type?: unknown; id?: unknown } | undefined;
    if (response.status < 200 || response.status > 299 || typeof body?.type !== 'string') return [];
    if (typeof body.id !== 'string' && typeof body.id !== 'number') return [];
    return [
      {
        type: body.type,
        id: String(body.id),
        request: `${request.method} ${url.pathname}`,
        status: response.status,
      },
    ];
  });
}

import { STATUS_CODES } from 'node:http';
import type { Secrets } from '../../http/secrets.ts';
import { packageVersion } from '../../package-root.ts';

/**
 * `exchanges.har`: every exchange through the proxy as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/),
 * which browsers' network panels and HTTP tools open. Entries are kept as they passed and masked only when
 * the file is written, with every secret learnt by then: a token is learnt from the answer that issues it,
 * after the request that asked for it, and an echo of it may come in any later entry.
 */

/** Body text kept per entry; the rest is cut, and the entry's comment says so. */
export const harBodyChars = 64 * 1024;
/** Entries kept; later exchanges are counted in the log's comment, not listed, so memory stays bounded. */
export const harEntriesKept = 10_000;
/**
 * Bytes of bodies the log holds in all: a night of affordability pages (some 300 KB each) would otherwise
 * hold gigabytes until the file is written. Past it, entries keep their headers and sizes, not their bodies.
 */
export const harBodyBudgetBytes = 64 * 1024 * 1024;
/** Bytes of one body kept: enough for `harBodyChars` characters of UTF-8, and one more to tell it was cut. */
const bodyBytesKept = harBodyChars * 4 + 1;

type Headers = Record<string, string | string[] | undefined>;

export interface HarExchange {
  startedDateTime: string;
  method: string;
  /** The address the request went to at the target. */
  url: string;
  requestHeaders: Headers;
  requestBody: Buffer | undefined;
  requestBodySize: number;
  response?: {
    status: number;
    statusText?: string;
    headers: Headers;
    /**
     * The body as the target sent it, decoded from its content coding where the judges could: what the
     * service answered, which the judges read, even where the client got its links rewritten.
     */
    body: Buffer;
    bodySize: number;
    truncated: boolean;
    /** Whether the client got the target's address rewritten to the proxy's (rewrite.ts). */
    rewritten: boolean;
  };
  /** Why the target gave no answer (refused, timed out, not HTTP), when it gave none. */
  failure?: string;
  timings: { wait: number; receive: number };
}

interface NameValue {
  name: string;
  value: string;
}

function headerList(headers: Headers, secrets: Secrets): NameValue[] {
  const list: NameValue[] = [];
  for (const [name, value] of Object.entries(headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      list.push({ name, value: secrets.redactHeaders({ [name]: one })[name] ?? '' });
    }
  }
  return list;
}

function text(body: Buffer, secrets: Secrets): { text: string; cut: boolean } {
  const whole = body.toString('utf8');
  const cut = whole.length > harBodyChars;
  return { text: secrets.redactWire(cut ? whole.slice(0, harBodyChars) : whole), cut };
}

function headerValue(headers: Headers, name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/** An entry as the log holds it: bodies cut to what the file will show, the sizes of the whole. */
interface KeptExchange extends HarExchange {
  contentSize: number;
  bodiesLeftOut: boolean;
}

export class HarLog {
  private readonly entries: KeptExchange[] = [];
  private dropped = 0;
  private bodyBytes = 0;

  add(exchange: HarExchange): void {
    if (this.entries.length >= harEntriesKept) {
      this.dropped += 1;
      return;
    }
    const keep = (body: Buffer): Buffer => {
      const kept = body.length > bodyBytesKept ? Buffer.from(body.subarray(0, bodyBytesKept)) : body;
      this.bodyBytes += kept.length;
      return kept;
    };
    const size = (exchange.requestBody?.length ?? 0) + (exchange.response?.body.length ?? 0);
    const bodiesLeftOut = this.bodyBytes + Math.min(size, 2 * bodyBytesKept) > harBodyBudgetBytes;
    const { response, requestBody } = exchange;
    this.entries.push({
      ...exchange,
      requestBody: bodiesLeftOut || !requestBody ? undefined : keep(requestBody),
      ...(response
        ? { response: { ...response, body: bodiesLeftOut ? Buffer.alloc(0) : keep(response.body) } }
        : {}),
      contentSize: response?.body.length ?? 0,
      bodiesLeftOut,
    });
  }

  /** The HAR document, every secret `secrets` knows masked in URLs, headers and bodies. */
  document(secrets: Secrets): unknown {
    return {
      log: {
        version: '1.2',
        creator: { name: 'fds-conformance proxy', version: packageVersion },
        pages: [],
        entries: this.entries.map((exchange) => this.entry(exchange, secrets)),
        ...(this.dropped > 0
          ? { comment: `${this.dropped} later exchange(s) not listed: the log keeps ${harEntriesKept}` }
          : {}),
      },
    };
  }

  private entry(exchange: KeptExchange, secrets: Secrets): unknown {
    const url = secrets.redactWire(exchange.url);
    const parsed = new URL(exchange.url);
    const notes: string[] = [];
    const requestText =
      exchange.requestBody && exchange.requestBody.length > 0
        ? text(exchange.requestBody, secrets)
        : undefined;
    if (requestText?.cut) notes.push(`request body cut to ${harBodyChars} characters`);
    const { response } = exchange;
    const responseText = response ? text(response.body, secrets) : undefined;
    if (responseText?.cut) notes.push(`response body cut to ${harBodyChars} characters`);
    if (response?.truncated)
      notes.push('the response body was larger than the proxy keeps; only its start is here');
    if (exchange.bodiesLeftOut)
      notes.push(`bodies left out: the log holds ${harBodyBudgetBytes / 1024 / 1024} MB of bodies in all`);
    if (response?.rewritten)
      notes.push(
        "as the target sent it; the client got the target's address in its links and Location rewritten to the proxy's",
      );
    if (exchange.failure) notes.push(`no answer from the target: ${exchange.failure}; the client got a 502`);
    const wait = Math.max(0, exchange.timings.wait);
    const receive = Math.max(0, exchange.timings.receive);
    return {
      startedDateTime: exchange.startedDateTime,
      time: wait + receive,
      request: {
        method: exchange.method,
        url,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: headerList(exchange.requestHeaders, secrets),
        queryString: [...parsed.searchParams].map(([name, value]) => ({
          name,
          value: secrets.redactWire(value),
        })),
        ...(requestText
          ? {
              postData: {
                mimeType: headerValue(exchange.requestHeaders, 'content-type'),
                text: requestText.text,
              },
            }
          : {}),
        headersSize: -1,
        bodySize: exchange.requestBodySize,
      },
      response: {
        status: response?.status ?? 502,
        statusText: response ? (response.statusText ?? STATUS_CODES[response.status] ?? '') : 'Bad Gateway',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: response ? headerList(response.headers, secrets) : [],
        content: {
          size: exchange.contentSize,
          mimeType: response ? headerValue(response.headers, 'content-type') : '',
          ...(responseText ? { text: responseText.text } : {}),
        },
        redirectURL: response ? secrets.redactWire(headerValue(response.headers, 'location')) : '',
        headersSize: -1,
        bodySize: response?.bodySize ?? 0,
      },
      cache: {},
      timings: { send: 0, wait, receive },
      ...(notes.length > 0 ? { comment: notes.join('; ') } : {}),
    };
  }
}

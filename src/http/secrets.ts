import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { escape } from '../report/escape.ts';
import { credentialVariables, curlVariables } from './exchange.ts';

/**
 * Secrets never leave the process (docs/design.md#secrets-never-leave-the-process): the API keys, every
 * issued token, every Authorization header value and the institution credentials a request sent are
 * masked in whatever the suite writes (src/output.ts), in every form a view or a target gives them.
 */
export class Secrets {
  /** Each secret once, in the order learnt: a worker reports the new ones at the end of each check. */
  private readonly values: string[] = [];
  private readonly known = new Set<string>();
  private reported = 0;
  /** Built on first use after a change: every form of every secret, and their starts and ends. */
  private index: SecretIndex | undefined;

  add(secret: string | undefined): void {
    // Very short strings would mask ordinary text; no real key or token is that short.
    if (!secret || secret.length < minimumLength || this.known.has(secret)) return;
    this.known.add(secret);
    this.values.push(secret);
    this.index = undefined;
  }

  /** The secrets learnt since the last call: what a worker hands to the run's writers (sealSecrets). */
  takeUnreported(): string[] {
    const fresh = this.values.slice(this.reported);
    this.reported = this.values.length;
    return fresh;
  }

  /**
   * Learns what an exchange seen on the wire holds of secrets (an observer's: the mock of its clients,
   * the proxy): the credential of its Authorization header, the access_token an answer issues, and the
   * institution credentials a request body carries. Only a body naming one is parsed: an observer sees
   * every exchange, and parsing each answer again would be most of its cost.
   */
  learnExchange(
    headers: Record<string, string | string[] | undefined>,
    requestBody?: Buffer,
    responseBody?: Buffer,
  ): void {
    const authorization = headers.authorization;
    this.add((Array.isArray(authorization) ? authorization[0] : authorization)?.trim().split(/\s+/)[1]);
    if (responseBody?.includes('access_token')) this.addMembers(responseBody, ['access_token']);
    if (requestBody && institutionCredentials.some((name) => requestBody.includes(name)))
      this.addMembers(requestBody, institutionCredentials);
  }

  /**
   * The institution credentials of a request body (loginId, password, securityCode, secondaryLoginId: the
   * user's, which the spec never returns): each string one a secret from then on.
   */
  learnCredentials(body: unknown): void {
    if (body === null || typeof body !== 'object') return;
    for (const name of institutionCredentials) {
      const value = (body as Record<string, unknown>)[name];
      if (typeof value === 'string') this.add(value);
    }
  }

  /** The string members of that name of a JSON object body. */
  private addMembers(body: Buffer, names: readonly string[]): void {
    try {
      const parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown> | null;
      for (const name of names) {
        const value = parsed?.[name];
        if (typeof value === 'string') this.add(value);
      }
    } catch {
      // Not JSON: nothing to learn.
    }
  }

  /**
   * The text with every form of every secret learnt masked, and the start or end of one a view cut short:
   * what every writer does (src/output.ts). Nothing else is touched, so the spec's words a report quotes
   * ("Authorization: Bearer <ACCESS_TOKEN>") stay whole.
   */
  redact(text: string): string {
    if (this.values.length === 0) return text;
    this.index ??= indexOf(this.values);
    const result = text.replace(this.index.pattern, '***');
    return result.includes(cutMark) ? maskCutSecrets(result, this.index) : result;
  }

  /**
   * What came over the wire, or a message quoting it, masked where it is handed on (a failure's
   * evidence, an observer's findings): the secrets learnt, and any credential after Bearer or Basic, one
   * the suite never learnt included (a probe's garbage token, a target's echo of another).
   */
  redactWire(text: string): string {
    return this.redact(text).replace(/\b(Bearer|Basic)\s+[^\s"',;]+/gi, '$1 ***');
  }

  redactHeaders(headers: Record<string, string>): Record<string, string> {
    return Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [
        name,
        name.toLowerCase() === 'authorization' ? maskAuthorization(value) : this.redactWire(value),
      ]),
    );
  }
}

/** The members of a connection's credentials (spec: Connection, "never returned"; the connection update's body). */
const institutionCredentials = Object.keys(credentialVariables);

/** The shortest secret masked, and the shortest start or end of a cut one: fewer characters mask ordinary text. */
const minimumLength = 4;

/** How every view of the suite marks what it cut short (src/report/shortened.ts, the validator's preview). */
const cutMark = '…';

/**
 * The forms a secret takes in what the suite writes or a target echoes: as given; inside a JSON string
 * (report.json, checks.json, an echoing body); percent-encoded in a URL and form-encoded in a query or
 * form body; as base64, alone or as RFC 7617's `key:` (Basic credentials); escaped for HTML and XML
 * (report.html, junit.xml), of the text or of its JSON; and in a markdown table cell (report.md).
 */
export function formsOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const forms = [
    secret,
    json,
    encodeURIComponent(secret),
    new URLSearchParams({ s: secret }).toString().slice('s='.length),
    Buffer.from(secret).toString('base64'),
    Buffer.from(`${secret}:`).toString('base64'),
    escape(secret),
    escape(json),
    secret.replaceAll('|', '\\|'),
  ];
  return [...new Set(forms)].filter((form) => form.length >= minimumLength);
}

interface SecretIndex {
  /** Every form of every secret in one pattern, the longest first: no secret left half shown where a shorter one is part of it. */
  pattern: RegExp;
  longest: number;
  /** The forms by their first and by their last characters, to find a cut one's start or end. */
  byStart: Map<string, string[]>;
  byEnd: Map<string, string[]>;
}

function indexOf(values: readonly string[]): SecretIndex {
  const forms = [...new Set(values.flatMap(formsOf))].sort((a, b) => b.length - a.length);
  const byStart = new Map<string, string[]>();
  const byEnd = new Map<string, string[]>();
  for (const form of forms) {
    for (const [map, key] of [
      [byStart, form.slice(0, minimumLength)],
      [byEnd, form.slice(-minimumLength)],
    ] as const)
      map.set(key, [...(map.get(key) ?? []), form]);
  }
  return {
    pattern: new RegExp(forms.map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g'),
    longest: forms[0]?.length ?? 0,
    byStart,
    byEnd,
  };
}

/**
 * A view that cuts a long text (a body's preview, a line that loses its middle) may cut through a secret,
 * so that no whole form of it is left to find: the start of a secret right before the cut mark, and the
 * end of one right after it, are masked too.
 */
function maskCutSecrets(text: string, index: SecretIndex): string {
  const masked: [number, number][] = [];
  for (let mark = text.indexOf(cutMark); mark !== -1; mark = text.indexOf(cutMark, mark + 1)) {
    // The longest start of a form that ends at the mark: one that begins furthest before it.
    for (let from = Math.max(0, mark - index.longest); from <= mark - minimumLength; from++) {
      const head = text.slice(from, mark);
      const forms = index.byStart.get(head.slice(0, minimumLength)) ?? [];
      if (forms.some((form) => form.length > head.length && form.startsWith(head))) {
        masked.push([from, mark]);
        break;
      }
    }
    const after = mark + cutMark.length;
    for (let to = Math.min(text.length, after + index.longest); to >= after + minimumLength; to--) {
      const tail = text.slice(after, to);
      const forms = index.byEnd.get(tail.slice(-minimumLength)) ?? [];
      if (forms.some((form) => form.length > tail.length && form.endsWith(tail))) {
        masked.push([after, to]);
        break;
      }
    }
  }
  let result = text;
  // From the last to the first, so each range's offsets still hold.
  for (const [from, to] of masked.sort((a, b) => b[0] - a[0]))
    result = `${result.slice(0, from)}***${result.slice(to)}`;
  return result;
}

function maskAuthorization(value: string): string {
  const scheme = value.split(/\s+/)[0] ?? '';
  return /^(basic|bearer)$/i.test(scheme) ? `${scheme} ***` : '***';
}

/**
 * The secrets a command may find in its environment: the API keys a run reads (FDS_API_KEY,
 * FDS_EXPIRY_API_KEY) and what a curl line's variables hold ($FDS_TOKEN, the credentials of a body),
 * which a person may have set in the shell that runs another command.
 */
export function secretsOfEnvironment(env: NodeJS.ProcessEnv): Secrets {
  const secrets = new Secrets();
  const names = [
    ...Object.values(curlVariables),
    'FDS_EXPIRY_API_KEY',
    ...Object.values(credentialVariables),
  ];
  for (const name of names) secrets.add(env[name]);
  return secrets;
}

/**
 * The key a run's writers give its workers (runner/reporters/check-collector.ts), so that the secrets a
 * worker learns travel to them sealed: a reporter of vitest's own that writes what a check reports (its
 * task meta) writes no secret.
 */
export function sealingKey(): string {
  return randomBytes(32).toString('base64');
}

export function sealSecrets(values: readonly string[], key: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'base64'), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

/** The secrets sealed under the key; throws on any other key, or on a seal that was altered. */
export function unsealSecrets(sealed: string, key: string): string[] {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key, 'base64'), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  return JSON.parse(text) as string[];
}

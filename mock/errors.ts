import { randomBytes, randomUUID } from 'node:crypto';
import type { MockReply, Route } from './router.ts';
import type { ErrorVariants } from './variants/types.ts';

/**
 * A refusal a handler throws; the server turns it into the spec's error list (spec: Errors, Error list).
 * `parameter` names the offending parameter in `source.parameter`.
 */
export class MockError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail: string,
    readonly parameter = '',
  ) {
    super(detail);
  }
}

export interface ErrorListBody {
  type: 'list';
  correlationId: string;
  data: { type: 'error'; code: string; title: string; detail: string; source: { parameter: string } }[];
}

export function errorList(error: MockError): ErrorListBody {
  return {
    type: 'list',
    correlationId: randomUUID(),
    data: [
      {
        type: 'error',
        code: error.code,
        title: error.title,
        detail: error.detail,
        source: { parameter: error.parameter },
      },
    ],
  };
}

/** The refusal every non-token endpoint gives an invalid parameter; enrich's code is fixed by the spec. */
export function parameterNotValid(parameter: string, detail: string): MockError {
  return new MockError(400, 'parameter-not-valid', 'Parameter not valid', detail, parameter);
}

export function notFound(parameter: string, detail: string): MockError {
  return new MockError(404, 'resource-not-found', 'Resource not found', detail, parameter);
}

/**
 * The details of refusals of a client's mistake. Each says which of three things is wrong, naming the
 * parameter: it is missing, it is malformed (what came, and what is expected), or it names something
 * the service does not know (what came, and what it knows). A developer reading only the detail can
 * fix the request.
 */
export const detail = {
  missing: (parameter: string) => `${parameter} is required`,
  /** A required parameter sent with no value: absent in effect, though the name came. */
  empty: (parameter: string) => `${parameter} is required, got an empty value`,
  /** `received` is `quoted(value)`, or `kindOf(value)` for a value a detail must not repeat. */
  malformed: (parameter: string, expected: string, received: string) =>
    `${parameter} must be ${expected}, got ${received}`,
  unknown: (what: string, received: string, known: string) => `unknown ${what} ${received}: ${known}`,
};

/** Characters of a received value a detail repeats: enough to recognise it, never a whole payload. */
const quotedLength = 40;
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f]/g;

/**
 * A received value as a detail repeats it: a string in single quotes (double quotes when it holds a
 * single quote, as filter expressions do), anything else as JSON; cut to `quotedLength` characters and
 * control characters escaped, so a detail stays one short line whatever was sent. Never for secrets
 * (passwords, security codes, API keys, tokens): those are described with `kindOf`.
 */
export function quoted(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const characters = [...text];
  const cut = characters.slice(0, quotedLength).join('') + (characters.length > quotedLength ? '…' : '');
  const escaped = cut.replace(
    controlCharacters,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (typeof value !== 'string') return escaped;
  return escaped.includes("'") ? `"${escaped}"` : `'${escaped}'`;
}

/** The JSON type of a received value, for a detail that must not repeat the value itself. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === '') return 'an empty string';
  const type = typeof value;
  return type === 'object' ? 'an object' : `a ${type}`;
}

type ErrorObject = Record<string, unknown> & { source?: { parameter?: unknown } | null };

/**
 * The error list as the errors variants show it (mock/variants/types.ts, ErrorVariants): readings of the
 * spec's error list that a conformant service may ship. Applied in the send path, to every error reply.
 */
export function varyErrorList(
  reply: MockReply,
  route: Route | undefined,
  variants: ErrorVariants | undefined,
): MockReply {
  const body = reply.body as { correlationId?: unknown; data?: unknown } | undefined;
  if (!variants || reply.status < 400 || !Array.isArray(body?.data)) return reply;
  let { correlationId } = body;
  if (typeof correlationId === 'string' && variants.correlationIdVersion === 'unversioned')
    correlationId = unversionedUuid();
  if (typeof correlationId === 'string' && variants.correlationIdCase === 'upper')
    correlationId = correlationId.toUpperCase();
  // Errors that name no parameter the client chose: none at all, or a resource the path names that does
  // not exist (a 404), where the mock names the placeholder.
  const namesNone = (error: ErrorObject) => error.source?.parameter === '' || reply.status === 404;
  const errors = (body.data as ErrorObject[]).map((error) =>
    namesNone(error) ? withoutParameter(error, variants.noParameterSource) : error,
  );
  // Only a bearer endpoint's body: the token table makes a malformed token request a 400.
  const malformed =
    route?.auth === 'bearer' &&
    reply.status === 400 &&
    errors.some((error) => error.source?.parameter === 'body');
  return {
    ...reply,
    status: malformed && variants.malformedBodyStatus ? variants.malformedBodyStatus : reply.status,
    body: { ...body, correlationId, data: errors },
    headers: variants.mediaType ? { ...reply.headers, 'content-type': variants.mediaType } : reply.headers,
  };
}

function withoutParameter(error: ErrorObject, form: ErrorVariants['noParameterSource']): ErrorObject {
  if (form === undefined) return error;
  const { source: _source, ...rest } = error;
  if (form === 'absent') return rest;
  return { ...rest, source: form === 'null' ? null : form === 'empty' ? {} : { parameter: null } };
}

/** Random hexadecimal digits in the 8-4-4-4-12 shape, with neither RFC 9562 version nor variant set. */
function unversionedUuid(): string {
  const bytes = randomBytes(16);
  bytes[6] = (bytes[6] ?? 0) & 0x0f;
  bytes[8] = (bytes[8] ?? 0) & 0x3f;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

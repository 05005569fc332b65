/**
 * Mutants: HTTP middlewares placed in front of an unmodified implementation, each breaking one
 * clause of the spec, together with a probe that tells whether a target honours that clause.
 */

/** The profile a running implementation describes itself with (structural copy, nothing imported). */
export interface Profile {
  baseUrl: string;
  apiKey: string;
  version: string;
  versionHeader: string;
  unsupportedVersion?: string;
  tokenExpiry?: { apiKey: string; maxWaitSeconds: number };
  readOnly: boolean;
  fixtures: {
    userId: string;
    connectionId: string;
    connectionPassword: string;
    institutionId: string;
    affordabilityId: string;
    emptyAffordabilityId: string;
    enrich: { institution: string; country: string; matchingQuery: string; noMatchQuery: string };
  };
}

export interface Target {
  baseUrl: string;
  profile: Profile;
}

/** One request as the proxy received it. `path` is below the base URL (it starts with `/`). */
export interface MutantRequest {
  method: string;
  path: string;
  /** The query string without its `?`; empty when there is none. */
  query: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: Buffer;
}

export interface MutantResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: Buffer;
}

export type Forward = (request: MutantRequest) => Promise<MutantResponse>;

export type Group =
  | 'token'
  | 'auth'
  | 'enrich'
  | 'users'
  | 'connections'
  | 'jobs'
  | 'institutions'
  | 'expenses'
  | 'affordability'
  | 'errors';

export interface Mutant {
  /** kebab-case, unique across rounds, prefixed by round: 'r1-...'. */
  name: string;
  group: Group;
  /** The spec text it breaks, verbatim from the spec. */
  clause: string;
  /** One sentence: why this is a violation under every reasonable reading. */
  why: string;
  /** Rewrites one exchange; `forward` sends a request to the clean upstream and returns its answer. */
  handle(request: MutantRequest, forward: Forward): Promise<MutantResponse>;
  /** Null when the target conforms to the clause, else a one-line description of the violation. */
  probe(target: Target): Promise<string | null>;
}

// ---------------------------------------------------------------------------------------------
// Helpers for handles: JSON bodies, query strings, routing.

/** A JSON object, loosely typed, for rewriting bodies. */
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The member as an object ({} when it is not one). */
export function obj(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

/** The member as an array ([] when it is not one). */
export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Parses a JSON body; undefined when it is empty or not JSON. */
export function readJson(message: { body: Buffer }): unknown {
  if (message.body.length === 0) return undefined;
  try {
    return JSON.parse(message.body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Parses a JSON body that must be an object; undefined otherwise. */
export function readJsonObject(message: { body: Buffer }): JsonObject | undefined {
  const value = readJson(message);
  return isObject(value) ? value : undefined;
}

/** A copy of the message with `value` as its JSON body. */
export function withJson<T extends MutantRequest | MutantResponse>(message: T, value: unknown): T {
  return { ...message, body: Buffer.from(JSON.stringify(value), 'utf8') };
}

/** A copy of the request with a form body. */
export function withForm(request: MutantRequest, form: URLSearchParams): MutantRequest {
  return { ...request, body: Buffer.from(form.toString(), 'utf8') };
}

export function readForm(request: MutantRequest): URLSearchParams {
  return new URLSearchParams(request.body.toString('utf8'));
}

export function queryOf(request: MutantRequest): URLSearchParams {
  return new URLSearchParams(request.query);
}

/** A copy of the request with another query string. */
export function withQuery(request: MutantRequest, query: URLSearchParams): MutantRequest {
  return { ...request, query: query.toString() };
}

/** A copy of the request with one header set (or removed with undefined). */
export function withHeader(request: MutantRequest, name: string, value: string | undefined): MutantRequest {
  const headers = { ...request.headers };
  if (value === undefined) delete headers[name.toLowerCase()];
  else headers[name.toLowerCase()] = value;
  return { ...request, headers };
}

/** Matches method and path; returns the captured groups, or null. */
export function route(request: MutantRequest, method: string, pattern: RegExp): string[] | null {
  if (request.method.toUpperCase() !== method) return null;
  const match = pattern.exec(request.path);
  return match ? match.slice(1).map((part) => decodeURIComponent(part)) : null;
}

export function isJsonResponse(response: MutantResponse): boolean {
  return (response.headers['content-type'] ?? '').toLowerCase().includes('json');
}

/** A JSON response from scratch. */
export function jsonResponse(status: number, value: unknown): MutantResponse {
  return {
    status,
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify(value), 'utf8'),
  };
}

/** An error-list response from scratch, in the spec's shape. */
export function errorResponse(
  status: number,
  code: string,
  detail: string,
  parameter?: string,
): MutantResponse {
  return jsonResponse(status, {
    type: 'list',
    correlationId: crypto.randomUUID(),
    data: [
      {
        type: 'error',
        code,
        title: code,
        detail,
        ...(parameter === undefined ? {} : { source: { parameter } }),
      },
    ],
  });
}

/** The bearer token of a request, if it carries one. */
export function bearerOf(request: MutantRequest): string | undefined {
  const match = /^bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** `YYYY-MM` arithmetic. */
export function addMonths(month: string, delta: number): string {
  const [year, mon] = month.split('-').map(Number);
  const index = (year ?? 0) * 12 + (mon ?? 1) - 1 + delta;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
}

export function currentMonth(): string {
  return new Date().toISOString().slice(0, 7);
}

import type { Judgement, ObservedRequest } from '../types.ts';
import { OperationMatcher } from '../../operations/match.ts';
import type { OperationName } from '../../operations/table.ts';
import type { ClientRequirementId } from '../../requirements/requirement-ids.generated.ts';

/**
 * One observed request read once for every rule of the judge (src/observe/clients/judge.ts): the operation of the
 * table it is addressed to, its query, its headers and, lazily, its body. Kept apart from the rules so each
 * rule file reads the request the same way and nothing is parsed twice on the mock's hot path.
 */

/** What a body turned out to be, read as JSON. */
export type JsonBody = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'value'; value: unknown };

export interface ClientRequest {
  request: ObservedRequest;
  /** The table's operation the method and path name; undefined for a request to none. */
  operation: OperationName | undefined;
  /** The path without its query, as sent. */
  pathname: string;
  /** The query, decoded (`+` a space, as forms encode it). */
  query: URLSearchParams;
  /** The first value of a header (its name in lower case), trimmed; undefined when absent. */
  header(name: string): string | undefined;
  /** The media type of Content-Type, lower case, without parameters; undefined when absent or empty. */
  mediaType: string | undefined;
  /** The body as UTF-8 text; undefined when the observer did not read it. */
  bodyText: string | undefined;
  /** The body read as JSON (parsed on first use); undefined when the observer did not read it. */
  json(): JsonBody | undefined;
}

/** The mock's reading of a path (match.ts): the judge never takes for an operation a request the mock refused. */
const matcher = new OperationMatcher('exact');

export function readRequest(request: ObservedRequest): ClientRequest {
  const target = request.path.split('#')[0] ?? '';
  const mark = target.indexOf('?');
  const pathname = mark < 0 ? target : target.slice(0, mark);
  const query = new URLSearchParams(mark < 0 ? '' : target.slice(mark + 1));
  const operation = matcher.operationOf(request.method, pathname)?.name;
  const header = (name: string): string | undefined => {
    const value = request.headers[name];
    const first = Array.isArray(value) ? value[0] : value;
    return first?.trim();
  };
  const mediaType = header('content-type')?.split(';')[0]?.trim().toLowerCase() || undefined;
  const bodyText = request.body?.toString('utf8');
  let parsed: JsonBody | undefined;
  const json = (): JsonBody | undefined => {
    if (bodyText === undefined) return undefined;
    if (parsed) return parsed;
    if (bodyText.trim() === '') parsed = { kind: 'empty' };
    else {
      try {
        parsed = { kind: 'value', value: JSON.parse(bodyText) as unknown };
      } catch {
        parsed = { kind: 'invalid' };
      }
    }
    return parsed;
  };
  return { request, operation, pathname, query, header, mediaType, bodyText, json };
}

/** `METHOD /path` of the request, for messages (no query: it may be long). */
export function requestLine(request: ClientRequest): string {
  return `${request.request.method.toUpperCase()} ${request.pathname}`;
}

/** A judgement of a client requirement, as every rule of the judge gives. */
export type ClientJudgement = Judgement<ClientRequirementId>;

export const held = (requirement: ClientRequirementId): ClientJudgement => ({ requirement, held: true });

export const broken = (requirement: ClientRequirementId, message: string): ClientJudgement => ({
  requirement,
  held: false,
  message,
});

/** A judgement either way: held when `message` is undefined, else broken with it. */
export const judged = (requirement: ClientRequirementId, message: string | undefined): ClientJudgement =>
  message === undefined ? held(requirement) : broken(requirement, message);

/** A short, single-line rendering of a value a client sent, for messages. */
export function shown(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

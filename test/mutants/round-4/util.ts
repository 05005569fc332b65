/** Helpers shared by the round-4 mutants and their probes. */
import { api, call, isErrorList, token } from '../client.ts';
import type { Reply } from '../client.ts';
import { arr, isJsonResponse, isObject, obj, readJson, str, withJson } from '../mutant.ts';
import type { Forward, JsonObject, MutantRequest, MutantResponse, Target } from '../mutant.ts';

export { api, call, token };

/** Resolves a link (absolute, host-relative or relative) against the target's base URL. */
export function resolveLink(target: Target, link: string): string {
  return new URL(link, target.baseUrl.endsWith('/') ? target.baseUrl : `${target.baseUrl}/`).href;
}

/** Follows a link with a token. */
export function follow(target: Target, link: string, tok: string): Promise<Reply> {
  return call(target, resolveLink(target, link), { token: tok });
}

export const enc = encodeURIComponent;

export function is2xx(status: number): boolean {
  return status >= 200 && status < 300;
}

/** Applies `edit` to a 2xx JSON object body; other answers pass unchanged. */
export function editJson(
  response: MutantResponse,
  edit: (body: JsonObject) => JsonObject | void,
): MutantResponse {
  if (!is2xx(response.status) || !isJsonResponse(response)) return response;
  const body = readJson(response);
  if (!isObject(body)) return response;
  const out = edit(body) ?? body;
  return withJson(response, out);
}

/** Applies `edit` to any JSON error-list body. */
export function editError(
  response: MutantResponse,
  edit: (body: JsonObject) => JsonObject | void,
): MutantResponse {
  if (response.status < 400) return response;
  const body = readJson(response);
  if (!isObject(body) || !Array.isArray(body.data)) return response;
  const out = edit(body) ?? body;
  return withJson(response, out);
}

/** First error object of an error-list body. */
export function firstError(response: MutantResponse): JsonObject {
  const body = readJson(response);
  return obj(arr(obj(body).data)[0]);
}

/** Whether a refusal is about the bearer credential. */
export function isAuthRefusal(response: MutantResponse): boolean {
  if (response.status === 401) return true;
  if (response.status < 400 || response.status >= 500) return false;
  const error = firstError(response);
  return error.code === 'invalid-grant' || obj(error.source).parameter === 'Authorization';
}

/** Remembers bearer tokens the service accepted, newest last (bounded). */
export class AcceptedTokens {
  private readonly tokens: string[] = [];

  note(tok: string | undefined, response: MutantResponse): void {
    if (tok === undefined || !is2xx(response.status)) return;
    const at = this.tokens.indexOf(tok);
    if (at !== -1) this.tokens.splice(at, 1);
    this.tokens.push(tok);
    if (this.tokens.length > 500) this.tokens.shift();
  }

  has(tok: string | undefined): boolean {
    return tok !== undefined && this.tokens.includes(tok);
  }

  /** Newest first, excluding `except`. */
  others(except?: string): string[] {
    return this.tokens.filter((t) => t !== except).reverse();
  }
}

/** Forwards with each remembered token in turn until one is accepted; null when none is. */
export async function replayWithAccepted(
  request: MutantRequest,
  forward: Forward,
  memory: AcceptedTokens,
  except?: string,
): Promise<MutantResponse | null> {
  for (const tok of memory.others(except).slice(0, 5)) {
    const headers = { ...request.headers, authorization: `Bearer ${tok}` };
    const answer = await forward({ ...request, headers });
    if (is2xx(answer.status)) {
      memory.note(tok, answer);
      return answer;
    }
  }
  return null;
}

/** The same identifier with its last character changed (stays in the same alphabet). */
export function alterLast(id: string): string {
  const last = id.slice(-1);
  let next: string;
  if (/[0-8]/.test(last)) next = String(Number(last) + 1);
  else if (last === '9') next = '0';
  else if (/[a-y]/.test(last)) next = String.fromCharCode(last.charCodeAt(0) + 1);
  else if (last === 'z') next = 'a';
  else if (/[A-Y]/.test(last)) next = String.fromCharCode(last.charCodeAt(0) + 1);
  else next = 'A';
  return `${id.slice(0, -1)}${next}`;
}

export function sameInstant(a: unknown, b: unknown): boolean {
  const x = Date.parse(str(a) ?? '');
  const y = Date.parse(str(b) ?? '');
  return !Number.isNaN(x) && x === y;
}

export function cents(amount: unknown): number {
  const text = str(amount) ?? '';
  const value = Number(text);
  return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
}

export const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function errorListOf(reply: Reply): boolean {
  return isErrorList(reply.json);
}

export function fixtureConnectionPath(target: Target): string {
  const { fixtures } = target.profile;
  return `/users/${enc(fixtures.userId)}/connections/${enc(fixtures.connectionId)}`;
}

/** All pages of a list from `first`, following links.next (host-relative links resolved). */
export async function pages(
  target: Target,
  tok: string,
  first: string,
  maxPages = 40,
): Promise<{ pages: JsonObject[]; failure?: string }> {
  const out: JsonObject[] = [];
  let next: string | undefined = first;
  while (next !== undefined && out.length < maxPages) {
    const url: string = out.length === 0 ? next : resolveLink(target, next);
    const reply = await call(target, url, { token: tok });
    if (reply.status !== 200) return { pages: out, failure: `${next} answered ${reply.status}` };
    const page = obj(reply.json);
    out.push(page);
    next = str(obj(page.links).next);
  }
  return { pages: out };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

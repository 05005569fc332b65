/** Helpers shared by the round-5 mutants: what a mutant learns of tokens, extra upstream calls, probe steps. */
import { api, walk } from '../client.ts';
import type { Page, Reply, Transaction } from '../client.ts';
import { arr, isJsonResponse, isObject, obj, readForm, readJson, route, str, withHeader } from '../mutant.ts';
import type { Forward, JsonObject, MutantRequest, MutantResponse, Target } from '../mutant.ts';

export const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---------------------------------------------------------------------------------------------
// Handles.

/** The tokens a mutant has seen issued, with the token request that issued each. */
export class TokenBook {
  private readonly issued = new Map<string, { request: MutantRequest; scope: string }>();
  /** The last SERVER_ACCESS token seen issued. */
  lastServer: string | undefined;

  /** Forwards a token request and records what it issued. */
  async pass(request: MutantRequest, forward: Forward): Promise<MutantResponse> {
    const response = await forward(request);
    this.record(request, response);
    return response;
  }

  record(request: MutantRequest, response: MutantResponse): void {
    if (response.status !== 200) return;
    const tok = str(obj(readJson(response)).access_token);
    if (tok === undefined) return;
    const scope = readForm(request).get('scope') ?? '';
    this.issued.set(tok, { request, scope });
    if (scope === 'SERVER_ACCESS') this.lastServer = tok;
  }

  scopeOf(tok: string | undefined): string | undefined {
    return tok === undefined ? undefined : this.issued.get(tok)?.scope;
  }

  /** Mints a fresh token with the same key, version and scope as the one that issued `tok`. */
  async remint(tok: string, forward: Forward): Promise<string | undefined> {
    const origin = this.issued.get(tok);
    if (!origin) return undefined;
    const response = await forward(origin.request);
    const fresh = str(obj(readJson(response)).access_token);
    if (response.status === 200 && fresh !== undefined) {
      this.issued.set(fresh, origin);
      return fresh;
    }
    return undefined;
  }
}

export function isTokenRequest(request: MutantRequest): boolean {
  return route(request, 'POST', /^\/token$/) !== null;
}

/** A GET to another path of the upstream, with the caller's credentials. */
export function getLike(from: MutantRequest, path: string, query = ''): MutantRequest {
  const headers: Record<string, string> = {};
  if (from.headers.authorization !== undefined) headers.authorization = from.headers.authorization;
  return { method: 'GET', path, query, headers, body: Buffer.alloc(0) };
}

/** The same request carrying another bearer token. */
export function withBearer(request: MutantRequest, tok: string): MutantRequest {
  return withHeader(request, 'authorization', `Bearer ${tok}`);
}

/** The JSON object of a response, or undefined when it is not one. */
export function jsonOf(response: MutantResponse): JsonObject | undefined {
  if (!isJsonResponse(response)) return undefined;
  const value = readJson(response);
  return isObject(value) ? value : undefined;
}

/** The entries of a list body's `data`, as objects. */
export function entries(body: JsonObject): JsonObject[] {
  return arr(body.data).filter(isObject);
}

export function isSuccess(response: MutantResponse): boolean {
  return response.status >= 200 && response.status < 300;
}

/** Decodes the base64url JSON cursor of the implementation under test; undefined when it is not one. */
export function decodeCursor(raw: string): JsonObject | undefined {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function encodeCursor(cursor: JsonObject): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

/** A UUID-shaped identifier that names nothing. */
export function freshUuid(): string {
  return crypto.randomUUID();
}

// ---------------------------------------------------------------------------------------------
// Probes.

/** Walks the fixture snapshot with a given limit and filter; throws when a page fails. */
export async function walkSnapshot(
  target: Target,
  tok: string,
  options: { limit?: number; filter?: string; maxPages?: number } = {},
): Promise<{ pages: Page[]; rows: Transaction[]; truncated: boolean }> {
  const { fixtures } = target.profile;
  const query = new URLSearchParams();
  if (options.limit !== undefined) query.set('limit', String(options.limit));
  if (options.filter !== undefined) query.set('filter', options.filter);
  const qs = query.toString();
  const first = `/users/${fixtures.userId}/affordability/${fixtures.affordabilityId}/transactions${qs === '' ? '' : `?${qs}`}`;
  const result = await walk(target, tok, first, options.maxPages ?? 80);
  if (result.failure !== undefined) throw new Error(result.failure);
  return { pages: result.pages, rows: result.pages.flatMap((p) => p.data), truncated: result.truncated };
}

/** Every account id of the fixture user, from the single retrieval of each of its connections. */
export async function fixtureAccountIds(target: Target, tok: string): Promise<string[]> {
  const { userId } = target.profile.fixtures;
  const list = await api(target, `/users/${userId}/connections`, tok);
  if (list.status !== 200) throw new Error(`connection list answered ${list.status}`);
  const ids: string[] = [];
  for (const entry of arr(obj(list.json).data).filter(isObject)) {
    const id = str(entry.id);
    if (id === undefined) continue;
    const detail = await api(target, `/users/${userId}/connections/${id}`, tok);
    if (detail.status !== 200) throw new Error(`connection ${id} answered ${detail.status}`);
    for (const account of arr(obj(obj(detail.json).accounts).data).filter(isObject)) {
      const accountId = str(account.id);
      if (accountId !== undefined) ids.push(accountId);
    }
  }
  return ids;
}

export function postExpenses(target: Target, tok: string, body: unknown, user?: string): Promise<Reply> {
  return api(target, `/users/${user ?? target.profile.fixtures.userId}/expenses`, tok, {
    method: 'POST',
    body,
  });
}

export const BLOCKS = [
  'cashWithdrawals',
  'bankFees',
  'externalTransfers',
  'loanInterests',
  'loanRepayments',
] as const;

/** The amounts of an expenses resource, as one comparable string (ids and links left out). */
export function expenseFingerprint(value: unknown): string {
  const body = obj(value);
  const blocks = BLOCKS.map((name) => `${name}=${str(obj(body[name]).avgMonthly) ?? '?'}`);
  const payments = arr(body.payments)
    .filter(isObject)
    .map((p) => `${str(p.division) ?? '?'}:${str(p.avgMonthly) ?? '?'}`)
    .sort();
  return [...blocks, ...payments].join('|');
}

/** The sum of every amount an expenses resource reports, as a number. */
export function expenseTotal(value: unknown): number {
  const body = obj(value);
  let total = 0;
  for (const name of BLOCKS) total += Math.abs(Number(str(obj(body[name]).avgMonthly) ?? 0));
  for (const p of arr(body.payments).filter(isObject)) total += Math.abs(Number(str(p.avgMonthly) ?? 0));
  return total;
}

/** Every `changeHistory` entry of an expenses resource (blocks and payment sub-categories). */
export function historyDates(value: unknown): string[] {
  const body = obj(value);
  const dates: string[] = [];
  const collect = (history: unknown) => {
    for (const entry of arr(history).filter(isObject)) {
      const date = str(entry.date);
      if (date !== undefined) dates.push(date);
    }
  };
  for (const name of BLOCKS) collect(obj(body[name]).changeHistory);
  for (const p of arr(body.payments).filter(isObject)) {
    for (const sub of arr(p.subCategory).filter(isObject)) collect(sub.changeHistory);
  }
  return dates;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The enrich path with the fixture institution and country unless overridden. */
export function enrichPath(target: Target, params: Record<string, string | undefined>): string {
  const { enrich } = target.profile.fixtures;
  const query = new URLSearchParams();
  const all: Record<string, string | undefined> = {
    institution: enrich.institution,
    country: enrich.country,
    ...params,
  };
  for (const [name, value] of Object.entries(all)) if (value !== undefined) query.set(name, value);
  return `/enrich?${query.toString()}`;
}

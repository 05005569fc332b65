/** Helpers shared by the round-3 mutants: JSON rewriting, side requests, probe views. */
import { createHash } from 'node:crypto';
import { api, walk } from '../client.ts';
import type { Connection, ConnectionList, Expenses, Page, Reply, Transaction } from '../client.ts';
import { arr, isJsonResponse, isObject, obj, readJsonObject, str, withJson } from '../mutant.ts';
import type { Forward, JsonObject, MutantRequest, MutantResponse, Target } from '../mutant.ts';

export const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isSuccess(response: MutantResponse): boolean {
  return response.status >= 200 && response.status < 300;
}

/** Rewrites a successful JSON object answer; anything else passes unchanged. */
export function rewriteSuccess(
  response: MutantResponse,
  change: (body: JsonObject) => JsonObject | void,
): MutantResponse {
  if (!isSuccess(response) || !isJsonResponse(response)) return response;
  const body = readJsonObject(response);
  if (body === undefined) return response;
  return withJson(response, change(body) ?? body);
}

/** Rewrites an error-list answer (status >= 400); anything else passes unchanged. */
export function rewriteError(
  response: MutantResponse,
  change: (body: JsonObject) => JsonObject | void,
): MutantResponse {
  if (response.status < 400) return response;
  const body = readJsonObject(response);
  if (body === undefined || body.type !== 'list' || !Array.isArray(body.data)) return response;
  return withJson(response, change(body) ?? body);
}

/** A GET request to another path carrying the same credentials as `request`. */
export function sideGet(request: MutantRequest, path: string, query = ''): MutantRequest {
  const headers = { ...request.headers };
  delete headers['content-type'];
  delete headers['content-length'];
  return { method: 'GET', path, query, headers, body: Buffer.alloc(0) };
}

/** GETs a JSON object through `forward`; undefined unless it answered 2xx with an object. */
export async function sideJson(
  forward: Forward,
  request: MutantRequest,
  path: string,
  query = '',
): Promise<JsonObject | undefined> {
  const response = await forward(sideGet(request, path, query));
  return isSuccess(response) ? readJsonObject(response) : undefined;
}

/** The code of the first error of an error-list body. */
export function firstCode(body: JsonObject): string | undefined {
  return str(obj(arr(body.data)[0]).code);
}

/** `links.self` with its query replaced by `query` (so a rewritten request still names the original one). */
export function selfWithQuery(self: string, query: string): string {
  const base = self.split('?')[0] ?? self;
  return query === '' ? base : `${base}?${query}`;
}

/** Restores `links.self` of an answer to the query the client sent. */
export function restoreSelf(body: JsonObject, query: string): void {
  const links = obj(body.links);
  const self = str(links.self);
  if (self !== undefined) links.self = selfWithQuery(self, query);
}

/** A UUID-shaped string derived from `seed` (stable for the same seed). */
export function uuidFrom(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Decimal string arithmetic in cents. */
export function toCents(amount: string): number {
  return Math.round(Number(amount) * 100);
}
export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function isObjectValue(value: unknown): value is JsonObject {
  return isObject(value);
}

// ---------------------------------------------------------------------------------------------
// Probe views.

export async function listConnections(target: Target, tok: string, userId: string): Promise<Connection[]> {
  const reply = await api(target, `/users/${userId}/connections`, tok);
  if (reply.status !== 200) throw new Error(`connection list answered ${reply.status}`);
  return (reply.json as ConnectionList).data;
}

export async function connectionDetail(
  target: Target,
  tok: string,
  userId: string,
  connectionId: string,
): Promise<Connection> {
  const reply = await api(target, `/users/${userId}/connections/${connectionId}`, tok);
  if (reply.status !== 200) throw new Error(`connection ${connectionId} answered ${reply.status}`);
  return reply.json as Connection;
}

/** The user's connections in list order, each with its institution and account ids (from the detail). */
export async function userAccounts(
  target: Target,
  tok: string,
  userId: string,
): Promise<{ id: string; institution: string; accounts: string[] }[]> {
  const out: { id: string; institution: string; accounts: string[] }[] = [];
  for (const connection of await listConnections(target, tok, userId)) {
    const detail = await connectionDetail(target, tok, userId, connection.id);
    out.push({
      id: connection.id,
      institution: connection.institution.id,
      accounts: (detail.accounts?.data ?? []).map((a) => a.id),
    });
  }
  return out;
}

export async function postExpenses(target: Target, tok: string, body: unknown): Promise<Reply> {
  return api(target, `/users/${target.profile.fixtures.userId}/expenses`, tok, { method: 'POST', body });
}

export async function expenses(target: Target, tok: string, body: unknown): Promise<Expenses> {
  const reply = await postExpenses(target, tok, body);
  if (reply.status !== 200) throw new Error(`expenses answered ${reply.status}`);
  return reply.json as Expenses;
}

/** Every history of an expenses resource: blocks by name, payments by division and class code. */
export function histories(resource: Expenses): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  const add = (key: string, entries: unknown) => {
    const months = new Map<string, string>();
    for (const entry of arr(entries)) {
      const date = str(obj(entry).date);
      const amount = str(obj(entry).amount);
      if (date !== undefined && amount !== undefined) months.set(date, amount);
    }
    out.set(key, months);
  };
  for (const name of [
    'cashWithdrawals',
    'bankFees',
    'externalTransfers',
    'loanInterests',
    'loanRepayments',
  ]) {
    add(name, obj((resource as unknown as JsonObject)[name]).changeHistory);
  }
  for (const payment of arr(resource.payments)) {
    for (const sub of arr(obj(payment).subCategory)) {
      const code = str(obj(obj(obj(sub).category).expenseClass).classCode) ?? '?';
      add(`payments:${code}`, obj(sub).changeHistory);
    }
  }
  return out;
}

/** Compares two sets of histories; the first difference found, or null. */
export function historyDifference(
  left: Map<string, Map<string, string>>,
  right: Map<string, Map<string, string>>,
  months?: readonly string[],
): string | null {
  const keys = new Set([...left.keys(), ...right.keys()]);
  for (const key of keys) {
    const a = left.get(key) ?? new Map<string, string>();
    const b = right.get(key) ?? new Map<string, string>();
    const dates = months ?? [...new Set([...a.keys(), ...b.keys()])];
    for (const date of dates) {
      const x = toCents(a.get(date) ?? '0');
      const y = toCents(b.get(date) ?? '0');
      if (x !== y) return `${key} ${date}: ${a.get(date) ?? 'absent'} vs ${b.get(date) ?? 'absent'}`;
    }
  }
  return null;
}

/** All transactions of a snapshot (following links.next). */
export async function allTransactions(target: Target, tok: string, first: string): Promise<Transaction[]> {
  const result = await walk(target, tok, first);
  if (result.failure !== undefined) throw new Error(result.failure);
  if (result.truncated) throw new Error('too many pages');
  return result.pages.flatMap((page: Page) => page.data);
}

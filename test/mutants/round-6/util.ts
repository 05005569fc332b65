/** Helpers shared by the round-6 mutants and their probes. */
import { api, isErrorList } from '../client.ts';
import type { Reply } from '../client.ts';
import { arr, isObject, obj, readJsonObject, str, withJson } from '../mutant.ts';
import type { JsonObject, MutantRequest, MutantResponse, Target } from '../mutant.ts';

/** Resolves a link from a body (absolute, host-relative or base-relative) to an absolute URL. */
export function resolveLink(target: Target, link: string): string {
  const base = target.baseUrl.endsWith('/') ? target.baseUrl : `${target.baseUrl}/`;
  return new URL(link, base).href;
}

/** A copy of the response with its JSON object body edited in place; other bodies pass unchanged. */
export function editJson(response: MutantResponse, edit: (body: JsonObject) => void): MutantResponse {
  const body = readJsonObject(response);
  if (body === undefined) return response;
  edit(body);
  return withJson(response, body);
}

export function isSuccess(response: { status: number }): boolean {
  return response.status >= 200 && response.status < 300;
}

/** The error objects of an error-list body ([] when it is not one). */
export function errorsOf(body: unknown): JsonObject[] {
  return arr(obj(body).data).filter(isObject);
}

/** The code of the first error object of a response body, if any. */
export function firstCode(response: MutantResponse): string | undefined {
  return str(errorsOf(readJsonObject(response))[0]?.code);
}

/** The first error object of a reply, when it is an error list. */
export function firstError(reply: Reply): JsonObject | undefined {
  return isErrorList(reply.json) ? errorsOf(reply.json)[0] : undefined;
}

export function sourceParameter(error: JsonObject | undefined): string | undefined {
  return str(obj(error?.source).parameter);
}

/** The scope named in a token request's form body, upper-cased ('' when absent). */
export function scopeOf(request: MutantRequest): string {
  return (new URLSearchParams(request.body.toString('utf8')).get('scope') ?? '').trim().toUpperCase();
}

/** The access token of a token response, if it is one. */
export function accessTokenOf(response: MutantResponse): string | undefined {
  return isSuccess(response) ? str(readJsonObject(response)?.access_token) : undefined;
}

export function isTokenRequest(request: MutantRequest): boolean {
  return request.method.toUpperCase() === 'POST' && /^\/token\/?$/.test(request.path);
}

/** A request for another path (and query) below the base, with the same headers. */
export function sibling(request: MutantRequest, path: string, query = '', method = 'GET'): MutantRequest {
  return { method, path, query, headers: { ...request.headers }, body: Buffer.alloc(0) };
}

/** A JSON body request for another path, with the same headers. */
export function siblingJson(request: MutantRequest, path: string, body: unknown): MutantRequest {
  return {
    method: 'POST',
    path,
    query: '',
    headers: { ...request.headers, 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify(body), 'utf8'),
  };
}

/** `YYYY-MM` to a month index; NaN when it is not one. */
export function monthIndex(month: string): number {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return Number.NaN;
  return Number(match[1]) * 12 + Number(match[2]) - 1;
}

/** A decimal string in cents (NaN when it is not a number). */
export function cents(amount: unknown): number {
  return typeof amount === 'string' || typeof amount === 'number' ? Math.round(Number(amount) * 100) : NaN;
}

export const SUMMARY_BLOCKS = [
  'cashWithdrawals',
  'bankFees',
  'externalTransfers',
  'loanInterests',
  'loanRepayments',
] as const;

/** Every change history of an expenses body: the five blocks, and each payment sub-category. */
export function histories(body: unknown): { key: string; entries: JsonObject[] }[] {
  const expenses = obj(body);
  const out: { key: string; entries: JsonObject[] }[] = SUMMARY_BLOCKS.map((name) => ({
    key: name,
    entries: arr(obj(expenses[name]).changeHistory).filter(isObject),
  }));
  for (const payment of arr(expenses.payments).filter(isObject)) {
    for (const sub of arr(payment.subCategory).filter(isObject)) {
      const code = str(obj(obj(sub.category).expenseClass).classCode) ?? '';
      out.push({
        key: `payments/${str(payment.division) ?? ''}/${code}`,
        entries: arr(sub.changeHistory).filter(isObject),
      });
    }
  }
  return out;
}

/** Sum per month over every change history of an expenses body, in cents. */
export function monthlyTotals(body: unknown): Map<string, number> {
  const totals = new Map<string, number>();
  for (const { entries } of histories(body)) {
    for (const entry of entries) {
      const date = str(entry.date) ?? '';
      totals.set(date, (totals.get(date) ?? 0) + cents(entry.amount));
    }
  }
  return totals;
}

/** The ids of the accounts of the fixture user, grouped by connection (single retrieval of each). */
export async function accountsByConnection(target: Target, tok: string): Promise<string[][]> {
  const user = target.profile.fixtures.userId;
  const list = await api(target, `/users/${user}/connections`, tok);
  if (list.status !== 200) throw new Error(`connection list answered ${list.status}`);
  const groups: string[][] = [];
  for (const connection of arr(obj(list.json).data).filter(isObject)) {
    const id = str(connection.id) ?? '';
    const single = await api(target, `/users/${user}/connections/${encodeURIComponent(id)}`, tok);
    if (single.status !== 200) throw new Error(`connection ${id} answered ${single.status}`);
    const ids = arr(obj(obj(single.json).accounts).data)
      .filter(isObject)
      .map((account) => str(account.id) ?? '')
      .filter((accountId) => accountId !== '');
    groups.push(ids);
  }
  return groups;
}

/** A random lower-case base-36 string. */
export function randomToken(length: number): string {
  let out = '';
  while (out.length < length) out += Math.random().toString(36).slice(2);
  return out.slice(0, length);
}

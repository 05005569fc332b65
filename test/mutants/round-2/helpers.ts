/** Shared pieces of round 2: body rewriting for handles, link resolution and fixture walks for probes. */
import { api, call } from '../client.ts';
import type { Connection, ConnectionList, InstitutionList, Job, Page, Reply } from '../client.ts';
import { isJsonResponse, isObject, readJson, withJson } from '../mutant.ts';
import type { Forward, JsonObject, MutantRequest, MutantResponse, Target } from '../mutant.ts';

export function ok(status: number): boolean {
  return status >= 200 && status < 300;
}

/** Rewrites a successful JSON object body; every other answer passes unchanged. */
export function editJson(
  response: MutantResponse,
  edit: (body: JsonObject) => JsonObject | undefined | void,
): MutantResponse {
  if (!ok(response.status) || !isJsonResponse(response)) return response;
  const body = readJson(response);
  if (!isObject(body)) return response;
  const result = edit(body);
  return withJson(response, result ?? body);
}

/** Rewrites an error-list body (any status); every other answer passes unchanged. */
export function editError(
  response: MutantResponse,
  edit: (body: JsonObject, first: JsonObject) => void,
): MutantResponse {
  const body = readJson(response);
  if (!isObject(body) || !Array.isArray(body.data)) return response;
  const first: unknown = body.data[0];
  if (!isObject(first)) return response;
  edit(body, first);
  return withJson(response, body);
}

/** The code of the first error of an error-list answer. */
export function codeOf(response: MutantResponse): string | undefined {
  const body = readJson(response);
  if (!isObject(body) || !Array.isArray(body.data)) return undefined;
  const first: unknown = body.data[0];
  return isObject(first) && typeof first.code === 'string' ? first.code : undefined;
}

/** The `source.parameter` of the first error of an error-list answer. */
export function parameterOf(response: MutantResponse): string | undefined {
  const body = readJson(response);
  if (!isObject(body) || !Array.isArray(body.data)) return undefined;
  const first: unknown = body.data[0];
  if (!isObject(first) || !isObject(first.source)) return undefined;
  return typeof first.source.parameter === 'string' ? first.source.parameter : undefined;
}

/** A GET below the base URL carrying the same Authorization as `from`. */
export function getLike(from: MutantRequest, path: string, query = ''): MutantRequest {
  const headers: Record<string, string> = {};
  if (from.headers.authorization !== undefined) headers.authorization = from.headers.authorization;
  return { method: 'GET', path, query, headers, body: Buffer.alloc(0) };
}

/** GETs a path through the clean upstream; the JSON body of a 2xx answer, else undefined. */
export async function fetchJson(
  forward: Forward,
  from: MutantRequest,
  path: string,
  query = '',
): Promise<unknown> {
  const response = await forward(getLike(from, path, query));
  return ok(response.status) ? readJson(response) : undefined;
}

/** A link (absolute or host-relative) made absolute against the base URL. */
export function resolve(target: Target, href: string): string {
  return new URL(href, target.baseUrl).toString();
}

/** The last path segment of a link, decoded. */
export function lastSegment(href: string): string {
  const path = new URL(href, 'http://link.invalid').pathname.replace(/\/+$/, '');
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
}

/** The link with `name` removed from (or changed in) its query string. */
export function editLinkQuery(href: string, edit: (query: URLSearchParams) => void): string {
  const at = href.indexOf('?');
  if (at === -1) return href;
  const query = new URLSearchParams(href.slice(at + 1));
  edit(query);
  const text = query.toString();
  return text === '' ? href.slice(0, at) : `${href.slice(0, at)}?${text}`;
}

export function expectStatus(reply: Reply, status: number, what: string): void {
  if (reply.status !== status) throw new Error(`${what} answered ${reply.status}`);
}

// ---------------------------------------------------------------------------------------------
// Probe-side fixture reads.

export async function listConnections(target: Target, tok: string, query = ''): Promise<ConnectionList> {
  const { userId } = target.profile.fixtures;
  const reply = await api(target, `/users/${userId}/connections${query === '' ? '' : `?${query}`}`, tok);
  expectStatus(reply, 200, 'connection list');
  return reply.json as ConnectionList;
}

export async function connectionDetail(target: Target, tok: string, id: string): Promise<Connection> {
  const { userId } = target.profile.fixtures;
  const reply = await api(target, `/users/${userId}/connections/${encodeURIComponent(id)}`, tok);
  expectStatus(reply, 200, `connection ${id}`);
  return reply.json as Connection;
}

/** The account ids of every connection of the fixture user, per connection. */
export async function accountsByConnection(target: Target, tok: string): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const connection of (await listConnections(target, tok)).data) {
    const detail = await connectionDetail(target, tok, connection.id);
    out.set(
      connection.id,
      (detail.accounts?.data ?? []).map((a) => a.id),
    );
  }
  return out;
}

export async function listInstitutions(target: Target, tok: string, query = ''): Promise<InstitutionList> {
  const reply = await api(target, `/institutions${query === '' ? '' : `?${query}`}`, tok);
  expectStatus(reply, 200, 'institution list');
  return reply.json as InstitutionList;
}

export function filterQuery(...filters: string[]): string {
  const query = new URLSearchParams();
  for (const f of filters) query.append('filter', f);
  return query.toString();
}

/** The enrich path with the fixture's q, institution and country, changed by `extra` (undefined drops). */
export function enrichPath(target: Target, extra: Record<string, string | undefined> = {}): string {
  const { enrich } = target.profile.fixtures;
  const params: Record<string, string | undefined> = {
    q: enrich.matchingQuery,
    institution: enrich.institution,
    country: enrich.country,
    ...extra,
  };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, value);
  return `/enrich?${query.toString()}`;
}

/** Starts a job by updating the fixture connection; the 202 body and an immediate read of the job. */
export async function freshJob(target: Target, tok: string): Promise<{ accepted: Job; read: Job }> {
  const { fixtures } = target.profile;
  const reply = await api(target, `/users/${fixtures.userId}/connections/${fixtures.connectionId}`, tok, {
    method: 'POST',
    body: { password: fixtures.connectionPassword },
  });
  expectStatus(reply, 202, 'connection update');
  const accepted = reply.json as Job;
  const read = await call(target, resolve(target, accepted.links.self), { token: tok });
  expectStatus(read, 200, 'job read');
  return { accepted, read: read.json as Job };
}

/** Walks the affordability pages from `first` (a path below the base URL), resolving host-relative links. */
export async function walkPages(target: Target, tok: string, first: string, maxPages = 80): Promise<Page[]> {
  const pages: Page[] = [];
  let next: string | undefined = `${target.baseUrl}${first}`;
  while (next !== undefined) {
    if (pages.length >= maxPages) throw new Error('too many pages');
    const reply = await call(target, next, { token: tok });
    expectStatus(reply, 200, 'affordability page');
    const page = reply.json as Page;
    pages.push(page);
    next = page.links.next === undefined ? undefined : resolve(target, page.links.next);
  }
  return pages;
}

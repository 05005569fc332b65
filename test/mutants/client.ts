/** A small HTTP client for probes: tokens, calls, and typed views of the spec's resources. */
import type { Target } from './mutant.ts';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

export interface CallOptions {
  method?: string;
  /** Bearer token; null sends no Authorization header. */
  token?: string | null;
  headers?: Record<string, string>;
  /** A JSON body (objects are serialised, strings sent as they are). */
  body?: unknown;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Sends a request to `path` below the base URL, or to an absolute URL. */
export async function call(target: Target, path: string, options: CallOptions = {}): Promise<Reply> {
  const url = /^https?:\/\//.test(path) ? path : `${target.baseUrl}${path}`;
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const response = await fetch(url, { method: options.method ?? 'GET', headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: parse(text) };
}

export interface TokenOptions {
  apiKey?: string;
  scope?: string | null;
  version?: string | null;
}

/** POST /token with the profile's key and version unless told otherwise. */
export function requestToken(target: Target, options: TokenOptions = {}): Promise<Reply> {
  const { profile } = target;
  const headers: Record<string, string> = {
    Authorization: `Basic ${options.apiKey ?? profile.apiKey}`,
    'Content-Type': 'application/x-www-form-urlencoded',
  };
  const version = options.version === undefined ? profile.version : options.version;
  if (version !== null) headers[profile.versionHeader] = version;
  const scope = options.scope === undefined ? 'SERVER_ACCESS' : options.scope;
  return call(target, '/token', {
    method: 'POST',
    headers,
    body: scope === null ? '' : new URLSearchParams({ scope }).toString(),
  });
}

export interface TokenBody {
  access_token: string;
  token_type: string;
  expires_in: number;
}

/** A fresh bearer token (SERVER_ACCESS by default); throws when the endpoint refuses. */
export async function token(target: Target, options: TokenOptions = {}): Promise<string> {
  const reply = await requestToken(target, options);
  const body = reply.json as Partial<TokenBody> | undefined;
  if (reply.status !== 200 || typeof body?.access_token !== 'string') {
    throw new Error(`token endpoint answered ${reply.status}`);
  }
  return body.access_token;
}

/** An authenticated call with a fresh SERVER_ACCESS token per probe (pass one in to reuse it). */
export async function api(
  target: Target,
  path: string,
  tok: string,
  options: Omit<CallOptions, 'token'> = {},
): Promise<Reply> {
  return call(target, path, { ...options, token: tok });
}

// ---------------------------------------------------------------------------------------------
// Views of resources (probes treat them as untrusted: a missing member is a violation).

export interface ErrorObject {
  type: string;
  code: string;
  title: string;
  detail: string;
  source?: { parameter?: string };
}
export interface ErrorList {
  type: string;
  correlationId: string;
  data: ErrorObject[];
}

export interface EnrichResult {
  type: string;
  direction: string;
  class: string;
  data: { merchant: unknown; location: unknown; category: unknown };
  links: { self: string; 'logo-master': string | null; 'logo-thumb': string | null };
}

export interface UserResource {
  type: string;
  id: string;
  email?: string;
  mobile?: string;
  firstName?: string;
  lastName?: string;
  links: { self: string };
}

export interface Account {
  type: string;
  id: string;
}
export interface Connection {
  type: string;
  id: string;
  status: string;
  institution: { type: string; id: string; links: { self: string } };
  accounts?: { type: string; data: Account[] };
  links: { self: string; accounts: string; transactions: string; institution?: string };
}
export interface ConnectionList {
  type: string;
  data: Connection[];
  links: { self: string };
}

export interface Step {
  title: string;
  status: string;
  result: null | { type: string; url: string };
}
export interface Job {
  type: string;
  id: string;
  created: string;
  updated: string;
  steps: Step[];
  links: { self: string; source: string };
}

export interface Institution {
  type: string;
  id: string;
  country: string;
  tier: string;
  serviceType: string;
  institutionType: string;
  stage: string;
  links: { self: string };
}
export interface InstitutionList {
  type: string;
  totalCount: number;
  data: Institution[];
}

export interface HistoryEntry {
  date: string;
  amount: string;
}
export interface SummaryBlock {
  avgMonthly: string;
  summary: string;
  changeHistory: HistoryEntry[];
}
export interface PaymentEntry {
  division: string;
  avgMonthly: string;
  percentageTotal: number;
  subCategory: { summary: string; changeHistory: HistoryEntry[] }[];
}
export const BLOCK_NAMES = [
  'cashWithdrawals',
  'bankFees',
  'externalTransfers',
  'loanInterests',
  'loanRepayments',
] as const;
export type Expenses = {
  type: string;
  id: string;
  fromMonth: string;
  toMonth: string;
  payments: PaymentEntry[];
  links: { self: string; accounts: string[] };
} & Record<(typeof BLOCK_NAMES)[number], SummaryBlock>;

export interface Transaction {
  type: string;
  id: string;
  status: string;
  description: string;
  amount: string;
  account: string;
  direction: string;
  class: string;
  institution: string;
  postDate: string;
  subClass: unknown;
  links: Record<string, string>;
}
export interface Page {
  type: string;
  count: number;
  size: number;
  data: Transaction[];
  links: { self: string; next?: string };
}

// ---------------------------------------------------------------------------------------------
// Shared steps.

export function isErrorList(value: unknown): value is ErrorList {
  const list = value as Partial<ErrorList> | undefined;
  return (
    typeof list === 'object' &&
    list !== null &&
    list.type === 'list' &&
    Array.isArray(list.data) &&
    list.data.length > 0 &&
    list.data.every((e) => e.type === 'error' && typeof e.code === 'string')
  );
}

/** The code of the first error of an error list, if any. */
export function errorCode(reply: Reply): string | undefined {
  return isErrorList(reply.json) ? reply.json.data[0]?.code : undefined;
}

export function affordabilityPath(target: Target, snapshot?: string, user?: string): string {
  const { fixtures } = target.profile;
  return `/users/${user ?? fixtures.userId}/affordability/${snapshot ?? fixtures.affordabilityId}/transactions`;
}

/** Follows links.next from `first`; stops after `maxPages` pages. */
export async function walk(
  target: Target,
  tok: string,
  first: string,
  maxPages = 60,
): Promise<{ pages: Page[]; truncated: boolean; failure?: string }> {
  const pages: Page[] = [];
  let next: string | undefined = first;
  while (next !== undefined) {
    if (pages.length >= maxPages) return { pages, truncated: true };
    const reply = await api(target, next, tok);
    if (reply.status !== 200) return { pages, truncated: false, failure: `${next} answered ${reply.status}` };
    const page = reply.json as Page;
    pages.push(page);
    next = page.links.next;
  }
  return { pages, truncated: false };
}

/** Creates a user with a unique e-mail address. */
export async function createUser(
  target: Target,
  tok: string,
  extra: Record<string, unknown> = {},
): Promise<Reply> {
  return api(target, '/users', tok, {
    method: 'POST',
    body: { email: `probe.${crypto.randomUUID().slice(0, 8)}@example.com`, ...extra },
  });
}

/** Updates the fixture connection with its right password; answers the update reply. */
export function updateFixtureConnection(target: Target, tok: string): Promise<Reply> {
  const { fixtures } = target.profile;
  return api(target, `/users/${fixtures.userId}/connections/${fixtures.connectionId}`, tok, {
    method: 'POST',
    body: { password: fixtures.connectionPassword },
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs a probe body; an exception (unexpected shape, refused call) is reported as a violation. */
export async function guarded(body: () => Promise<string | null>): Promise<string | null> {
  try {
    return await body();
  } catch (error) {
    return `probe could not complete: ${error instanceof Error ? error.message : String(error)}`;
  }
}

export const RANDOM_UUID = '3f1c2b9e-8d7a-4c6b-9e5f-0a1b2c3d4e5f';

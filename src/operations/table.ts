import { profileDefaults } from '../profile/profile.ts';
import type { SuiteGroup } from '../requirements/groups.ts';

/**
 * The operations of the interface, written once (docs/decisions/006-one-operations-table.md): the spec's
 * endpoints in its order (spec: Endpoints), then the mock's own. The mock's router serves each by its
 * name, the OpenAPI document describes each by its name, the auth checks probe every bearer operation of
 * the spec, and test/operations/table.test.ts fails when any of them lacks one. Adding an operation is one
 * entry here; the type checker then names every consumer that has yet to take it.
 */

/** A query or header parameter: where it goes and whether the operation needs it. */
export interface Parameter {
  name: string;
  in: 'query' | 'header';
  required: boolean;
}

export interface Operation {
  method: 'GET' | 'POST' | 'DELETE';
  /**
   * Path pattern with `:name` segments, as the mock matches it: the spec's `{user.id}` is `:userId`
   * (`specPath` writes it back in the spec's words). Path parameters are its segments, each required.
   */
  path: string;
  /**
   * The endpoint group (the CLI's `--only` names; `auth` is every group's), or `mockOwnGroup` for the
   * endpoints only the mock serves.
   */
  group: Exclude<SuiteGroup, 'auth'> | typeof mockOwnGroup;
  /** `basic` for the token endpoint (API key), `bearer` for every other endpoint (spec: Authentication). */
  auth: 'basic' | 'bearer';
  /** The body's media type, for an operation that takes one; its members are the schemas' (schemas/). */
  body?: 'json' | 'form';
  /** Whether the answer is a page whose `links.next` names the next one (spec: Paging). */
  pages: boolean;
  parameters: readonly Parameter[];
}

/**
 * The group of the endpoints the spec only references by links ("shapes: not shown"), which the mock
 * serves as extensions of its own (docs/mock.md#what-the-mock-adds): the reads, so that every link it hands out
 * resolves, and creating and deleting a connection, in the real service's shapes. `specOnly` turns them off.
 */
export const mockOwnGroup = 'mock-own' as const;

const versionHeader: Parameter = { name: profileDefaults.versionHeader, in: 'header', required: true };

/** `limit`, `filter` and `next` of the affordability transaction list, which the mock's own lists take too. */
const transactionListQuery: readonly Parameter[] = [
  { name: 'limit', in: 'query', required: false },
  { name: 'filter', in: 'query', required: false },
  { name: 'next', in: 'query', required: false },
];

/**
 * The accounts lists' `filter`, in the connections filter's expression shape on the account's `id`,
 * `status`, `connection.id` and `institution.id` (mock/routes/accounts.ts).
 */
const accountListQuery: readonly Parameter[] = [{ name: 'filter', in: 'query', required: false }];

/** What the mock's own have in common: behind the bearer header, like the spec's; a GET but where one says. */
const mockOwn = { method: 'GET', group: mockOwnGroup, auth: 'bearer' } as const;

export const operations = {
  issueToken: {
    method: 'POST',
    path: '/token',
    group: 'token',
    auth: 'basic',
    body: 'form',
    pages: false,
    parameters: [versionHeader],
  },
  enrich: {
    method: 'GET',
    path: '/enrich',
    group: 'enrich',
    auth: 'bearer',
    pages: false,
    parameters: [
      { name: 'q', in: 'query', required: true },
      { name: 'institution', in: 'query', required: true },
      { name: 'country', in: 'query', required: true },
      { name: 'mcc', in: 'query', required: false },
      { name: 'accountType', in: 'query', required: false },
      { name: 'amount', in: 'query', required: false },
    ],
  },
  createUser: {
    method: 'POST',
    path: '/users',
    group: 'users',
    auth: 'bearer',
    body: 'json',
    pages: false,
    parameters: [],
  },
  listConnections: {
    method: 'GET',
    path: '/users/:userId/connections',
    group: 'connections',
    auth: 'bearer',
    pages: false,
    parameters: [{ name: 'filter', in: 'query', required: false }],
  },
  getConnection: {
    method: 'GET',
    path: '/users/:userId/connections/:connectionId',
    group: 'connections',
    auth: 'bearer',
    pages: false,
    parameters: [],
  },
  updateConnection: {
    method: 'POST',
    path: '/users/:userId/connections/:connectionId',
    group: 'connections',
    auth: 'bearer',
    body: 'json',
    pages: false,
    parameters: [],
  },
  getJob: {
    method: 'GET',
    path: '/jobs/:jobId',
    group: 'jobs',
    auth: 'bearer',
    pages: false,
    parameters: [],
  },
  listInstitutions: {
    method: 'GET',
    path: '/institutions',
    group: 'institutions',
    auth: 'bearer',
    pages: false,
    parameters: [{ name: 'filter', in: 'query', required: false }],
  },
  getInstitution: {
    method: 'GET',
    path: '/institutions/:institutionId',
    group: 'institutions',
    auth: 'bearer',
    pages: false,
    parameters: [],
  },
  createExpenses: {
    method: 'POST',
    path: '/users/:userId/expenses',
    group: 'expenses',
    auth: 'bearer',
    body: 'json',
    pages: false,
    parameters: [],
  },
  listAffordabilityTransactions: {
    method: 'GET',
    path: '/users/:userId/affordability/:affordabilityId/transactions',
    group: 'affordability',
    auth: 'bearer',
    pages: true,
    parameters: transactionListQuery,
  },
  getUser: { ...mockOwn, path: '/users/:userId', pages: false, parameters: [] },
  listAccounts: {
    ...mockOwn,
    path: '/users/:userId/accounts',
    pages: false,
    parameters: accountListQuery,
  },
  getAccount: { ...mockOwn, path: '/users/:userId/accounts/:accountId', pages: false, parameters: [] },
  listAccountTransactions: {
    ...mockOwn,
    path: '/users/:userId/accounts/:accountId/transactions',
    pages: true,
    parameters: transactionListQuery,
  },
  listTransactions: {
    ...mockOwn,
    path: '/users/:userId/transactions',
    pages: true,
    parameters: transactionListQuery,
  },
  listConnectionAccounts: {
    ...mockOwn,
    path: '/users/:userId/connections/:connectionId/accounts',
    pages: false,
    parameters: accountListQuery,
  },
  listConnectionTransactions: {
    ...mockOwn,
    path: '/users/:userId/connections/:connectionId/transactions',
    pages: true,
    parameters: transactionListQuery,
  },
  getExpenses: {
    ...mockOwn,
    path: '/users/:userId/expenses/:expensesId',
    pages: false,
    parameters: [],
  },
  createConnection: {
    ...mockOwn,
    method: 'POST',
    path: '/users/:userId/connections',
    body: 'json',
    pages: false,
    parameters: [],
  },
  deleteConnection: {
    ...mockOwn,
    method: 'DELETE',
    path: '/users/:userId/connections/:connectionId',
    pages: false,
    parameters: [],
  },
} as const satisfies Record<string, Operation>;

export type OperationName = keyof typeof operations;

/** A path pattern of the table, as the mock's routes and faults name them. */
export type OperationPath = (typeof operations)[OperationName]['path'];

/** Every operation's name, in the table's order: the spec's in its order, then the mock's own. */
export const operationNames = Object.keys(operations) as OperationName[];

/** The spec's bearer operations: every endpoint but the token endpoint (spec: Endpoints). */
export type BearerOperationName = {
  [Name in OperationName]: (typeof operations)[Name] extends {
    auth: 'bearer';
    group: Exclude<SuiteGroup, 'auth'>;
  }
    ? Name
    : never;
}[OperationName];

const isMockOwn = (name: OperationName) => operations[name].group === mockOwnGroup;

/** The spec's operations, in its order. */
export const specOperationNames = operationNames.filter((name) => !isMockOwn(name));

/** Every spec operation that "require[s] the bearer header", which the auth checks probe. */
export const bearerOperationNames = specOperationNames.filter(
  (name): name is BearerOperationName => operations[name].auth === 'bearer',
);

/** The names of a path pattern's parameters: `userId` of `/users/:userId`. */
export const pathParameterNames = (path: string): string[] =>
  [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] as string);

/** A path pattern in the spec's words: `/users/:userId` is `/users/{user.id}`. */
export const specPath = (path: string): string => path.replace(/:([a-z]+)Id\b/g, '{$1.id}');

/** An operation as the spec heads it, without `{base_url}`: `GET /users/{user.id}/connections`. */
export const endpointName = (name: OperationName): string =>
  `${operations[name].method} ${specPath(operations[name].path)}`;

/** The operation's path with each parameter filled in, encoded as a path segment. */
export function operationPath(name: OperationName, values: Record<string, string> = {}): string {
  return operations[name].path.replace(/:([A-Za-z]+)/g, (_match, parameter: string) => {
    const value = values[parameter];
    if (value === undefined) throw new Error(`${endpointName(name)} needs a value for :${parameter}`);
    return encodeURIComponent(value);
  });
}

import { profileDefaults } from '../profile/profile.ts';
import type { SuiteGroup } from '../requirements/groups.ts';
import type { Resources } from '../types/resources.generated.ts';

/**
 * The operations of the interface, written once (docs/decisions/006-one-operations-table.md): the spec's
 * endpoints in its order (spec: Endpoints), then the mock's own. The mock's router serves each by its
 * name, the OpenAPI document describes each by its name, the auth checks probe every bearer operation of
 * the spec, and test/operations/table.test.ts fails when any of them lacks one. Adding an operation is one
 * entry here; the type checker then names every consumer that has yet to take it.
 */

/** What a list's `filter` takes (spec: Endpoints, the list's "Query"). */
export interface FilterConstraint {
  /** The properties, in the spec's words (`institution.id`, `transaction.class`). */
  properties: readonly string[];
  /**
   * The resource whose name may stand before a property (`institution.country`), or stands before the
   * spec's own (`transaction.class`, which a client may write `class`).
   */
  resource: string;
  /** The operators the spec supports or shows. */
  operators: readonly string[];
  /**
   * How the spec gives the operators: `only` closes the list ("only `eq` and `ne` are supported"), `seen`
   * shows them without closing it ("the operator `eq` is the one seen"), `unstated` names none, and
   * `operators` are then the institutions list's pair, which the mock takes. The mock's own lists give
   * them as the spec gives the list they copy.
   */
  operatorsGiven: 'only' | 'seen' | 'unstated';
}

/** A page size's bounds (spec: Limits, "`limit` maximum" and "`limit` default and page size"). */
export interface PageSizeBounds {
  /** The least page that holds an entry: the spec gives no minimum, and a limit of 0 asks for empty pages. */
  minimum: number;
  maximum: number;
  /** The page size when none is asked, which is also the most entries any page holds ("pages of at most"). */
  default: number;
}

/** A query or header parameter: where it goes, whether the operation needs it, and what it takes. */
export interface Parameter {
  name: string;
  in: 'query' | 'header';
  required: boolean;
  /** For a `filter`: its properties and operators. */
  filter?: FilterConstraint;
  /** For a `limit`: its bounds. */
  bounds?: PageSizeBounds;
}

/**
 * A body of the mock's own that no schema file describes, since the spec shows none (its component is in
 * src/openapi/components.ts): the list of accounts, built like the spec's other lists.
 */
export type MockOwnResource = 'account-list';

/** An operation's success (spec: Endpoints, "Success: …"). */
export interface Success {
  status: number;
  /** The schema file (schemas/) its body is, or the mock's own shape; none for a success without a body. */
  resource?: keyof Resources | MockOwnResource;
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
  success: Success;
}

/**
 * The group of the endpoints the spec only references by links ("shapes: not shown"), which the mock
 * serves as extensions of its own (docs/mock.md#what-the-mock-adds): the reads, so that every link it hands out
 * resolves, and creating and deleting a connection, in the real service's shapes. `specOnly` turns them off.
 */
export const mockOwnGroup = 'mock-own' as const;

const versionHeader: Parameter = { name: profileDefaults.versionHeader, in: 'header', required: true };

/**
 * `limit`, `filter` and `next` of the affordability transaction list, which the mock's own lists take too:
 * "`limit` (string, optional, maximum 500, default 500); `filter` (string, optional; property
 * `transaction.class` …); `next` (cursor …)".
 */
const transactionListQuery: readonly Parameter[] = [
  { name: 'limit', in: 'query', required: false, bounds: { minimum: 1, maximum: 500, default: 500 } },
  {
    name: 'filter',
    in: 'query',
    required: false,
    filter: {
      properties: ['transaction.class'],
      resource: 'transaction',
      operators: ['eq', 'ne'],
      operatorsGiven: 'unstated',
    },
  },
  { name: 'next', in: 'query', required: false },
];

/**
 * The accounts lists' `filter`, in the connections filter's expression shape and operator on the account's
 * `id`, `status`, `connection.id` and `institution.id` (an account's institution is its connection's).
 */
const accountListQuery: readonly Parameter[] = [
  {
    name: 'filter',
    in: 'query',
    required: false,
    filter: {
      properties: ['id', 'status', 'connection.id', 'institution.id'],
      resource: 'account',
      operators: ['eq'],
      operatorsGiven: 'seen',
    },
  },
];

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
    success: { status: 200, resource: 'token' },
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
    success: { status: 200, resource: 'enrich' },
  },
  createUser: {
    method: 'POST',
    path: '/users',
    group: 'users',
    auth: 'bearer',
    body: 'json',
    pages: false,
    parameters: [],
    success: { status: 201, resource: 'user' },
  },
  listConnections: {
    method: 'GET',
    path: '/users/:userId/connections',
    group: 'connections',
    auth: 'bearer',
    pages: false,
    // "Query: `filter` (optional), properties `id`, `status`, `institution.id`. … the operator `eq` is the one seen."
    parameters: [
      {
        name: 'filter',
        in: 'query',
        required: false,
        filter: {
          properties: ['id', 'status', 'institution.id'],
          resource: 'connection',
          operators: ['eq'],
          operatorsGiven: 'seen',
        },
      },
    ],
    success: { status: 200, resource: 'connection-list' },
  },
  getConnection: {
    method: 'GET',
    path: '/users/:userId/connections/:connectionId',
    group: 'connections',
    auth: 'bearer',
    pages: false,
    parameters: [],
    success: { status: 200, resource: 'connection-detail' },
  },
  updateConnection: {
    method: 'POST',
    path: '/users/:userId/connections/:connectionId',
    group: 'connections',
    auth: 'bearer',
    body: 'json',
    pages: false,
    parameters: [],
    success: { status: 202, resource: 'job' },
  },
  getJob: {
    method: 'GET',
    path: '/jobs/:jobId',
    group: 'jobs',
    auth: 'bearer',
    pages: false,
    parameters: [],
    success: { status: 200, resource: 'job' },
  },
  listInstitutions: {
    method: 'GET',
    path: '/institutions',
    group: 'institutions',
    auth: 'bearer',
    pages: false,
    // "Query: `filter` (optional) on properties `country`, `tier`, `serviceType`, `institutionType`, `stage`;
    // only `eq` and `ne` are supported."
    parameters: [
      {
        name: 'filter',
        in: 'query',
        required: false,
        filter: {
          properties: ['country', 'tier', 'serviceType', 'institutionType', 'stage'],
          resource: 'institution',
          operators: ['eq', 'ne'],
          operatorsGiven: 'only',
        },
      },
    ],
    success: { status: 200, resource: 'institution-list' },
  },
  getInstitution: {
    method: 'GET',
    path: '/institutions/:institutionId',
    group: 'institutions',
    auth: 'bearer',
    pages: false,
    parameters: [],
    success: { status: 200, resource: 'institution' },
  },
  createExpenses: {
    method: 'POST',
    path: '/users/:userId/expenses',
    group: 'expenses',
    auth: 'bearer',
    body: 'json',
    pages: false,
    parameters: [],
    success: { status: 200, resource: 'expenses' },
  },
  listAffordabilityTransactions: {
    method: 'GET',
    path: '/users/:userId/affordability/:affordabilityId/transactions',
    group: 'affordability',
    auth: 'bearer',
    pages: true,
    parameters: transactionListQuery,
    success: { status: 200, resource: 'affordability-list' },
  },
  getUser: {
    ...mockOwn,
    path: '/users/:userId',
    pages: false,
    parameters: [],
    success: { status: 200, resource: 'user' },
  },
  listAccounts: {
    ...mockOwn,
    path: '/users/:userId/accounts',
    pages: false,
    parameters: accountListQuery,
    success: { status: 200, resource: 'account-list' },
  },
  getAccount: {
    ...mockOwn,
    path: '/users/:userId/accounts/:accountId',
    pages: false,
    parameters: [],
    success: { status: 200, resource: 'account' },
  },
  listAccountTransactions: {
    ...mockOwn,
    path: '/users/:userId/accounts/:accountId/transactions',
    pages: true,
    parameters: transactionListQuery,
    success: { status: 200, resource: 'affordability-list' },
  },
  listTransactions: {
    ...mockOwn,
    path: '/users/:userId/transactions',
    pages: true,
    parameters: transactionListQuery,
    success: { status: 200, resource: 'affordability-list' },
  },
  listConnectionAccounts: {
    ...mockOwn,
    path: '/users/:userId/connections/:connectionId/accounts',
    pages: false,
    parameters: accountListQuery,
    success: { status: 200, resource: 'account-list' },
  },
  listConnectionTransactions: {
    ...mockOwn,
    path: '/users/:userId/connections/:connectionId/transactions',
    pages: true,
    parameters: transactionListQuery,
    success: { status: 200, resource: 'affordability-list' },
  },
  getExpenses: {
    ...mockOwn,
    path: '/users/:userId/expenses/:expensesId',
    pages: false,
    parameters: [],
    success: { status: 200, resource: 'expenses' },
  },
  createConnection: {
    ...mockOwn,
    method: 'POST',
    path: '/users/:userId/connections',
    body: 'json',
    pages: false,
    parameters: [],
    success: { status: 202, resource: 'job' },
  },
  deleteConnection: {
    ...mockOwn,
    method: 'DELETE',
    path: '/users/:userId/connections/:connectionId',
    pages: false,
    parameters: [],
    success: { status: 204 },
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

/** An operation's query or header parameter of that name; undefined where it takes none. */
export function parameterOf(name: OperationName, parameter: string): Parameter | undefined {
  const operation: Operation = operations[name];
  return operation.parameters.find((candidate) => candidate.name === parameter);
}

/** What the `filter` of a list that takes one accepts. */
export function filterOf(name: OperationName): FilterConstraint {
  const filter = parameterOf(name, 'filter')?.filter;
  if (!filter) throw new Error(`${endpointName(name)} takes no filter`);
  return filter;
}

/** The bounds of the `limit` of a list that takes one. */
export function pageSizeOf(name: OperationName): PageSizeBounds {
  const bounds = parameterOf(name, 'limit')?.bounds;
  if (!bounds) throw new Error(`${endpointName(name)} takes no limit`);
  return bounds;
}

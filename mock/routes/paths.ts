/**
 * Every route's path pattern, named once: the routes declare theirs from here, and the faults refer to a
 * route by these names, so renaming a route cannot silently disarm the faults that rewrite its replies.
 */
export const routePaths = {
  token: '/token',
  enrich: '/enrich',
  users: '/users',
  connections: '/users/:userId/connections',
  connection: '/users/:userId/connections/:connectionId',
  job: '/jobs/:jobId',
  institutions: '/institutions',
  institution: '/institutions/:institutionId',
  expenses: '/users/:userId/expenses',
  affordabilityTransactions: '/users/:userId/affordability/:affordabilityId/transactions',
  // The mock's own: endpoints the spec only references by links ("shapes: not shown"), served so that every
  // link the mock hands out resolves (README: "What the mock adds").
  user: '/users/:userId',
  accounts: '/users/:userId/accounts',
  account: '/users/:userId/accounts/:accountId',
  accountTransactions: '/users/:userId/accounts/:accountId/transactions',
  transactions: '/users/:userId/transactions',
  connectionAccounts: '/users/:userId/connections/:connectionId/accounts',
  connectionTransactions: '/users/:userId/connections/:connectionId/transactions',
  expensesResource: '/users/:userId/expenses/:expensesId',
} as const;

export type RoutePath = (typeof routePaths)[keyof typeof routePaths];

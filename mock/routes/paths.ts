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
} as const;

export type RoutePath = (typeof routePaths)[keyof typeof routePaths];

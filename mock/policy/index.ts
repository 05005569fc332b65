/**
 * The policy a request is answered under: per group, what the operations do when they conform, as the
 * mock's readings (the `variants` option) read the spec and the faults in force bend it. A fault that is a
 * setting (a status, a limit, whether a check or a filter term is applied) is a value here, built in one
 * place per group from the fault names, so a handler reads the settings it is given and asks
 * `context.fault` only for what is not a setting (router.ts, MockContext).
 */

import { accountsPolicy, type AccountsPolicy } from './accounts.ts';
import { affordabilityPolicy, type AffordabilityPolicy } from './affordability.ts';
import { authPolicy, type AuthPolicy } from './auth.ts';
import { connectionsPolicy, type ConnectionsPolicy } from './connections.ts';
import { expensesPolicy, type ExpensesPolicy } from './expenses.ts';
import { enrichPolicy, type EnrichPolicy } from './enrich.ts';
import type { PolicyInputs } from './inputs.ts';
import { institutionsPolicy, type InstitutionsPolicy } from './institutions.ts';
import { tokenPolicy, type TokenPolicy } from './token.ts';
import { usersPolicy, type UsersPolicy } from './users.ts';

export interface Policy {
  enrich: EnrichPolicy;
  connections: ConnectionsPolicy;
  affordability: AffordabilityPolicy;
  expenses: ExpensesPolicy;
  users: UsersPolicy;
  token: TokenPolicy;
  institutions: InstitutionsPolicy;
  auth: AuthPolicy;
  accounts: AccountsPolicy;
}

export function policyOf(inputs: PolicyInputs): Policy {
  return {
    enrich: enrichPolicy(inputs),
    connections: connectionsPolicy(inputs),
    affordability: affordabilityPolicy(inputs),
    expenses: expensesPolicy(inputs),
    users: usersPolicy(inputs),
    token: tokenPolicy(inputs),
    institutions: institutionsPolicy(inputs),
    auth: authPolicy(inputs),
    accounts: accountsPolicy(inputs),
  };
}

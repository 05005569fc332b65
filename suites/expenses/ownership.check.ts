import { check, NotExercised } from '../../src/checks/check.ts';
import { expectErrorList } from '../../src/checks/error-list.ts';
import { expectThat } from '../../src/checks/failures.ts';
import { createdUser } from '../shared/other-users.ts';
import {
  clientErrors,
  createExpenses,
  dataWindow,
  expensesBody,
  isClientError,
  monthAmounts,
  summaryOf,
  selectableAccounts,
} from './support.ts';

// Object-level authorisation. Spec: "all accounts of the user are used when none are given", and
// `accounts` are "account identifiers to include" of the user the path names.

/** The kinds of spending a summary shows in some month: a block's name, or payments. */
function spendingIn(body: Record<string, unknown>): string[] {
  return [...monthAmounts(body)]
    .filter(([, amounts]) => [...amounts.values()].some((amount) => amount !== 0))
    .map(([kind]) => kind);
}

check(
  "POST /users/{user.id}/expenses for a user just created, naming the fixture user's accounts, is refused or sums nothing of theirs",
  ['EXP-24'],
  async () => {
    const [accounts, range] = await Promise.all([selectableAccounts(), dataWindow()]);
    const own = summaryOf(
      (await createExpenses({ ...range, accounts })).exchange,
      "the fixture user's summary over its own accounts",
    );
    if (spendingIn(own.body).length === 0)
      throw new NotExercised(
        `the fixture user's own summary from ${range.fromMonth} to ${range.toMonth} shows no spending, so another user's could leak none`,
      );
    const other = await createdUser();
    const { exchange } = await createExpenses({ ...range, accounts }, other.id);
    if (isClientError(exchange)) return expectErrorList(exchange, { status: clientErrors });
    const leaked = spendingIn(expensesBody(exchange));
    expectThat(
      leaked.length === 0,
      `a user just created, who holds no account, was summarised over the fixture user's ${accounts.length} accounts and shows their spending in ${leaked.join(', ')}`,
      exchange,
    );
  },
  { needs: ['write', 'userId'] },
);

import { addMonths, monthOf, unparsableMonths } from '../../src/checks/arbitraries/expenses.ts';
import { check } from '../../src/checks/check.ts';
import { expectErrorList } from '../../src/checks/error-list.ts';
import { clientErrors, createExpenses, expectRefusedOrSummarised, selectableAccounts } from './support.ts';

// Spec: Endpoints > POST {base_url}/users/{user.id}/expenses. One member of the body made invalid among
// members that are valid: a service must read every member, and every element of accounts, not only the
// first it comes to. The values sent as invalid are those create.check.ts sends alone.

check(
  'A fromMonth or toMonth that holds no month is refused with a 4xx error list also when the other month is valid',
  ['EXP-08', 'ERR-11'],
  async () => {
    const valid = addMonths(monthOf(Date.now()), -1);
    const bodies = unparsableMonths.flatMap((month) => [
      { fromMonth: valid, toMonth: month },
      { fromMonth: month, toMonth: valid },
    ]);
    const answers = await Promise.all(bodies.map((body) => createExpenses(body)));
    for (const { exchange } of answers) expectErrorList(exchange, { status: clientErrors });
  },
  { needs: ['write', 'userId'] },
);

check(
  'An accounts array holding a number or null after an account of the user is refused with a 4xx error list or read leniently and answered 200, never a 5xx',
  ['EXP-20'],
  async () => {
    // Coercing the element, or ignoring an identifier that names no account, are readings (EXP-20), so
    // only the answer's shape is judged, and ERR-11 is not named: under those readings nothing is invalid.
    const [account] = await selectableAccounts();
    const bodies = [{ accounts: [account, 42] }, { accounts: [account, null] }];
    const answers = await Promise.all(bodies.map((body) => createExpenses(body)));
    for (const { exchange } of answers)
      expectRefusedOrSummarised(exchange, 'an accounts array with one element of the wrong type');
  },
  { needs: ['write', 'userId'] },
);

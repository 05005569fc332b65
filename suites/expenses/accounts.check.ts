import { accountSelection } from '../../src/checks/arbitraries/expenses.ts';
import { check } from '../../src/checks/check.ts';
import { expectThat } from '../../src/checks/findings.ts';
import { forAll } from '../../src/checks/property.ts';
import {
  accountLinks,
  createExpenses,
  defaultExpenses,
  expensesBody,
  fixtureConnectionAccounts,
  linkedAccount,
  userAccounts,
} from './expenses.ts';

check(
  "Given accounts, the expenses resource's links.accounts refers to those accounts only",
  ['EXP-05'],
  async () => {
    const accountIds = await fixtureConnectionAccounts();
    await forAll(accountSelection(accountIds), async (accounts) => {
      const { exchange } = await createExpenses({ accounts });
      const links = accountLinks(expensesBody(exchange));
      // links.accounts that is no array is EXP-19's finding.
      if (!links) return;
      const others = links.filter((link) => linkedAccount(link, accounts) === undefined);
      expectThat(
        others.length === 0,
        `asked for accounts ${accounts.join(', ')}; links.accounts also refers to ${others
          .slice(0, 10)
          .map((l) => JSON.stringify(l))
          .join(', ')}`,
        exchange,
      );
    });
  },
  { needs: ['write', 'userId', 'connectionId'] },
);

check(
  "Without accounts, the expenses resource's links.accounts refers to every account of the user",
  ['EXP-06'],
  async () => {
    const [accountIds, { exchange }] = await Promise.all([userAccounts(), defaultExpenses()]);
    const links = accountLinks(expensesBody(exchange));
    // links.accounts that is no array is EXP-19's finding.
    if (!links) return;
    const linked = new Set(links.map((link) => linkedAccount(link, accountIds)));
    const missing = accountIds.filter((id) => !linked.has(id));
    expectThat(
      missing.length === 0,
      `the user's connections hold accounts ${accountIds.join(', ')}; links.accounts (${links.length} link(s): ${links
        .slice(0, 10)
        .map((l) => JSON.stringify(l))
        .join(', ')}) does not refer to ${missing.join(', ')}`,
      exchange,
    );
  },
  { needs: ['write', 'userId'] },
);

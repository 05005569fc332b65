import { accountSelection } from '../../src/checks/arbitraries/expenses.ts';
import { check } from '../../src/checks/check.ts';
import { expectErrorList } from '../../src/checks/error-list.ts';
import { expectThat } from '../../src/checks/failures.ts';
import { forAll } from '../../src/checks/property.ts';
import {
  accountLinks,
  clientErrors,
  createExpenses,
  defaultExpenses,
  expensesBody,
  isClientError,
  linkedAccount,
  selectableAccounts,
  userAccounts,
} from './support.ts';

check(
  "An accounts selection answered 200 is applied: the expenses resource's links.accounts refers to those accounts only",
  ['EXP-05'],
  async () => {
    const accountIds = await selectableAccounts();
    await forAll(accountSelection(accountIds), async (accounts) => {
      const { exchange } = await createExpenses({ accounts });
      // A selection refused in the spec's shape is not judged here; one accepted must be applied.
      if (isClientError(exchange)) return expectErrorList(exchange, { status: clientErrors });
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
  { needs: ['write', 'userId'] },
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

check(
  'An empty accounts selection is refused with a 4xx error list, or answered 200 summarising no account or every account',
  ['EXP-05'],
  async () => {
    // `accounts: []` is "none given" (every account), a selection of no account, or refused (AMB-EXP-04).
    const [accountIds, { exchange }] = await Promise.all([userAccounts(), createExpenses({ accounts: [] })]);
    if (isClientError(exchange)) return expectErrorList(exchange, { status: clientErrors });
    const links = accountLinks(expensesBody(exchange));
    // links.accounts that is no array is EXP-19's finding.
    if (!links) return;
    const linked = new Set(links.map((link) => linkedAccount(link, accountIds)));
    const every = accountIds.every((id) => linked.has(id));
    expectThat(
      links.length === 0 || every,
      `accounts [] was answered 200 with links.accounts referring to ${links.length} account(s), neither none nor all ${accountIds.length} of the user's: ${links
        .slice(0, 10)
        .map((l) => JSON.stringify(l))
        .join(', ')}`,
      exchange,
    );
  },
  { needs: ['write', 'userId'] },
);

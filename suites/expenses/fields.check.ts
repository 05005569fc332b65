import { check } from '../../src/checks/check.ts';
import { expectThat } from '../../src/checks/failures.ts';
import { defaultExpenses, expectExpensesFields, expensesBody, summaryBlocks } from './support.ts';

// Field-level shape (spec: Resources and their fields > Expenses resource) of the fixture user's summary
// over the default range, the months a profile's fixture user has transactions in. Each check counts the
// violations at its own fields (or above them), never those of the fields nested below.

const needs = { needs: ['write' as const, 'userId' as const] };

const subCategory = '/payments/*/subCategory/*';
const histories = [`${subCategory}/changeHistory/*`, ...summaryBlocks.map((b) => `/${b}/changeHistory/*`)];

async function expectFields(fields: string[], label?: string): Promise<void> {
  const { exchange } = await defaultExpenses();
  expectExpensesFields(exchange, fields, label);
}

check(
  'An expenses resource carries type "expenses" and an id string',
  ['EXP-09'],
  () => expectFields(['/type', '/id']),
  needs,
);

check(
  "An expenses resource's fromMonth and toMonth are in YYYY-MM form",
  ['EXP-10'],
  () => expectFields(['/fromMonth', '/toMonth']),
  needs,
);

check("An expenses resource's payments is an array", ['EXP-12'], () => expectFields(['/payments']), needs);

check(
  'No two entries of payments name the same division',
  ['EXP-13'],
  async () => {
    const { exchange } = await defaultExpenses();
    const { payments } = expensesBody(exchange);
    // payments that is no array is EXP-12's finding.
    if (!Array.isArray(payments)) return;
    const divisions = payments.map((p) => (p as { division?: unknown })?.division);
    const repeated = divisions.filter((d, i) => divisions.indexOf(d) !== i);
    expectThat(
      repeated.length === 0,
      `payments names division(s) ${[...new Set(repeated)].map((d) => JSON.stringify(d)).join(', ')} more than once`,
      exchange,
    );
  },
  needs,
);

check(
  'Each payments entry carries division, a string, avgMonthly, a decimal string, percentageTotal, a number, and subCategory, an array',
  ['EXP-14'],
  () =>
    expectFields([
      '/payments/*/division',
      '/payments/*/avgMonthly',
      '/payments/*/percentageTotal',
      '/payments/*/subCategory',
    ]),
  needs,
);

check(
  'Each subCategory entry carries summary, a string, category.expenseClass with classCode, classTitle, divisionCode and divisionTitle strings, and changeHistory, an array',
  ['EXP-15'],
  () =>
    expectFields(
      [`${subCategory}/summary`, `${subCategory}/category/expenseClass/*`, `${subCategory}/changeHistory`],
      'each payments[].subCategory[] entry',
    ),
  needs,
);

check(
  'cashWithdrawals, bankFees, externalTransfers, loanInterests and loanRepayments each carry avgMonthly, a decimal string, summary, a string, and changeHistory, an array',
  ['EXP-16'],
  () =>
    expectFields(
      summaryBlocks.flatMap((block) => [
        `/${block}/avgMonthly`,
        `/${block}/summary`,
        `/${block}/changeHistory`,
      ]),
      `the summary blocks ${summaryBlocks.join(', ')}`,
    ),
  needs,
);

check(
  'Each changeHistory entry carries date in YYYY-MM form and amount, a decimal string',
  ['EXP-17'],
  () =>
    expectFields(
      histories.flatMap((entry) => [`${entry}/date`, `${entry}/amount`]),
      'every changeHistory entry (summary blocks and payments subCategory)',
    ),
  needs,
);

check(
  "An expenses resource's links carries self, a string, and accounts, an array of account links",
  ['EXP-19'],
  () => expectFields(['/links/self', '/links/accounts/*']),
  needs,
);

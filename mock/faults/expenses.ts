/**
 * Faults of the expenses summary (spec: POST {base_url}/users/{user.id}/expenses, Expenses resource,
 * Limits), each breaking one EXP requirement. Faults exist so the suite can prove its worth: run against
 * the mock with one in force, the suite must fail the check of that requirement, or it has a gap.
 */

import { errorList, MockError } from '../errors.ts';
import type { Fault } from './fault.ts';
import { onSuccess, type Body } from './reply-rewrites.ts';
import { monthsBetween } from '../routes/expenses.ts';
import { routePaths } from '../routes/paths.ts';

const expensesPath = routePaths.expenses;

const summaryBlockNames = [
  'cashWithdrawals',
  'bankFees',
  'externalTransfers',
  'loanInterests',
  'loanRepayments',
];

/** Rewrites each changeHistory entry of the expenses summary blocks. */
function mapSummaryBlocks(body: Body, change: (entry: Body) => Body): Body {
  return Object.fromEntries(
    Object.entries(body).map(([name, value]) =>
      summaryBlockNames.includes(name)
        ? [name, { ...(value as Body), changeHistory: ((value as Body).changeHistory as Body[]).map(change) }]
        : [name, value],
    ),
  );
}

export const expenseFaults = [
  {
    name: 'expenses-average-is-total',
    requirement: 'EXP-25',
    description: "each summary block's avgMonthly is the total of its changeHistory, not an average",
    alter: onSuccess(expensesPath, (body) =>
      Object.fromEntries(
        Object.entries(body).map(([name, value]) => {
          if (!summaryBlockNames.includes(name)) return [name, value];
          const block = value as Body;
          const total = (block.changeHistory as Body[]).reduce((sum, entry) => sum + Number(entry.amount), 0);
          return [name, { ...block, avgMonthly: total.toFixed(2) }];
        }),
      ),
    ),
  },
  {
    name: 'expenses-average-over-extra-month',
    requirement: 'EXP-25',
    description:
      'every avgMonthly, of the summary blocks and of each payments entry, divides by one month more than the range has',
    alter: onSuccess(expensesPath, (body) => {
      const months = monthsBetween(String(body.fromMonth), String(body.toMonth)).length;
      // A reversed range kept as asked holds no month to average over.
      if (months === 0) return body;
      const spread = (average: unknown) => ((Number(average) * months) / (months + 1)).toFixed(2);
      return Object.fromEntries(
        Object.entries(body).map(([name, value]) => {
          if (summaryBlockNames.includes(name))
            return [name, { ...(value as Body), avgMonthly: spread((value as Body).avgMonthly) }];
          if (name === 'payments')
            return [name, (value as Body[]).map((p) => ({ ...p, avgMonthly: spread(p.avgMonthly) }))];
          return [name, value];
        }),
      );
    }),
  },
  {
    name: 'expenses-to-month-previous',
    requirement: 'EXP-02',
    description: 'the default range ends with the previous month',
  },
  {
    name: 'expenses-open-range-twelve-months',
    requirement: 'EXP-02',
    description: 'given fromMonth alone, the range ends 11 months after it, not with the current month',
  },
  {
    name: 'expenses-default-range-6-months',
    requirement: 'EXP-03',
    description: 'the default range starts 6 months back, not 13 (nor 12)',
  },
  {
    name: 'expenses-range-not-echoed',
    requirement: 'EXP-04',
    description: 'an explicit range is reported as the default range',
  },
  {
    name: 'expenses-duplicate-division',
    requirement: 'EXP-13',
    description: 'payments lists its first division twice',
    alter: onSuccess(expensesPath, (body) => {
      const payments = body.payments as Body[];
      return payments.length > 0 ? { ...body, payments: [...payments, payments[0]] } : body;
    }),
  },
  {
    name: 'expenses-avg-monthly-number',
    requirement: 'EXP-16',
    description: 'summary blocks give avgMonthly as a number',
    alter: onSuccess(expensesPath, (body) => ({
      ...body,
      cashWithdrawals: {
        ...(body.cashWithdrawals as Body),
        avgMonthly: Number((body.cashWithdrawals as Body).avgMonthly),
      },
    })),
  },
  {
    name: 'expenses-created-201',
    requirement: 'EXP-01',
    description: 'POST /users/{user.id}/expenses answers 201 instead of 200',
    collateral: [
      {
        requirement: 'EXP-20',
        reason: 'a body of no bytes read as {} creates the resource too, answered 201 instead of 200',
      },
    ],
    alter: (reply, route) =>
      route?.path === expensesPath && reply.status === 200 ? { ...reply, status: 201 } : reply,
  },
  {
    name: 'expenses-other-user-accounts-summed',
    requirement: 'EXP-24',
    description: "accounts named are taken whoever holds them: another user's accounts are summed",
  },
  {
    name: 'expenses-accounts-ignored',
    requirement: 'EXP-05',
    description: 'the accounts asked for are ignored: every account of the user is summarised',
    collateral: [
      {
        requirement: 'EXP-22',
        reason: "every account is summed, so a selection's amounts are not the sums of its accounts' own",
      },
    ],
  },
  {
    name: 'expenses-first-account-only',
    requirement: 'EXP-22',
    description: 'only the first account of accounts is summarised and linked; the others are dropped',
  },
  {
    name: 'expenses-repeated-account-summed-twice',
    requirement: 'EXP-22',
    description: 'an account named twice in accounts is summed twice: its amounts doubled',
  },
  {
    name: 'expenses-selection-not-summed',
    requirement: 'EXP-22',
    description: 'links.accounts lists the accounts asked for, but every account of the user is summed',
  },
  {
    name: 'expenses-first-month-excluded',
    requirement: 'EXP-23',
    description:
      "fromMonth is listed but its transactions are not summed, the range's start read as exclusive",
  },
  {
    name: 'expenses-last-month-excluded',
    requirement: 'EXP-23',
    description: "toMonth is listed but its transactions are not summed, the range's end read as exclusive",
  },
  {
    name: 'expenses-links-first-account-only',
    requirement: 'EXP-06',
    description: 'links.accounts refers to the first account used only',
    alter: onSuccess(expensesPath, (body) => {
      const links = body.links as { accounts: string[] };
      return { ...body, links: { ...links, accounts: links.accounts.slice(0, 1) } };
    }),
  },
  {
    name: 'expenses-unknown-user-accepted',
    requirement: 'EXP-07',
    description: 'an unknown user gets an (empty) expenses summary',
  },
  {
    name: 'expenses-malformed-month-ignored',
    requirement: 'EXP-08',
    description:
      "a fromMonth or toMonth with no month in it ('not-a-month') is ignored and the default taken",
  },
  {
    name: 'expenses-to-month-unchecked-beside-from',
    requirement: 'EXP-08',
    description:
      "only the first month given is checked: beside a valid fromMonth, a toMonth with no month in it ('not-a-month') is taken as absent",
  },
  {
    name: 'expenses-type-wrong',
    requirement: 'EXP-09',
    description: 'expenses resources carry type "expense"',
    alter: onSuccess(expensesPath, (body) => ({ ...body, type: 'expense' })),
  },
  {
    name: 'expenses-months-with-day',
    requirement: 'EXP-10',
    description: 'fromMonth and toMonth are dates in YYYY-MM-DD form',
    alter: onSuccess(expensesPath, (body) => ({
      ...body,
      fromMonth: `${String(body.fromMonth)}-01`,
      toMonth: `${String(body.toMonth)}-01`,
    })),
  },
  {
    name: 'expenses-range-reversed',
    requirement: 'EXP-11',
    description: 'fromMonth and toMonth are swapped',
    collateral: [
      { requirement: 'EXP-02', reason: "without toMonth the range's end, swapped, is not the current month" },
      {
        requirement: 'EXP-03',
        reason: "without fromMonth the range's start, swapped, is not 13 months back",
      },
      { requirement: 'EXP-04', reason: 'a range given is reported swapped, not as given' },
    ],
    alter: onSuccess(expensesPath, (body) => ({ ...body, fromMonth: body.toMonth, toMonth: body.fromMonth })),
  },
  {
    name: 'expenses-payments-object',
    requirement: 'EXP-12',
    description: 'payments is an object keyed by division instead of an array',
    alter: onSuccess(expensesPath, (body) => ({
      ...body,
      payments: Object.fromEntries((body.payments as Body[]).map((p) => [String(p.division), p])),
    })),
  },
  {
    name: 'expenses-percentage-string',
    requirement: 'EXP-14',
    description: 'percentageTotal is a string such as "12.5%"',
    alter: onSuccess(expensesPath, (body) => ({
      ...body,
      payments: (body.payments as Body[]).map((p) => ({
        ...p,
        percentageTotal: `${String(p.percentageTotal)}%`,
      })),
    })),
  },
  {
    name: 'expenses-percentage-over-whole',
    requirement: 'EXP-26',
    description: "the second payments entry's percentageTotal is 50 points more than its share",
    alter: onSuccess(expensesPath, (body) => ({
      ...body,
      payments: (body.payments as Body[]).map((p, i) =>
        i === 1 ? { ...p, percentageTotal: Number(p.percentageTotal) + 50 } : p,
      ),
    })),
  },
  {
    name: 'expenses-expense-class-code-only',
    requirement: 'EXP-15',
    description: 'category.expenseClass is the class code string instead of an object',
    alter: onSuccess(expensesPath, (body) => ({
      ...body,
      payments: (body.payments as Body[]).map((p) => ({
        ...p,
        subCategory: (p.subCategory as { category: { expenseClass: Body } }[]).map((s) => ({
          ...s,
          category: { expenseClass: s.category.expenseClass.classCode },
        })),
      })),
    })),
  },
  {
    name: 'expenses-change-date-with-day',
    requirement: 'EXP-17',
    description: 'changeHistory dates of the summary blocks are in YYYY-MM-DD form',
    alter: onSuccess(expensesPath, (body) =>
      mapSummaryBlocks(body, (change) => ({ ...change, date: `${String(change.date)}-01` })),
    ),
  },
  {
    name: 'expenses-account-links-objects',
    requirement: 'EXP-19',
    description: 'links.accounts holds objects with href instead of links',
    alter: onSuccess(expensesPath, (body) => {
      const links = body.links as { accounts: string[] };
      return { ...body, links: { ...links, accounts: links.accounts.map((href) => ({ href })) } };
    }),
  },
  {
    name: 'expenses-history-after-range',
    requirement: 'EXP-18',
    description: 'cashWithdrawals.changeHistory also holds the month after toMonth',
    alter: onSuccess(expensesPath, (body) => {
      const [year, month] = String(body.toMonth).split('-').map(Number) as [number, number];
      const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
      const block = body.cashWithdrawals as { changeHistory: Body[] };
      return {
        ...body,
        cashWithdrawals: {
          ...block,
          changeHistory: [...block.changeHistory, { date: next, amount: '0.00' }],
        },
      };
    }),
  },
  {
    name: 'expenses-malformed-body-500',
    requirement: 'EXP-20',
    description: 'a body that is not JSON answers 500, the parser failure escaping as a server error',
    collateral: [
      {
        requirement: 'ERR-11',
        reason:
          'a 5xx to input every reading refuses breaks ERR-11 (never a 5xx) as well as this requirement, which asks for a 4xx refusal',
      },
    ],
    alter: (reply, route) => {
      const errors = (reply.body as { data?: { title?: string }[] } | null)?.data;
      if (route?.path !== expensesPath || !errors?.some((e) => e.title === 'Malformed JSON')) return reply;
      const error = new MockError(500, 'internal-server-error', 'Internal error', 'Unexpected token in JSON');
      return { status: 500, body: errorList(error) };
    },
  },
  {
    name: 'expenses-later-account-ids-500',
    requirement: 'EXP-20',
    description:
      'only the first element of accounts is checked to be a string; a later one of another type answers 500',
  },
  {
    name: 'expenses-empty-blocks-null',
    requirement: 'EXP-21',
    description: 'a summary without transactions gives null for payments and every summary block',
    alter: onSuccess(expensesPath, (body) => {
      const empty =
        (body.payments as Body[]).length === 0 &&
        summaryBlockNames.every((name) =>
          ((body[name] as Body).changeHistory as Body[]).every((change) => Number(change.amount) === 0),
        );
      return empty
        ? { ...body, payments: null, ...Object.fromEntries(summaryBlockNames.map((name) => [name, null])) }
        : body;
    }),
  },
] as const satisfies readonly Fault[];

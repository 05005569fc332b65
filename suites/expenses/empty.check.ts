import { check, NotExercised } from '../../src/checks/check.ts';
import { describeAnswer } from '../../src/checks/failures.ts';
import { expectErrorList } from '../../src/checks/error-list.ts';
import {
  clientErrors,
  createExpenses,
  expectExpensesFields,
  expensesBody,
  isClientError,
  summaryBlocks,
} from './support.ts';

/**
 * The expenses resource in its empty state (spec: Expenses resource): a range years before any account
 * the fixture user can hold, so nothing is summarised. The types hold there as everywhere: payments an
 * array, each summary block an object, never null.
 */
const emptyRange = { fromMonth: '2001-01', toMonth: '2001-03' };

check(
  'Over a range without transactions, payments is an empty array and every summary block is still an object with avgMonthly, summary and changeHistory',
  ['EXP-21'],
  async () => {
    const { exchange } = await createExpenses(emptyRange);
    // A service may keep no history that far back and refuse the range: nothing to judge then.
    if (isClientError(exchange)) {
      expectErrorList(exchange, { status: clientErrors });
      throw new NotExercised(
        `the range ${emptyRange.fromMonth} to ${emptyRange.toMonth} was refused (${describeAnswer(exchange)})`,
      );
    }
    expectExpensesFields(
      exchange,
      [
        '/payments',
        ...summaryBlocks.flatMap((block) => [
          `/${block}/avgMonthly`,
          `/${block}/summary`,
          `/${block}/changeHistory`,
        ]),
      ],
      `payments and the summary blocks of an empty summary`,
      'EXP-21',
    );
    const body = expensesBody(exchange);
    const spent = summaryBlocks.some((block) =>
      ((body[block] as { changeHistory: { amount?: unknown }[] }).changeHistory ?? []).some(
        (change) => Number(change?.amount) !== 0,
      ),
    );
    if ((body.payments as unknown[]).length > 0 || spent)
      throw new NotExercised(
        `the fixture user has transactions in ${emptyRange.fromMonth} to ${emptyRange.toMonth}, so the summary is not empty`,
      );
  },
  { needs: ['write', 'userId'] },
);

import { nearMonths, unparsableMonths } from '../../src/checks/arbitraries/expenses.ts';
import { check } from '../../src/checks/check.ts';
import { expectErrorList } from '../../src/checks/error-list.ts';
import { describeAnswer, describeRequest, expectStatus, Finding } from '../../src/checks/findings.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { api, runSettings } from '../../src/checks/run-context.ts';
import type { Exchange } from '../../src/client/exchange.ts';
import {
  clientErrors,
  createExpenses,
  defaultExpenses,
  expensesPath,
  isClientError,
  postRawExpenses,
} from './support.ts';

check(
  'POST /users/{user.id}/expenses with an empty JSON object answers 200 with the expenses resource',
  ['EXP-01'],
  async () => {
    const { exchange } = await defaultExpenses();
    expectStatus(exchange, 200);
    expectResource(exchange, 'expenses');
  },
  { needs: ['write', 'userId'] },
);

check(
  'POST /users/{user.id}/expenses for an unknown user is refused with an error list',
  ['EXP-07'],
  async () => {
    const exchange = await api().post(expensesPath(`fds-${runSettings().runId}-no-such-user`), {});
    expectErrorList(exchange, { status: clientErrors });
  },
  { needs: ['write'] },
);

/**
 * Where the spec leaves the reading open, a refusal (any 4xx with an error list) or a 200 with an expenses
 * resource; anything else, a 5xx above all, fails.
 */
function expectRefusedOrSummarised(exchange: Exchange, what: string): void {
  if (isClientError(exchange)) return expectErrorList(exchange, { status: clientErrors });
  if (exchange.response?.status === 200) return expectResource(exchange, 'expenses');
  throw new Finding(
    `${describeRequest(exchange)}: ${what} must be refused with a 4xx error list or answered 200 with an expenses resource, got ${describeAnswer(exchange)}`,
    exchange,
  );
}

/** Each body with the month in fromMonth, and again in toMonth. */
function monthBodies(months: readonly string[]): Record<string, string>[] {
  return (['fromMonth', 'toMonth'] as const).flatMap((member) =>
    months.map((month) => ({ [member]: month })),
  );
}

check(
  "POST /users/{user.id}/expenses with a fromMonth or toMonth that holds no month ('not-a-month', 'January', '2024-xx') is refused with a 4xx error list",
  ['EXP-08', 'ERR-11'],
  async () => {
    const answers = await Promise.all(monthBodies(unparsableMonths).map((body) => createExpenses(body)));
    for (const { exchange } of answers) expectErrorList(exchange, { status: clientErrors });
  },
  { needs: ['write', 'userId'] },
);

check(
  "POST /users/{user.id}/expenses with a near miss of YYYY-MM ('2024-1', '2024-13', '24-01') is refused with a 4xx error list or read leniently and answered 200, never a 5xx",
  ['EXP-08', 'ERR-11'],
  async () => {
    // Strict and lenient parsing are both readings (AMB-EXP-05): only the answer's shape is judged.
    const answers = await Promise.all(monthBodies(nearMonths).map((body) => createExpenses(body)));
    for (const { exchange } of answers) expectRefusedOrSummarised(exchange, 'a near miss of YYYY-MM');
  },
  { needs: ['write', 'userId'] },
);

/** Bodies that are JSON to no parser, sent as application/json: one cut short, one plain text. */
const notJson = ['{"fromMonth": ', 'not json'];

check(
  'POST /users/{user.id}/expenses with a body that is not JSON is refused with a 4xx error list, never answered 2xx or 5xx',
  ['EXP-20', 'ERR-11'],
  async () => {
    const exchanges = await Promise.all(notJson.map((body) => postRawExpenses(body)));
    for (const exchange of exchanges) expectErrorList(exchange, { status: clientErrors });
  },
  { needs: ['write', 'userId'] },
);

check(
  'POST /users/{user.id}/expenses with a body of no bytes is refused with a 4xx error list or read as {} and answered 200, never a 5xx',
  ['EXP-20', 'ERR-11'],
  async () => {
    // "All members optional in effect": an empty body may be the request with none (AMB-EXP-01).
    expectRefusedOrSummarised(await postRawExpenses(''), 'a body of no bytes');
  },
  { needs: ['write', 'userId'] },
);

/** Members of another JSON type than the spec's: a month as a number, accounts as a string and as numbers. */
const wrongTypes = [
  { fromMonth: 202401 },
  { toMonth: ['2024-01'] },
  { accounts: 'all' },
  { accounts: [1, 2] },
];

check(
  'POST /users/{user.id}/expenses with members of the wrong JSON type is refused with a 4xx error list or read leniently and answered 200, never a 5xx',
  ['EXP-20', 'ERR-11'],
  async () => {
    const answers = await Promise.all(wrongTypes.map((body) => createExpenses(body)));
    for (const { exchange } of answers) expectRefusedOrSummarised(exchange, 'a member of the wrong type');
  },
  { needs: ['write', 'userId'] },
);

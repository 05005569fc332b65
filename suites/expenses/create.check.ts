import { nearMonths, unparsableMonths } from '../../src/checks/arbitraries/expenses.ts';
import { check } from '../../src/checks/check.ts';
import { expectErrorList } from '../../src/checks/error-list.ts';
import { expectStatus } from '../../src/checks/failures.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { api, runSettings } from '../../src/checks/run-context.ts';
import { unknownIdOfForm } from '../shared/identifiers.ts';
import {
  clientErrors,
  createExpenses,
  defaultExpenses,
  expectRefusedOrSummarised,
  expensesPath,
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
    // Why invalid under every reading: the precondition is that the user exists, and none has these ids:
    // one of the run's own, and one of the fixture user's form (unknownIdOfForm), which a service that
    // refuses a malformed id first must look up.
    const formed = unknownIdOfForm(runSettings().profile.fixtures.userId ?? '');
    const ids = [`fds-${runSettings().runId}-no-such-user`, ...(formed ? [formed] : [])];
    for (const id of ids) expectErrorList(await api().post(expensesPath(id), {}), { status: clientErrors });
  },
  { needs: ['write'] },
);

/** Each body with the month in fromMonth, and again in toMonth. */
function monthBodies(months: readonly string[]): Record<string, string>[] {
  return (['fromMonth', 'toMonth'] as const).flatMap((member) =>
    months.map((month) => ({ [member]: month })),
  );
}

check(
  "POST /users/{user.id}/expenses with a fromMonth or toMonth that holds no month ('not-a-month', 'YYYY-MM', '2024-xx') is refused with a 4xx error list",
  ['EXP-08', 'ERR-11'],
  async () => {
    // Why invalid under every reading: no month number and no month name (see unparsableMonths).
    const answers = await Promise.all(monthBodies(unparsableMonths).map((body) => createExpenses(body)));
    for (const { exchange } of answers) expectErrorList(exchange, { status: clientErrors });
  },
  { needs: ['write', 'userId'] },
);

check(
  "POST /users/{user.id}/expenses with a near miss of YYYY-MM ('2024-1', '2024-13', '24-01', 'January') is refused with a 4xx error list or read leniently and answered 200, never a 5xx",
  ['EXP-08', 'ERR-11'],
  async () => {
    // Strict and lenient parsing are both readings (AMB-EXP-05): only the answer's shape is judged.
    const answers = await Promise.all(monthBodies(nearMonths).map((body) => createExpenses(body)));
    for (const { exchange } of answers) expectRefusedOrSummarised(exchange, 'a near miss of YYYY-MM');
  },
  { needs: ['write', 'userId'] },
);

/**
 * Bodies that are JSON to no parser, sent as application/json: one cut short, one plain text. Why invalid
 * under every reading: the body is JSON.
 */
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

/**
 * Members of another JSON type than the spec's: a month as a number, accounts as a string and as numbers.
 * Accepted both ways: a service may coerce them or leave them aside.
 */
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

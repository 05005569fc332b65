import { malformedMonths } from '../../src/checks/arbitraries/expenses.ts';
import { check } from '../../src/checks/check.ts';
import { expectErrorList, refusalStatuses } from '../../src/checks/error-list.ts';
import { expectStatus } from '../../src/checks/findings.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { api, runSettings } from '../../src/checks/run-context.ts';
import { createExpenses, defaultExpenses, expensesPath } from './expenses.ts';

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

/** Any client error: the spec shows no status for an unknown user (catalogue notes, EXP-07). */
const clientErrors = Array.from({ length: 100 }, (_, i) => 400 + i);

check(
  'POST /users/{user.id}/expenses for an unknown user is refused with an error list',
  ['EXP-07'],
  async () => {
    const exchange = await api().post(expensesPath(`fds-${runSettings().runId}-no-such-user`), {});
    expectErrorList(exchange, { status: clientErrors });
  },
  { needs: ['write'] },
);

check(
  'POST /users/{user.id}/expenses with a fromMonth or toMonth not in YYYY-MM form is refused with an error list',
  ['EXP-08'],
  async () => {
    const bodies = (['fromMonth', 'toMonth'] as const).flatMap((member) =>
      malformedMonths.map((month) => ({ [member]: month })),
    );
    const answers = await Promise.all(bodies.map((body) => createExpenses(body)));
    for (const { exchange } of answers)
      expectErrorList(exchange, { status: [...refusalStatuses.invalidInput] });
  },
  { needs: ['write', 'userId'] },
);

import { check, NotExercised } from '../../src/checks/check.ts';
import { expectErrorList } from '../../src/checks/error-list.ts';
import { describeAnswer, describeRequest, expectThat, Finding } from '../../src/checks/findings.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { api } from '../../src/checks/run-context.ts';
import {
  asRecord,
  expectClassFilter,
  expectClientRefusal,
  expectCompleted,
  expectNoFlaw,
  expectTransactionsSeen,
  isClientError,
  snapshotWalk,
  transactionsPath,
  walkCheckOptions,
} from './support.ts';

/**
 * Spec: `filter` (property `transaction.class`). The expression shape is not shown for this endpoint:
 * the forms of support.ts are tried in turn and the first the target answers with 200 is judged, since
 * a filter accepted must be applied; when every form is refused, nothing is judged.
 */
const needs = walkCheckOptions;

check(
  'A class filter answered 200 returns only transactions of that class',
  ['AFFORD-15'],
  async () => {
    await expectClassFilter();
    const walk = await snapshotWalk('payments', ['default']);
    expectTransactionsSeen(walk, 'the filtered list holds no transaction, so no class can be checked');
    expectNoFlaw(walk, 'AFFORD-15', 'every transaction of the filtered list has class payment');
  },
  needs,
);

check(
  'A class filter answered 200 returns every payment of the snapshot and no transaction outside it',
  ['AFFORD-15'],
  async () => {
    await expectClassFilter();
    const [filtered, full] = await Promise.all([
      snapshotWalk('payments', ['default']),
      snapshotWalk('default'),
    ]);
    expectCompleted(full);
    expectCompleted(filtered);
    const unknown = [...filtered.ids].filter((id) => !full.ids.has(id));
    const others = [...filtered.ids].filter((id) => full.ids.has(id) && !full.payments.has(id));
    if (unknown.length > 0 || others.length > 0)
      throw new Finding(
        `the filtered walk holds ${unknown.length} transaction(s) the unfiltered walk never saw (first ${unknown.slice(0, 3).join(', ') || '-'}) ` +
          `and ${others.length} the unfiltered walk gives another class than payment (first ${others.slice(0, 3).join(', ') || '-'})`,
        filtered.last,
      );
    const missing = [...full.payments].filter((id) => !filtered.ids.has(id));
    expectThat(
      missing.length === 0,
      `the filtered walk lacks ${missing.length} of the ${full.payments.size} payments of the unfiltered walk, first ${missing.slice(0, 3).join(', ')}`,
      filtered.last,
    );
  },
  needs,
);

/** A class outside both class tables (spec: Debit classes, Credit classes): no transaction can have it. */
const noSuchClass = 'fds-no-such-class';

check(
  'A class filter that matches no transaction answers 200 with data an empty array and no links.next',
  ['AFFORD-34'],
  async () => {
    const form = await expectClassFilter();
    const exchange = await api().get(transactionsPath(), { filter: form(noSuchClass) });
    // A class the service does not know may be refused (AMB-AFFORD-12): then the empty list is not seen.
    if (isClientError(exchange)) {
      expectErrorList(exchange, { status: [exchange.response?.status ?? 0] });
      throw new NotExercised(
        `the filter ${form(noSuchClass)} was refused (${describeAnswer(exchange)}), so no empty list was seen`,
      );
    }
    expectResource(exchange, 'affordability-list');
    const body = asRecord(exchange.response?.body);
    const data = body?.data as unknown[];
    const next = asRecord(body?.links)?.next;
    expectThat(
      data.length === 0 && (next === undefined || next === null),
      `${describeRequest(exchange)}: a class no transaction has gave ${data.length} transaction(s) and links.next ${JSON.stringify(next)}`,
      exchange,
    );
  },
  needs,
);

/** Expressions no filter shape makes: an unclosed call, an empty call, stray brackets and quotes. */
const malformedFilters = ["transaction.class.eq('payment'", 'transaction.class.eq(', ")('"];

check(
  'A malformed filter expression is refused with a 4xx error list, never a 5xx',
  ['AFFORD-36', 'ERR-11'],
  async () => {
    const exchanges = await Promise.all(
      malformedFilters.map((filter) => api().get(transactionsPath(), { filter })),
    );
    for (const exchange of exchanges) expectClientRefusal(exchange, 'a malformed filter');
  },
  needs,
);

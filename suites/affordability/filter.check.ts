import { check } from '../../src/checks/check.ts';
import { expectThat, Finding } from '../../src/checks/findings.ts';
import {
  expectCompleted,
  expectNoFlaw,
  expectTransactionsSeen,
  paymentFilter,
  snapshotWalk,
  walkCheckOptions,
} from './snapshot.ts';

/**
 * Spec: `filter` (property `transaction.class`). The expression shape is the one the spec shows for the
 * connections filter, `<property>.<operator>('<value>')` with `eq`: assumed here, hence SHOULD.
 */
const needs = walkCheckOptions;

check(
  `filter=${paymentFilter} returns only payment transactions`,
  ['AFFORD-15'],
  async () => {
    const walk = await snapshotWalk('payments', ['default']);
    expectTransactionsSeen(walk, 'the filtered list holds no transaction, so no class can be checked');
    expectNoFlaw(walk, 'AFFORD-15', 'every transaction of the filtered list has class payment');
  },
  needs,
);

check(
  `filter=${paymentFilter} returns every payment of the snapshot and no transaction outside it`,
  ['AFFORD-15'],
  async () => {
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

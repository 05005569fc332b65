import { affordabilityOrder } from '../mock/world/order.ts';
import type { TransactionRecord, World } from '../mock/world/world.ts';

/**
 * Grows the fixture user's affordability snapshot to `size` transactions, for the paging benchmark: the
 * seeded transactions are repeated with fresh ids, each copy a day earlier per round, and the whole is put
 * back in the spec's order. The world object is the mock's own, so its handlers serve the grown snapshot.
 */
export function growFixtureSnapshot(world: World, size: number): void {
  const snapshot = world.affordability.find((s) => s.id === world.fixture.affordabilityId);
  if (!snapshot) throw new Error('the world has no fixture snapshot');
  const seed = snapshot.transactions.filter((t) => t.status === 'posted');
  const grown: TransactionRecord[] = [...snapshot.transactions];
  for (let round = 1; grown.length < size; round++) {
    const shift = round * 86_400_000;
    for (const t of seed) {
      if (grown.length >= size) break;
      const postDate = new Date(Date.parse(t.postDate) - shift).toISOString().replace(/\.\d{3}Z$/, 'Z');
      grown.push({ ...t, id: `${t.id.slice(0, 24)}${String(round).padStart(12, '0')}`, postDate });
    }
  }
  snapshot.transactions = grown.sort(affordabilityOrder);
}

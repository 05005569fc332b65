import { day, now } from '../clock.ts';
import type { HistoryInput, Ledger } from './ledger.ts';
import { title } from './ledger.ts';
import type { Till } from './purchases.ts';

/**
 * Everyday purchases up to the history's size (some 1,300 transactions for the busy user, at most 200 for
 * another), leaving room for `refundCount` refunds: mostly at 25 favourite shops, in the home state.
 */
export function everydayShopping(book: Ledger, till: Till, input: HistoryInput, refundCount: number): void {
  const { r, drafts } = book;
  const { busy, home } = input;
  const target = busy
    ? r.int(1250, 1450)
    : Math.min(200, Math.max(r.int(20, 200), drafts.length + refundCount + 5));
  const favourites = new Set(
    r.some(
      till.au.filter((m) => m.category.recurring !== true),
      25,
    ),
  );
  const inCategory = new Map<string, number>();
  for (const merchant of till.au)
    inCategory.set(merchant.seed.category, (inCategory.get(merchant.seed.category) ?? 0) + 1);
  const shops = till.au
    .filter(
      (m) => m.category.recurring !== true && (m.seed.suburb === undefined || m.place.state === home.state),
    )
    .map((m) => ({
      value: m,
      weight:
        (m.category.weight * (favourites.has(m) ? 6 : 0.4) * (m.place.state === home.state ? 1 : 0.2)) /
        inCategory.get(m.seed.category)!,
    }));
  for (let k = target - drafts.length - refundCount; k > 0; k--) {
    const merchant = r.weighted(shops);
    till.pay(merchant, till.payFrom(), r.instant(book.start, now), till.amountOf(merchant));
  }
}

/** Refunds of earlier purchases (not bills, not the last fortnight's), whole or in part, within two weeks. */
export function refunds(book: Ledger, refundCount: number): void {
  const { r, drafts } = book;
  const refundable = drafts.filter(
    (d) => d.merchant !== undefined && d.merchant.category.recurring !== true && d.at < now - 15 * day,
  );
  for (const bought of r.some(refundable, Math.min(refundCount, refundable.length))) {
    const merchant = bought.merchant!;
    const cents = r.chance(0.6) ? -bought.cents : Math.round((-bought.cents * r.int(10, 90)) / 100);
    const text = r.pick([
      `REFUND ${merchant.seed.descriptor} ${title(merchant.place.suburb)}`,
      `${merchant.seed.descriptor} REFUND ${title(merchant.place.suburb)} ${merchant.place.stateCode}`,
    ]);
    book.add(
      bought.account,
      r.instant(bought.at + day, bought.at + 14 * day),
      Math.max(cents, 100),
      'refund',
      text,
    );
  }
}

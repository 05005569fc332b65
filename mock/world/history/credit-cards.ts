import { monthStart, now } from '../clock.ts';
import type { AccountRecord } from '../world.ts';
import { last4, type Draft, type Holdings, type Ledger } from './ledger.ts';

interface Repayment {
  card: AccountRecord;
  offset: number;
  from: Draft;
  to: Draft;
}

/** The repayments scheduled on the cards, their amounts to settle once the spending is known. */
export interface CardRepayments {
  repayments: Repayment[];
  /** The repayments' credits on the cards, which are not spending to repay. */
  repaid: Set<Draft>;
}

/**
 * Each credit card: a monthly repayment from the main account (its amount settled by
 * settleCardRepayments), sometimes an annual fee, and an opening debt.
 */
export function cardRepayments(book: Ledger, held: Holdings, busy: boolean): CardRepayments {
  const { r } = book;
  const repayments: Repayment[] = [];
  const repaid = new Set<Draft>();
  for (const card of held.cards) {
    const repayDay = r.int(12, 20);
    book.monthly(repayDay, (at, offset) => {
      const from = book.add(held.main, at, 0, 'internal-transfer', `PAYMENT TO CREDIT CARD ${last4(card)}`);
      const to = book.add(card, at, 0, 'internal-transfer', 'PAYMENT RECEIVED, THANK YOU');
      repayments.push({ card, offset, from, to });
      repaid.add(to);
    });
    if (busy || r.chance(0.3))
      book.add(card, r.instant(book.start, now), -r.pick([9900, 14900, 29900]), 'bank-fee', 'ANNUAL FEE');
    book.opening.set(card.id, -r.int(500, 2500) * 100);
  }
  return { repayments, repaid };
}

/**
 * The repayments' amounts, and the drafts kept. The first repayment leaves part of the opening debt
 * carried (so a card always owes something), later ones repay the previous month's spending; a month with
 * (almost) nothing owed has no repayment.
 */
export function settleCardRepayments(book: Ledger, { repayments, repaid }: CardRepayments): Draft[] {
  const { r, drafts } = book;
  const dropped = new Set<Draft>();
  for (const repayment of repayments) {
    const from = monthStart(repayment.offset + 1);
    const to = monthStart(repayment.offset);
    const owed =
      repayment.offset === book.months - 1
        ? Math.round((-book.opening.get(repayment.card.id)! * r.int(40, 80)) / 100)
        : -drafts
            .filter((d) => d.account === repayment.card && d.at >= from && d.at < to && !repaid.has(d))
            .reduce((sum, d) => sum + d.cents, 0);
    if (owed < 1000) {
      dropped.add(repayment.from).add(repayment.to);
      continue;
    }
    repayment.from.cents = -owed;
    repayment.to.cents = owed;
  }
  return drafts.filter((d) => !dropped.has(d));
}

import { countries } from '../reference-data.ts';
import type { Merchant } from '../merchants.ts';
import type { AccountRecord } from '../world.ts';
import { title, type Draft, type Holdings, type Ledger } from './ledger.ts';

/**
 * How a user pays a merchant: from which account, how much, and the description the bank prints (which
 * depends on the card and the merchant's country). The payment steps (bills, a trip abroad, shopping)
 * buy through it.
 */
export class Till {
  /** The debit card number some descriptions print. */
  private readonly card4: string;
  /** The Australian merchants: the ones paid at home. */
  readonly au: Merchant[];

  constructor(
    private readonly book: Ledger,
    private readonly held: Holdings,
    merchants: Merchant[],
  ) {
    this.card4 = book.r.digits(4);
    this.au = merchants.filter((m) => m.seed.country === 'AU');
  }

  /** A spending account, the main one most often, then credit cards. */
  payFrom(): AccountRecord {
    const { main } = this.held;
    return this.book.r.weighted(
      this.held.spending.map((a) => ({
        weight: a === main ? 3 : a.class.type === 'credit-card' ? 2 : 1,
        value: a,
      })),
    );
  }

  /** An amount in the merchant's category range; small amounts in whole ten cents. */
  amountOf(merchant: Merchant): number {
    const [min, max] = merchant.category.amount;
    const cents = this.book.r.int(min * 100, max * 100);
    return merchant.category.amount[1] <= 30 ? Math.round(cents / 10) * 10 : cents;
  }

  pay(merchant: Merchant, account: AccountRecord, at: number, cents: number, description?: string): Draft {
    const draft = this.book.add(
      account,
      at,
      -cents,
      'payment',
      description ?? this.describe(merchant, account),
      { ...merchant.category.hec },
      this.book.r.int(0, 2),
    );
    draft.merchant = merchant;
    return draft;
  }

  private describe(merchant: Merchant, account: AccountRecord): string {
    const { r } = this.book;
    const d = merchant.seed.descriptor;
    const suburb = title(merchant.place.suburb);
    const st = merchant.place.stateCode;
    if (merchant.seed.country !== 'AU') return `${d} ${suburb} ${countries[merchant.seed.country].alpha3}`;
    if (account.class.type === 'credit-card') return r.pick([`${d} ${suburb} ${st}`, `${d} ${suburb} AU`]);
    return r.pick([
      `${d} ${merchant.store} ${suburb} ${st} AUS`,
      `EFTPOS ${d} ${suburb}`,
      `VISA DEBIT PURCHASE CARD ${this.card4} ${d} ${suburb}`,
      `${d} ${suburb} AU`,
    ]);
  }
}

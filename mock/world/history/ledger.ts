import type { AffordabilityClass } from '../../../src/types/resources.generated.ts';
import { day, monthStart, now } from '../clock.ts';
import type { Merchant } from '../merchants.ts';
import type { AccountType, HecClass, Place } from '../reference-data.ts';
import type { Random } from '../random.ts';
import type { AccountRecord } from '../world.ts';

/** One user's accounts and what their history is drawn from. */
export interface HistoryInput {
  accounts: AccountRecord[];
  /** The fixture user: fourteen months, every class, pending transactions on every account. */
  busy: boolean;
  home: Place;
  merchants: Merchant[];
  /** True when a text holds no merchant keyword. */
  clean: (text: string) => boolean;
  institutionOf: (account: AccountRecord) => string;
}

/** A transaction while its history is drawn: an amount can still be settled, status and balance come last. */
export interface Draft {
  id: string;
  account: AccountRecord;
  cents: number;
  class: AffordabilityClass;
  description: string;
  at: number;
  subClass: HecClass | null;
  /** Days between the transaction and its posting. */
  lag: number;
  merchant?: Merchant;
}

/** A user's accounts by the part they play in the history. */
export interface Holdings {
  /** The first transaction account: salary in, bills and transfers out. */
  main: AccountRecord;
  savers: AccountRecord[];
  cards: AccountRecord[];
  /** Mortgages and loans. */
  loans: AccountRecord[];
  /** The accounts that pay for things: transaction accounts and credit cards. */
  spending: AccountRecord[];
}

export function holdings(accounts: AccountRecord[]): Holdings {
  const byType = (type: AccountType): AccountRecord[] => accounts.filter((a) => a.class.type === type);
  return {
    main: byType('transaction')[0]!,
    savers: byType('savings'),
    cards: byType('credit-card'),
    loans: accounts.filter((a) => a.class.type === 'mortgage' || a.class.type === 'loan'),
    spending: accounts.filter((a) => a.class.type === 'transaction' || a.class.type === 'credit-card'),
  };
}

/**
 * The drafts of one history window and the calendar to place them on. Every step writes through it, in
 * the order history() calls them: each draft draws its id when added.
 */
export class Ledger {
  readonly drafts: Draft[] = [];
  /** Balances before the window, by account id, for the accounts whose opening a step chose. */
  readonly opening = new Map<string, number>();
  /** The start of the window's first month. */
  readonly start: number;

  constructor(
    readonly r: Random,
    /** Months in the window, the current one included. */
    readonly months: number,
  ) {
    this.start = monthStart(months - 1);
  }

  add(
    account: AccountRecord,
    at: number,
    cents: number,
    cls: AffordabilityClass,
    description: string,
    subClass: HecClass | null = null,
    lag = 0,
  ): Draft {
    const draft: Draft = { id: this.r.uuid(), account, cents, class: cls, description, at, subClass, lag };
    this.drafts.push(draft);
    return draft;
  }

  /** Day `d` (1-based) of each month in the window, when it has come. */
  monthly(d: number, each: (at: number, offset: number) => void): void {
    for (let offset = this.months - 1; offset >= 0; offset--) {
      const at = this.r.onDay(monthStart(offset) + (d - 1) * day);
      if (at !== null) each(at, offset);
    }
  }

  /** Every `days` days from a day drawn in the first period, when it has come. */
  every(days: number, each: (at: number) => void): void {
    for (let t = this.start + this.r.int(0, days - 1) * day; t <= now; t += days * day) {
      const at = this.r.onDay(t);
      if (at !== null) each(at);
    }
  }

  /** The last day of each month in the window, when it has come. */
  monthEnds(each: (at: number) => void): void {
    for (let offset = this.months - 1; offset >= 0; offset--) {
      const at = this.r.onDay(monthStart(offset - 1) - day);
      if (at !== null) each(at);
    }
  }
}

/** Text as a bank statement prints it. */
export function title(text: string): string {
  return text.toUpperCase();
}

/** The last four digits of an account number, as transfer descriptions name an account. */
export function last4(account: AccountRecord): string {
  return account.accountNo.slice(-4);
}

import type { Exchange } from '../../src/http/exchange.ts';
import type { Page } from '../../src/checks/paging.ts';
import { preview } from '../../src/validation/validator.ts';
import { linkNames } from '../shared/links.ts';
import { where, type WalkFindings } from './findings.ts';

/*
 * What holds of the transactions of one account across a walk: the sign of their amounts (AFFORD-39),
 * the institutions they name (AFFORD-40) and the account their links name (AFFORD-38). The walks feed
 * every transaction through these as its pages arrive (walks.ts); only a little per account is kept.
 */

/** A decimal amount's sign, or undefined for zero and for an amount that is no decimal (AFFORD-20's). */
function signOf(amount: unknown): '+' | '-' | undefined {
  if (typeof amount !== 'string' || !/^[-+]?[0-9]+(\.[0-9]+)?$/.test(amount)) return undefined;
  if (/^[-+]?[0.]+$/.test(amount)) return undefined;
  return amount.startsWith('-') ? '-' : '+';
}

/** The first debit and the first credit seen of an account, with a non-zero amount. */
interface FirstSigned {
  sign: '+' | '-';
  amount: string;
  where: string;
}

/**
 * AFFORD-39: within one account, every debit's amount carries the sign of the account's first debit, and
 * every credit's that of its first credit. Which sign each takes is the service's (AMB-AFFORD-09), and
 * accounts are never compared with one another: a loan account may sign against its balance.
 */
export class SignTracker {
  private readonly first = new Map<string, Partial<Record<'debit' | 'credit', FirstSigned>>>();

  constructor(private readonly findings: WalkFindings) {}

  see(t: Record<string, unknown> | undefined, page: Page, entry: number): void {
    const direction = t?.direction;
    if (!t || typeof t.account !== 'string' || (direction !== 'debit' && direction !== 'credit')) return;
    const sign = signOf(t.amount);
    if (!sign) return;
    let firsts = this.first.get(t.account);
    if (!firsts) this.first.set(t.account, (firsts = {}));
    const first = firsts[direction];
    if (!first) {
      firsts[direction] = { sign, amount: t.amount as string, where: where(page, entry) };
      return;
    }
    if (first.sign !== sign) {
      const account = t.account;
      this.findings.note(
        'AFFORD-39',
        () =>
          `${where(page, entry)}: ${direction} amount ${preview(t.amount)} of account ${account}, where the ${direction} at ${first.where} of the same account is ${first.amount}`,
        page.exchange,
      );
    }
  }
}

/** Where a transaction first named an institution for its account: the entry and its page's exchange. */
export interface InstitutionSeen {
  where: string;
  exchange: Exchange;
}

/** Most institutions kept per account, and accounts kept: a bound a hostile snapshot cannot stretch. */
const maxInstitutionsPerAccount = 8;
const maxAccounts = 10_000;

/**
 * AFFORD-40's evidence: per account, the institutions its transactions name, each with the first
 * transaction that named it. Judged after the walk against the user's connections (support.ts).
 */
export class InstitutionTracker {
  readonly byAccount = new Map<string, Map<string, InstitutionSeen>>();

  see(t: Record<string, unknown> | undefined, page: Page, entry: number): void {
    if (!t || typeof t.account !== 'string' || typeof t.institution !== 'string') return;
    let seen = this.byAccount.get(t.account);
    if (!seen) {
      if (this.byAccount.size >= maxAccounts) return;
      this.byAccount.set(t.account, (seen = new Map()));
    }
    if (seen.has(t.institution) || seen.size >= maxInstitutionsPerAccount) return;
    seen.set(t.institution, { where: where(page, entry), exchange: page.exchange });
  }
}

/** A links.account as a transaction of an account gave it first: the entry and its page's exchange. */
interface AccountLinkSeen {
  account: string;
  link: string;
  where: string;
  exchange: Exchange;
}

/** Most distinct pairs of an account and its link kept: a bound a hostile snapshot cannot stretch. */
const maxAccountLinks = 10_000;

/**
 * AFFORD-38, of links.account: no transaction's account link names another account of the walk than its
 * own. Every entry of every page is seen; the pairs of an account and a link are kept once each, and
 * judged when the walk has seen all its accounts (`finish`). A link that names its own account too is
 * not judged: an account id may also be another segment of it (a connection's id of the same form).
 */
export class AccountLinkTracker {
  private readonly seen = new Map<string, AccountLinkSeen>();

  constructor(private readonly findings: WalkFindings) {}

  see(t: Record<string, unknown> | undefined, page: Page, entry: number): void {
    const link = (t?.links as { account?: unknown } | null | undefined)?.account;
    if (typeof t?.account !== 'string' || t.account === '' || typeof link !== 'string') return;
    const key = JSON.stringify([t.account, link]);
    if (this.seen.has(key) || this.seen.size >= maxAccountLinks) return;
    this.seen.set(key, { account: t.account, link, where: where(page, entry), exchange: page.exchange });
  }

  finish(): void {
    const accounts = new Set([...this.seen.values()].map((s) => s.account));
    for (const { account, link, where: at, exchange } of this.seen.values()) {
      if (linkNames(link, account)) continue;
      const named = [...accounts].filter((other) => other !== account && linkNames(link, other));
      if (named.length > 0)
        this.findings.note(
          'AFFORD-38',
          () =>
            `${at}: a transaction of account ${account} has links.account ${link}, naming the account ${named.join(', ')}`,
          exchange,
        );
    }
  }
}

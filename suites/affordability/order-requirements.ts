import type { Page } from '../../src/checks/paging.ts';
import { readSchemaFiles } from '../../src/validation/schemas.ts';
import { preview } from '../../src/validation/validator.ts';
import { accountRunContiguous } from '../../src/rules/affordability.ts';
import { reasonOf } from '../../src/rules/verdict.ts';
import { where, type WalkFindings } from './findings.ts';

let timestampPattern: RegExp | undefined;

/** The ISO 8601 timestamp pattern of common.schema.json ($defs.timestamp), read once. */
function isoTimestamp(): RegExp {
  if (!timestampPattern) {
    const common = readSchemaFiles().find((file) => file.name === 'common')?.schema as
      { $defs?: { timestamp?: { pattern?: string } } } | undefined;
    const pattern = common?.$defs?.timestamp?.pattern;
    if (!pattern) throw new Error('common.schema.json defines no timestamp pattern');
    timestampPattern = new RegExp(pattern);
  }
  return timestampPattern;
}

/**
 * AFFORD-12..14 over the order of a walk, across page boundaries: the transactions of an account are
 * contiguous; within one, every pending one (any status but `posted`: the pending value is not shown)
 * comes before the posted ones, and the posted ones go by postDate, newest first. Pending transactions
 * among themselves, and the order of the accounts, are not constrained.
 */
export class OrderTracker {
  private account: string | undefined;
  private readonly finished = new Set<string>();
  private posted: { id: unknown; date: number; raw: string; where: string } | undefined;
  private seenPosted = false;

  constructor(private readonly findings: WalkFindings) {}

  see(t: Record<string, unknown> | undefined, page: Page, entry: number): void {
    if (!t || typeof t.account !== 'string') return;
    if (t.account !== this.account) {
      const returned = reasonOf(accountRunContiguous(this.finished, this.account, t.account));
      if (returned !== undefined)
        this.findings.note('AFFORD-12', () => `${where(page, entry)}: ${returned}`, page.exchange);
      if (this.account !== undefined) this.finished.add(this.account);
      this.account = t.account;
      this.posted = undefined;
      this.seenPosted = false;
    }
    if (t.status !== 'posted') {
      if (this.seenPosted) {
        const previous = this.posted;
        this.findings.note(
          'AFFORD-14',
          () =>
            `${where(page, entry)}: status ${preview(t.status)} in account ${String(t.account)} comes after the posted transaction at ${previous?.where ?? 'an earlier entry'}`,
          page.exchange,
        );
      }
      return;
    }
    this.seenPosted = true;
    const raw = typeof t.postDate === 'string' ? t.postDate : '';
    // Only an ISO 8601 timestamp is compared (Date.parse guesses at other forms); any other postDate is
    // AFFORD-27's finding, and neither breaks nor sets the order here.
    const date = isoTimestamp().test(raw) ? Date.parse(raw) : NaN;
    if (Number.isNaN(date)) return;
    const previous = this.posted;
    if (previous && date > previous.date)
      this.findings.note(
        'AFFORD-13',
        () =>
          `${where(page, entry)}: posted ${raw} comes after ${previous.where} posted ${previous.raw}, an older date, in account ${String(t.account)}`,
        page.exchange,
      );
    this.posted = { id: t.id, date, raw, where: where(page, entry) };
  }
}

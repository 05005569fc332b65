import type { CheckOptions } from '../../src/checks/check.ts';
import { affordabilityClasses } from '../../src/types/affordability-classes.ts';
import { defaultHardCap, walkNotStarted, walkPages, type Walk } from '../../src/checks/paging.ts';
import { api, perRun, runningCheck } from '../../src/checks/run-context.ts';
import { AccountLinkTracker, InstitutionTracker, SignTracker } from './account-requirements.ts';
import { checkEnvelope, checkFilteredClass, checkTransaction } from './field-requirements.ts';
import { WalkFindings } from './findings.ts';
import { OrderTracker } from './order-requirements.ts';
import { pageEnds } from './walk-gaps.ts';
import { acceptedClassFilter, asRecord, oddLimit, pageMaximum, transactionsPath } from './support.ts';

/*
 * The walks of the affordability snapshot, shared by the group's checks: the fixture snapshot is walked once per distinct query and run (a
 * memoised promise per walk; the group's checks share one worker, see runner/run-suites.ts), and
 * every page is checked as it arrives, then dropped. What a check needs afterwards is kept per
 * requirement: how many entries broke it, a few examples and the exchange of the first page that showed
 * it, and of every page the transactions at its two ends and its exchange, cut as a report holds it, to
 * name a page boundary where a transaction was lost or repeated. A 100,000-transaction snapshot thus
 * costs its ids and a few kilobytes a page, not its bodies. Following links.next and
 * stopping at a loop, a repeated page or the cap is src/checks/paging.ts; which requirement a page or a
 * transaction breaks is field-requirements.ts and order-requirements.ts.
 */

/**
 * What every check of the group needs, and its time limit. The walks are bounded by pages (see
 * src/checks/paging.ts) and each request by the run's timeout; a large snapshot walked once per query
 * over a slow target still takes minutes (a 100,000-transaction snapshot is some 1,500 requests), so
 * the checks that wait for the walks get far more than the default 30 s.
 */
export const walkCheckOptions = {
  needs: ['userId', 'affordabilityId'],
  timeoutMs: 600_000,
} as const satisfies CheckOptions;

export interface SnapshotWalk extends Walk {
  /** How the walk asked, in a few words (`limit=137`). */
  label: string;
  /** Why the walk was not made (the target refused every form of its filter); no page was fetched. */
  notMade?: string;
  /** Per requirement: what the walk's pages broke (envelope, ordering, transaction fields). */
  findings: WalkFindings;
  /**
   * Ids of the transactions seen of each class of the class tables, on the reference walk: what a class
   * filter must answer.
   */
  byClass: Map<string, Set<string>>;
  /**
   * Per account, the institutions its transactions name, on the reference walk (AFFORD-40, judged against
   * the user's connections).
   */
  institutions?: InstitutionTracker;
}

interface WalkSpec {
  label: string;
  query: Record<string, string>;
  pageSize: number;
  /**
   * The walk the others are held to: it keeps the ids of each class and, per account, the signs and the
   * institutions (one walk suffices: it visits every transaction). Every walk checks each transaction's
   * fields, so an entry only a later page or another query shows is judged too.
   */
  reference?: boolean;
  /** The class every entry must have: the walk is filtered on it, in the form the target accepts. */
  onlyClass?: string;
  /** Pages to fetch at most: a probe, not a walk. */
  maxPages?: number;
  /** The walk's hard cap on pages, when not the walker's default. */
  hardCap?: number;
}

export const walkSpecs = {
  default: { label: 'without limit', query: {}, pageSize: pageMaximum, reference: true },
  limit500: { label: 'limit=500', query: { limit: '500' }, pageSize: pageMaximum },
  // Pages of 137 cost 3.65 requests per 500 transactions: its cap reaches as far into the snapshot as
  // the default cap does at 500 a page (500,000 transactions), so the full walks all stop at one size.
  odd: {
    label: `limit=${oddLimit}`,
    query: { limit: String(oddLimit) },
    pageSize: oddLimit,
    hardCap: Math.ceil((defaultHardCap * pageMaximum) / oddLimit),
  },
  // One-entry pages over a whole snapshot would cost a request per transaction: the first two pages do.
  limit1: { label: 'limit=1 (first two pages)', query: { limit: '1' }, pageSize: 1, maxPages: 2 },
  // Above the maximum: refused, or capped at 500 (AFFORD-09); walked when answered.
  limit501: { label: 'limit=501', query: { limit: '501' }, pageSize: pageMaximum },
  payments: {
    label: 'filtered on class payment',
    query: {},
    pageSize: pageMaximum,
    onlyClass: 'payment',
  },
  // A filter must hold on every page, the ones reached by links.next too: pages of two payments cross
  // two cursors over a snapshot of a few payments, for three requests.
  paymentsPaged: {
    label: 'filtered on class payment, limit=2 (first three pages)',
    query: { limit: '2' },
    pageSize: 2,
    onlyClass: 'payment',
    maxPages: 3,
  },
} satisfies Record<string, WalkSpec>;

export type WalkName = keyof typeof walkSpecs;
/** Walks of the whole unfiltered snapshot, each of which must visit every transaction. */
export const fullWalks: WalkName[] = ['default', 'limit500', 'odd'];
/** Walks whose order is checked (the filtered one too: a filter keeps the order of what it keeps). */
export const orderedWalks: WalkName[] = ['default', 'limit500', 'odd', 'payments'];

/** A walk, started once per run in this worker. */
function walk(name: WalkName): Promise<SnapshotWalk> {
  return sharedWalk(`affordability:walk ${name}`, walkSpecs[name]);
}

/**
 * A walk shared by the checks of a run, outside any one check's exchange log: the checks that report on it
 * carry the evidence of the page at fault explicitly.
 */
function sharedWalk(key: string, spec: WalkSpec): Promise<SnapshotWalk> {
  return perRun(key, () => {
    const started = runningCheck.exit(() => walkSnapshot(spec));
    // Marked handled now; each check that awaits it still sees a rejection.
    started.catch(() => undefined);
    return started;
  });
}

/** The classes of the class tables (spec: Debit classes, Credit classes), the values a class filter takes. */
const tableClasses: readonly string[] = affordabilityClasses;

/**
 * The snapshot filtered on one class, in the form the target accepts, walked once per run, without a
 * limit or with `limit`; the walk of payments without a limit is the one the `payments` walk makes.
 */
export function classWalk(className: string, limit?: number): Promise<SnapshotWalk> {
  if (className === 'payment' && limit === undefined) return walk('payments');
  const spec: WalkSpec = {
    label: `filtered on class ${className}`,
    query: limit === undefined ? {} : { limit: String(limit) },
    pageSize: limit ?? pageMaximum,
    onlyClass: className,
  };
  return sharedWalk(
    `affordability:class walk ${className}${limit === undefined ? '' : ` limit=${limit}`}`,
    spec,
  );
}

/**
 * The walk, started on first use in this run (and with it the walks named `alongside`, so that a file's
 * walks run concurrently). The walks run outside any one check's exchange log: the checks that report
 * on them carry the evidence of the page at fault explicitly.
 */
export function snapshotWalk(name: WalkName, alongside: readonly WalkName[] = []): Promise<SnapshotWalk> {
  // Started, not awaited: the checks that report on each walk await it (sharedWalk marks it handled).
  for (const other of alongside) void walk(other);
  return walk(name);
}

/** Several walks, started together. */
export function snapshotWalks(names: readonly WalkName[]): Promise<SnapshotWalk[]> {
  return Promise.all(names.map((name) => snapshotWalk(name, names)));
}

export const allWalks = Object.keys(walkSpecs) as WalkName[];

/**
 * One copy of each transaction id for all the walks of a run. Every walk keeps the ids it saw, and
 * JSON.parse gives each page its own strings: over a large snapshot walked five times, the ids would
 * otherwise be most of what the run holds.
 */
function idPool(): Promise<Map<string, string>> {
  return perRun('affordability:id pool', () => Promise.resolve(new Map<string, string>()));
}

/** A walk that was not made: no page, nothing seen, nothing broken. */
function notMade(spec: WalkSpec, reason: string): SnapshotWalk {
  return {
    ...walkNotStarted(`GET ${transactionsPath()}`),
    label: spec.label,
    notMade: reason,
    findings: new WalkFindings(),
    byClass: new Map(),
    institutions: new InstitutionTracker(),
  };
}

async function walkSnapshot(spec: WalkSpec): Promise<SnapshotWalk> {
  let query: Record<string, string> = spec.query;
  if (spec.onlyClass !== undefined) {
    const accepted = await acceptedClassFilter();
    if (!('form' in accepted))
      return notMade(spec, 'none' in accepted ? accepted.none : accepted.failure.message);
    const filter = accepted.form(spec.onlyClass);
    query = { ...query, filter };
    spec = {
      ...spec,
      label: [`filter=${filter}`, ...Object.entries(spec.query).map((e) => e.join('='))].join(' '),
    };
  }
  const pool = await idPool();
  const pooled = (id: string) => {
    const kept = pool.get(id);
    if (kept !== undefined) return kept;
    pool.set(id, id);
    return id;
  };
  const findings = new WalkFindings();
  const byClass = new Map<string, Set<string>>();
  const order = new OrderTracker(findings);
  const signs = new SignTracker(findings);
  const institutions = new InstitutionTracker();
  const accountLinks = new AccountLinkTracker(findings);
  const walk = await walkPages(api(), {
    path: transactionsPath(),
    query,
    pageSize: spec.pageSize,
    ...(spec.maxPages ? { maxPages: spec.maxPages } : {}),
    ...(spec.hardCap ? { hardCap: spec.hardCap } : {}),
    // What names a page boundary in a finding: the page's exchange and the transactions at its ends.
    keep: (page) => pageEnds(page, api().secrets),
    idOf(item) {
      const id = asRecord(item)?.id;
      return typeof id === 'string' ? pooled(id) : undefined;
    },
    onPage(page) {
      checkEnvelope(page, findings);
      page.items.forEach((item, entry) => {
        const t = asRecord(item);
        if (spec.reference && typeof t?.class === 'string' && typeof t.id === 'string')
          classIds(byClass, t.class)?.add(pooled(t.id));
        if (spec.onlyClass !== undefined) checkFilteredClass(t, spec.onlyClass, page, entry, findings);
        order.see(t, page, entry);
        checkTransaction(item, page, entry, findings);
        accountLinks.see(t, page, entry);
        if (spec.reference) {
          signs.see(t, page, entry);
          institutions.see(t, page, entry);
        }
      });
    },
  });
  accountLinks.finish();
  return { ...walk, label: spec.label, findings, byClass, institutions };
}

/** The id set of a class of the class tables; none for another value, whose count a target could inflate. */
function classIds(byClass: Map<string, Set<string>>, className: string): Set<string> | undefined {
  if (!tableClasses.includes(className)) return undefined;
  let ids = byClass.get(className);
  if (!ids) byClass.set(className, (ids = new Set()));
  return ids;
}

import type { CheckOptions } from '../../src/checks/check.ts';
import type { Exchange } from '../../src/client/exchange.ts';
import { NotExercised } from '../../src/checks/check.ts';
import { expectErrorList } from '../../src/checks/error-list.ts';
import { describeAnswer, describeRequest, Finding } from '../../src/checks/findings.ts';
import {
  completed,
  defaultHardCap,
  walkPages,
  type Page,
  type Walk,
  type WalkProblem,
} from '../../src/checks/paging.ts';
import type { RequirementId } from '../../src/requirements/requirement-ids.generated.ts';
import { api, perRun, runningCheck, runSettings } from '../../src/checks/run-context.ts';
import { readSchemaFiles } from '../../src/validation/schemas.ts';
import { formatViolations, preview, resourceValidator } from '../../src/validation/validator.ts';

/**
 * Shared by the affordability checks: the fixture snapshot is walked once per distinct query and run (a
 * memoised promise per walk; the group's checks share one worker, see src/runner/run-suites.ts), and
 * every page is checked as it arrives, then dropped. What a check needs afterwards is kept per
 * requirement: how many entries broke it, a few examples and the exchange of the first page that showed
 * it. A 100,000-transaction snapshot thus costs its ids, not its bodies.
 */

/** Spec, Limits: `limit` maximum, default and page size. */
export const pageMaximum = 500;
/** An odd limit: pages end mid-account, so ordering is checked across page boundaries. */
export const oddLimit = 137;

/**
 * The forms of a class filter, in the order tried: the connections filter's shape `<property>.<operator>
 * ('<value>')` with the property as the spec writes it, then without the resource's prefix. The spec names
 * the property (`transaction.class`) but shows no expression shape for this endpoint (AMB-AFFORD-01).
 */
export const classFilterForms: readonly ((className: string) => string)[] = [
  (className) => `transaction.class.eq('${className}')`,
  (className) => `class.eq('${className}')`,
];

/**
 * The class filter form the target answers with 200; or why none is judged: every form refused (not
 * exercised), or a form answered neither 200 nor with a 4xx error list (a finding of the filter's).
 */
export type FilterForm = { form: (className: string) => string } | { none: string } | { failure: Finding };

/**
 * The first class filter form the target answers with 200, tried once per run: a form refused with a 4xx
 * error list is a reading, not a failure; an answer that is neither (a 5xx, above all) fails the
 * filter's requirement, as no reading of a filter the spec names allows it.
 */
export function acceptedClassFilter(): Promise<FilterForm> {
  return perRun('affordability:class filter form', async () => {
    const refusals: string[] = [];
    for (const form of classFilterForms) {
      const exchange = await api().get(transactionsPath(), { filter: form('payment'), limit: '1' });
      const status = exchange.response?.status ?? 0;
      if (status === 200) return { form };
      try {
        expectClientRefusal(exchange, 'a class filter not answered 200');
      } catch (error) {
        if (error instanceof Finding) return { failure: error };
        throw error;
      }
      refusals.push(`${form('payment')} (${status})`);
    }
    return { none: `every class filter form tried was refused: ${refusals.join(', ')}` };
  });
}

/** The accepted class filter form; a Finding or NotExercised when there is none to judge. */
export async function expectClassFilter(): Promise<(className: string) => string> {
  const accepted = await acceptedClassFilter();
  if ('failure' in accepted) throw accepted.failure;
  if ('none' in accepted) throw new NotExercised(accepted.none);
  return accepted.form;
}

export function transactionsPath(affordabilityId?: string): string {
  const { userId, affordabilityId: fixture } = runSettings().profile.fixtures;
  return `/users/${encodeURIComponent(userId ?? '')}/affordability/${encodeURIComponent(affordabilityId ?? fixture ?? '')}/transactions`;
}

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

/** A requirement broken somewhere in a walk: how often, the first examples and the first page showing it. */
export interface Flaw {
  count: number;
  examples: string[];
  exchange: Exchange;
}

const maxExamples = 3;

export class Flaws {
  private readonly byRequirement = new Map<string, Flaw>();

  note(requirement: string, example: () => string, exchange: Exchange): void {
    let flaw = this.byRequirement.get(requirement);
    if (!flaw) this.byRequirement.set(requirement, (flaw = { count: 0, examples: [], exchange }));
    flaw.count++;
    if (flaw.examples.length < maxExamples) flaw.examples.push(example());
  }

  get(requirement: string): Flaw | undefined {
    return this.byRequirement.get(requirement);
  }
}

export interface SnapshotWalk extends Walk {
  /** How the walk asked, in a few words (`limit=137`). */
  label: string;
  /** Why the walk was not made (the target refused every form of its filter); no page was fetched. */
  notMade?: string;
  /** Per requirement: what the walk's pages broke (envelope, ordering, transaction fields). */
  flaws: Flaws;
  /**
   * Ids of the transactions seen of each class of the class tables, on the walk that checks field by field:
   * what a class filter must answer.
   */
  byClass: Map<string, Set<string>>;
}

interface WalkSpec {
  label: string;
  query: Record<string, string>;
  pageSize: number;
  /** Field-level checks of every transaction (one walk suffices: it visits every transaction). */
  shapes?: boolean;
  /** The class every entry must have: the walk is filtered on it, in the form the target accepts. */
  onlyClass?: string;
  /** Pages to fetch at most: a probe, not a walk. */
  maxPages?: number;
  /** The walk's hard cap on pages, when not the walker's default. */
  hardCap?: number;
}

export const walkSpecs = {
  default: { label: 'without limit', query: {}, pageSize: pageMaximum, shapes: true },
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
const tableClasses = [
  'bank-fee',
  'payment',
  'cash-withdrawal',
  'internal-transfer',
  'external-transfer',
  'loan-interest',
  'refund',
  'direct-credit',
  'interest',
  'loan-repayment',
] as const;

/**
 * The snapshot filtered on one class, in the form the target accepts, walked once per run; the walk of
 * payments is the one the `payments` walk makes.
 */
export function classWalk(className: string): Promise<SnapshotWalk> {
  if (className === 'payment') return walk('payments');
  const spec = {
    label: `filtered on class ${className}`,
    query: {},
    pageSize: pageMaximum,
    onlyClass: className,
  };
  return sharedWalk(`affordability:class walk ${className}`, spec);
}

/**
 * The walk, started on first use in this run (and with it the walks named `alongside`, so that a file's
 * walks run concurrently). The walks run outside any one check's exchange log: the checks that report
 * on them carry the evidence of the page at fault explicitly.
 */
export function snapshotWalk(name: WalkName, alongside: readonly WalkName[] = []): Promise<SnapshotWalk> {
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

/** Whether the answer is a client error: the spec shows no status for this endpoint's refusals. */
export function isClientError(exchange: Exchange): boolean {
  const status = exchange.response?.status ?? 0;
  return status >= 400 && status < 500;
}

/** Deliberately invalid input (`what`) refused with any 4xx and an error list; a 5xx or a 2xx fails. */
export function expectClientRefusal(exchange: Exchange, what: string): void {
  if (!isClientError(exchange))
    throw new Finding(
      `${describeRequest(exchange)}: ${what} must be refused with a 4xx error list, got ${describeAnswer(exchange)}`,
      exchange,
    );
  expectErrorList(exchange, { status: [exchange.response?.status ?? 0] });
}

/** A walk that was not made: no page, nothing seen, nothing broken. */
function notMade(spec: WalkSpec, reason: string): SnapshotWalk {
  return {
    request: `GET ${transactionsPath()}`,
    pages: 0,
    entries: 0,
    ids: new Set(),
    distinct: 0,
    ended: false,
    truncated: false,
    pageSizes: [],
    nextPresent: [],
    label: spec.label,
    notMade: reason,
    flaws: new Flaws(),
    byClass: new Map(),
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
    spec = { ...spec, label: `filter=${filter}` };
  }
  const pool = await idPool();
  const pooled = (id: string) => {
    const kept = pool.get(id);
    if (kept !== undefined) return kept;
    pool.set(id, id);
    return id;
  };
  const flaws = new Flaws();
  const byClass = new Map<string, Set<string>>();
  const order = new OrderTracker(flaws);
  const walk = await walkPages(api(), {
    path: transactionsPath(),
    query,
    pageSize: spec.pageSize,
    ...(spec.maxPages ? { maxPages: spec.maxPages } : {}),
    ...(spec.hardCap ? { hardCap: spec.hardCap } : {}),
    idOf(item) {
      const id = asRecord(item)?.id;
      return typeof id === 'string' ? pooled(id) : undefined;
    },
    onPage(page) {
      checkEnvelope(page, flaws);
      page.items.forEach((item, entry) => {
        const t = asRecord(item);
        if (spec.shapes && typeof t?.class === 'string' && typeof t.id === 'string')
          classIds(byClass, t.class)?.add(pooled(t.id));
        if (spec.onlyClass !== undefined && t?.class !== spec.onlyClass)
          flaws.note('AFFORD-15', () => `${where(page, entry)}: class ${preview(t?.class)}`, page.exchange);
        order.see(t, page, entry);
        if (spec.shapes) checkTransaction(item, page, entry, flaws);
      });
    },
  });
  return { ...walk, label: spec.label, flaws, byClass };
}

/** The id set of a class of the class tables; none for another value, whose count a target could inflate. */
function classIds(byClass: Map<string, Set<string>>, className: string): Set<string> | undefined {
  if (!(tableClasses as readonly string[]).includes(className)) return undefined;
  let ids = byClass.get(className);
  if (!ids) byClass.set(className, (ids = new Set()));
  return ids;
}

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Where an entry is, as a message names it: page, position and id. */
function where(page: Page, entry: number): string {
  const id = asRecord(page.items[entry])?.id;
  return `page ${page.index + 1} entry ${entry + 1}${typeof id === 'string' ? ` (id ${id})` : ''}`;
}

/**
 * AFFORD-03: the envelope of every page. Validated with the entries left out, so a faulty transaction
 * fails its own field-level requirement and not the envelope's (the page size is checked by the walk).
 */
function checkEnvelope(page: Page, flaws: Flaws): void {
  const envelope = { ...page.body, data: Array.isArray(page.body.data) ? [] : page.body.data };
  const result = resourceValidator().validate('affordability-list', envelope);
  if (!result.valid)
    flaws.note(
      'AFFORD-03',
      () => `page ${page.index + 1}:\n${formatViolations(result.violations)}`,
      page.exchange,
    );
}

/** The field-level requirement a schema violation of a transaction belongs to, by the member at fault. */
function requirementOf(member: string | undefined, transaction: Record<string, unknown> | undefined) {
  switch (member) {
    case undefined:
    case 'type':
    case 'id':
      return 'AFFORD-17';
    case 'status':
      return 'AFFORD-18';
    case 'description':
    case 'account':
      return 'AFFORD-19';
    case 'amount':
      return 'AFFORD-20';
    case 'balance':
      return 'AFFORD-21';
    case 'direction':
      return 'AFFORD-22';
    case 'class':
      // Which table applies depends on the direction; a class without a valid direction is AFFORD-22's.
      return transaction?.direction === 'debit'
        ? 'AFFORD-23'
        : transaction?.direction === 'credit'
          ? 'AFFORD-24'
          : undefined;
    case 'institution':
      return 'AFFORD-25';
    case 'transactionDate':
      return 'AFFORD-26';
    case 'postDate':
      return 'AFFORD-27';
    case 'links':
      return 'AFFORD-31';
    default:
      // subClass is judged below (AFFORD-28, 29, 30), where "empty" also admits an empty string.
      return undefined;
  }
}

/** A subClass that is null, absent or empty (spec: "populated only for payment transactions, otherwise null or empty"). */
function emptySubClass(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (asRecord(value) !== undefined && Object.keys(value as object).length === 0)
  );
}

/** Field-level requirements AFFORD-17..33 for one transaction of the walk. */
function checkTransaction(item: unknown, page: Page, entry: number, flaws: Flaws): void {
  const t = asRecord(item);
  const result = resourceValidator().validate('affordability-transaction', item);
  if (!result.valid) {
    const byRequirement = new Map<string, typeof result.violations>();
    for (const violation of result.violations) {
      const [, member, sub] = violation.pointer.split('/');
      const requirement = member === 'links' && sub === 'self' ? 'AFFORD-32' : requirementOf(member, t);
      if (!requirement) continue;
      byRequirement.set(requirement, [...(byRequirement.get(requirement) ?? []), violation]);
    }
    for (const [requirement, violations] of byRequirement)
      flaws.note(requirement, () => `${where(page, entry)}:\n${formatViolations(violations)}`, page.exchange);
  }
  if (!t) return;

  const subClass = t.subClass;
  const populated = asRecord(subClass);
  if (
    !emptySubClass(subClass) &&
    !(typeof populated?.title === 'string' && typeof populated.code === 'string')
  )
    flaws.note(
      'AFFORD-28',
      () =>
        `${where(page, entry)}: subClass ${preview(subClass)} is neither null, empty, nor an object with title and code strings`,
      page.exchange,
    );
  if (t.class !== 'payment' && !emptySubClass(subClass))
    flaws.note(
      'AFFORD-29',
      () => `${where(page, entry)}: class ${preview(t.class)} with subClass ${preview(subClass)}`,
      page.exchange,
    );
  // A subClass of another shape (a string, a number) is AFFORD-28's finding; this rule holds a payment's
  // subClass left empty, or an object without its title and code.
  const shapeless = !emptySubClass(subClass) && populated === undefined;
  if (
    t.class === 'payment' &&
    !shapeless &&
    !(typeof populated?.title === 'string' && populated.title !== '' && typeof populated.code === 'string')
  )
    flaws.note(
      'AFFORD-30',
      () => `${where(page, entry)}: a payment with subClass ${preview(subClass)}`,
      page.exchange,
    );

  const links = asRecord(t.links);
  for (const [member, link] of [
    ['account', links?.account],
    ['institution', links?.institution],
  ] as const) {
    const id = t[member];
    if (typeof link === 'string' && typeof id === 'string' && id !== '' && !link.includes(id))
      flaws.note(
        'AFFORD-33',
        () =>
          `${where(page, entry)}: links.${member} ${preview(link)} does not contain ${member} ${preview(id)}`,
        page.exchange,
      );
  }
}

/**
 * AFFORD-12..14 over the order of a walk, across page boundaries: the transactions of an account are
 * contiguous; within one, every pending one (any status but `posted`: the pending value is not shown)
 * comes before the posted ones, and the posted ones go by postDate, newest first. Pending transactions
 * among themselves, and the order of the accounts, are not constrained.
 */
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

class OrderTracker {
  private account: string | undefined;
  private readonly finished = new Set<string>();
  private posted: { id: unknown; date: number; raw: string; where: string } | undefined;
  private seenPosted = false;

  constructor(private readonly flaws: Flaws) {}

  see(t: Record<string, unknown> | undefined, page: Page, entry: number): void {
    if (!t || typeof t.account !== 'string') return;
    if (t.account !== this.account) {
      if (this.finished.has(t.account)) {
        const account = t.account;
        const before = this.account;
        this.flaws.note(
          'AFFORD-12',
          () =>
            `${where(page, entry)}: account ${account} appears again after the run of account ${before ?? '?'}; its own run had ended earlier`,
          page.exchange,
        );
      }
      if (this.account !== undefined) this.finished.add(this.account);
      this.account = t.account;
      this.posted = undefined;
      this.seenPosted = false;
    }
    if (t.status !== 'posted') {
      if (this.seenPosted) {
        const previous = this.posted;
        this.flaws.note(
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
      this.flaws.note(
        'AFFORD-13',
        () =>
          `${where(page, entry)}: posted ${raw} comes after ${previous.where} posted ${previous.raw}, an older date, in account ${String(t.account)}`,
        page.exchange,
      );
    this.posted = { id: t.id, date, raw, where: where(page, entry) };
  }
}

/** The flaw as a Finding: what was expected, how often it broke, the first examples, the first page at fault. */
export function flawFinding(walk: SnapshotWalk, flaw: Flaw, expectation: string): Finding {
  const more = flaw.count > flaw.examples.length ? `\n… ${flaw.count - flaw.examples.length} more` : '';
  return new Finding(
    `${expectation}; the walk ${walk.label} broke it ${flaw.count} time(s):\n${flaw.examples.join('\n')}${more}`,
    flaw.exchange,
  );
}

/** Throws the walk's first flaw of the requirement, if any. */
export function expectNoFlaw(walk: SnapshotWalk, requirement: string, expectation: string): void {
  const flaw = walk.flaws.get(requirement);
  if (flaw) throw flawFinding(walk, flaw, expectation);
}

/**
 * The rule a walk's stop breaks, where it is one of the paging rules: a later page refused or no list
 * (AFFORD-10, following links.next answers the following page), a loop or pages without end (AFFORD-05,
 * a walk ends), a page of transactions seen before (AFFORD-11). Else the check's own requirement holds it.
 */
function brokenByStop(problem: WalkProblem): RequirementId[] | undefined {
  if (problem.page > 0 && (problem.reason === 'status' || problem.reason === 'not-a-list'))
    return ['AFFORD-10'];
  if (problem.reason === 'loop' || problem.reason === 'too-many-pages') return ['AFFORD-05'];
  if (problem.reason === 'repeated-page') return ['AFFORD-11'];
  return undefined;
}

/**
 * Throws the problem that stopped a walk before its end. A walk stopped by its page cap, with every page
 * full of fresh transactions, says nothing against the target: the spec does not bound a snapshot, the
 * cap is ours, so what needed the end is not exercised (a loop, a repeated or a mostly empty page stops
 * a walk as a finding before that).
 */
export function expectCompleted(walk: SnapshotWalk): void {
  if (completed(walk)) return;
  if (walk.problem?.reason === 'page-cap')
    throw new NotExercised(
      `the walk ${walk.label} (${walk.request}) reached the suite's cap before the snapshot's end; ${walk.problem.message}. ` +
        'A smaller fixture snapshot (affordabilityId) lets the walks reach the end',
    );
  if (walk.problem)
    throw new Finding(
      `the walk ${walk.label} (${walk.request}) stopped before a page without links.next: ${walk.problem.message}`,
      walk.problem.exchange,
      brokenByStop(walk.problem),
    );
  throw new Finding(`the walk ${walk.label} (${walk.request}) did not reach its last page`, walk.last);
}

/**
 * A walk's first page must have answered with a list for anything to be judged; a snapshot the walk found
 * empty leaves transaction-level requirements not exercised.
 */
export function expectTransactionsSeen(
  walk: SnapshotWalk,
  empty = 'the fixture snapshot holds no transaction, so none can be checked',
): void {
  if (walk.problem && walk.problem.page === 0)
    throw new Finding(
      `no transaction to check: the first page of the walk ${walk.label} failed: ${walk.problem.message}`,
      walk.problem.exchange,
    );
  if (walk.entries === 0) throw new NotExercised(empty);
}

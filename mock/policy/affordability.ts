import { filterOf, pageSizeOf } from '../../src/operations/table.ts';
import type { AffordabilityVariants } from '../variants/types.ts';
import type { PolicyInputs } from './inputs.ts';

/** Page size limits (spec: Limits), as the operations table holds them. */
const pageSize = pageSizeOf('listAffordabilityTransactions');
export const pageMaximum = pageSize.maximum;
const classFilter = filterOf('listAffordabilityTransactions');

/**
 * How the lists of transactions (the affordability list, and the mock's own lists paged the same way)
 * answer: the spec's rules, as the readings read them and the faults bend them.
 */
export interface AffordabilityPolicy {
  /** An affordability snapshot with no transactions: an empty list, or refused with 404. */
  emptySnapshot: 'list' | 'not-found';
  filter: {
    /** The class property as written in an expression: with the resource's prefix, or bare. */
    property: 'transaction.class' | 'class';
    /** A near miss of the expression's shape: refused, or read as the expression it nearly is. */
    nearMisses: 'refused' | 'forgiven';
    /** A malformed filter: refused, or the service fails on it (500). */
    malformed: 'refused' | 'fails';
    /** A class outside both class tables: matches nothing, or refused. */
    unknownClass: 'match-nothing' | 'refused';
    /** Whether the filter is applied at all. */
    applied: boolean;
    /** Whether a page reached by a cursor keeps the walk's filter, or lists as if none was asked: a faulty server's. */
    keptOnNext: boolean;
    /** A class matches a term when it is the value, or when it holds the value anywhere. */
    match: 'whole' | 'substring';
    /** The place (from 0) among its matches of one the filter leaves out: a faulty server's; none by default. */
    leavesOut?: number;
  };
  limit: {
    /** The page size when no limit is sent. */
    default: number;
    /** The largest limit taken. */
    maximum: number;
    /** Whether a limit asked is honoured: beside a filter too, or only without one. */
    honoured: 'always' | 'without-filter' | 'never';
    /** A limit above the maximum: refused, or capped at it. */
    aboveMaximum: 'refused' | 'capped';
    /** A limit that is no whole number from 1: refused, or given the default page. */
    invalid: 'refused' | 'default-page';
  };
  cursor: {
    /** Whether a cursor is taken at all. */
    accepted: boolean;
    /** What a cursor holds: the position and what the walk asked, or the position only. */
    holds: 'walk' | 'position-only';
    /** A cursor the service did not issue: refused, or the service fails on it (500). */
    unreadable: 'refused' | 'fails';
  };
  page: {
    /** How many entries fewer than an explicit limit below the maximum a page holds. */
    shortBy: number;
    /** How many entries of a page the next one repeats. */
    overlap: number;
    /** How many entries the next page skips past the end of the page before, without a filter and with one. */
    skipped: { unfiltered: number; filtered: number };
    /** Whether a last page that is exactly full leaves out its last entry. */
    fullLastPageDropsLast: boolean;
  };
  next: {
    /** When links.next is given: while more remain, never, or on the last page too. */
    given: 'while-more-remain' | 'never' | 'always';
    /** Edges of "while more remain": left out when one entry remains; given after an exactly full last page. */
    missingWhenOneRemains: boolean;
    afterFullLastPage: boolean;
    /** Whether an empty list asked with a limit links to a next page. */
    onEmptyLimitedList: boolean;
    /** links.next as a link to the next page, or the bare cursor. */
    form: 'link' | 'cursor';
    /** On the last page links.next is left out, or null. */
    onLastPage: 'absent' | 'null';
  };
  /** What count and size give: the page's entries and the list's, or the list's and the limit. */
  countSize: 'page-and-total' | 'total-and-limit';
  /** The list's order: the spec's, or a faulty server's. */
  order: 'spec' | 'date-across-accounts' | 'ascending' | 'pending-last';
  /** How a transaction is written where the spec leaves room (AffordabilityVariants). */
  transaction: Pick<
    AffordabilityVariants,
    'nonPaymentSubClass' | 'debitAmounts' | 'pendingStatus' | 'transactionDate'
  >;
}

export function affordabilityPolicy({ variants: all, fault }: PolicyInputs): AffordabilityPolicy {
  const variants = all.affordability ?? {};
  const { nonPaymentSubClass, debitAmounts, pendingStatus, transactionDate } = variants;
  return {
    emptySnapshot: fault('affordability-empty-snapshot-404') ? 'not-found' : 'list',
    filter: {
      property: (variants.classFilter === 'bare'
        ? classFilter.properties[0]?.slice(classFilter.resource.length + 1)
        : classFilter.properties[0]) as AffordabilityPolicy['filter']['property'],
      nearMisses: all.forgivingFilters ? 'forgiven' : 'refused',
      malformed: fault('affordability-malformed-filter-500') ? 'fails' : 'refused',
      unknownClass: variants.unknownClass ?? 'match-nothing',
      applied: !fault('affordability-filter-ignored'),
      keptOnNext: !fault('affordability-filter-lost-on-next'),
      match: fault('affordability-filter-substring') ? 'substring' : 'whole',
      ...(fault('affordability-filter-loses-501st-match') ? { leavesOut: pageSize.maximum } : {}),
    },
    limit: {
      default: fault('affordability-default-page-100')
        ? 100
        : fault('affordability-default-page-600')
          ? 600
          : pageSize.default,
      maximum: fault('affordability-limit-unbounded') ? 10_000 : pageMaximum,
      honoured: fault('affordability-limit-ignored')
        ? 'never'
        : fault('affordability-limit-ignored-with-filter')
          ? 'without-filter'
          : 'always',
      aboveMaximum: variants.limitAboveMaximum ?? 'refused',
      invalid: variants.invalidLimit ?? 'refused',
    },
    cursor: {
      accepted: !fault('affordability-cursor-refused'),
      holds: variants.cursor ?? 'walk',
      unreadable: fault('affordability-garbage-cursor-500') ? 'fails' : 'refused',
    },
    page: {
      shortBy: fault('affordability-short-pages') ? 1 : 0,
      overlap: fault('affordability-page-overlap') ? 1 : 0,
      skipped: {
        unfiltered: fault('affordability-page-gap') ? 1 : 0,
        filtered: fault('affordability-filtered-page-gap') ? 1 : 0,
      },
      fullLastPageDropsLast: fault('affordability-last-dropped-on-full-page'),
    },
    next: {
      given: fault('affordability-next-missing')
        ? 'never'
        : fault('affordability-next-on-last-page')
          ? 'always'
          : 'while-more-remain',
      missingWhenOneRemains: fault('affordability-next-missing-before-last-one'),
      afterFullLastPage: fault('affordability-next-on-full-last-page'),
      onEmptyLimitedList: fault('affordability-empty-limited-has-next'),
      form: variants.next ?? 'link',
      onLastPage: variants.lastPageNext === 'null' ? 'null' : 'absent',
    },
    countSize: variants.countSize ?? 'page-and-total',
    order: fault('affordability-accounts-interleaved')
      ? 'date-across-accounts'
      : fault('affordability-order-ascending')
        ? 'ascending'
        : fault('affordability-pending-last')
          ? 'pending-last'
          : 'spec',
    transaction: { nonPaymentSubClass, debitAmounts, pendingStatus, transactionDate },
  };
}

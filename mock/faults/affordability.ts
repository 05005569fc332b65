/**
 * Faults of affordability transactions (spec: affordability transactions endpoint, Affordability
 * transaction, Limits), each breaking one AFFORD requirement: paging, ordering, filtering and the
 * transaction's shape. Faults exist so the suite can prove its worth: run against the mock with one in
 * force, the suite must fail the check of that requirement, or it has a gap.
 */

import type { Fault } from './fault.ts';
import { onSuccess, unknownIdAnswered, mapData, type Body } from './reply-rewrites.ts';
import { routePaths } from '../routes/paths.ts';

const transactionsPath = routePaths.affordabilityTransactions;

export const affordabilityFaults = [
  {
    name: 'affordability-empty-limited-has-next',
    requirement: 'AFFORD-02',
    description: 'a snapshot without transactions asked with a limit links to a next page',
  },
  {
    name: 'affordability-next-missing',
    requirement: 'AFFORD-04',
    description: 'no links.next although more pages exist',
  },
  {
    name: 'affordability-next-on-last-page',
    requirement: 'AFFORD-05',
    description: 'the last page links to an empty next page',
  },
  {
    name: 'affordability-next-missing-before-last-one',
    requirement: 'AFFORD-04',
    description: 'no links.next when exactly one transaction remains after the page',
  },
  {
    name: 'affordability-next-on-full-last-page',
    requirement: 'AFFORD-05',
    description: 'a last page that is exactly full links to an empty next page',
  },
  {
    name: 'affordability-last-dropped-on-full-page',
    requirement: 'AFFORD-11',
    description: 'when the total is a multiple of the limit, the last page leaves out its last transaction',
  },
  {
    name: 'affordability-default-page-100',
    requirement: 'AFFORD-08',
    description: 'without limit, pages hold 100 transactions',
  },
  {
    name: 'affordability-default-page-600',
    requirement: 'AFFORD-06',
    description: 'without limit, pages hold 600 transactions',
  },
  {
    name: 'affordability-limit-ignored',
    requirement: 'AFFORD-07',
    description: 'limit is ignored; pages hold 500',
  },
  {
    name: 'affordability-limit-ignored-with-filter',
    requirement: 'AFFORD-07',
    description: 'limit is ignored when a filter is given; filtered pages hold 500',
  },
  {
    name: 'affordability-limit-unbounded',
    requirement: 'AFFORD-09',
    description: 'limit above 500 gives pages above 500',
  },
  {
    name: 'affordability-cursor-refused',
    requirement: 'AFFORD-10',
    description: 'the next cursor is refused with 400',
  },
  {
    name: 'affordability-accounts-interleaved',
    requirement: 'AFFORD-12',
    description: 'transactions are ordered by date across accounts',
  },
  {
    name: 'affordability-order-ascending',
    requirement: 'AFFORD-13',
    description: 'posted transactions are ordered oldest first',
  },
  {
    name: 'affordability-pending-last',
    requirement: 'AFFORD-14',
    description: 'pending transactions come after posted ones',
  },
  {
    name: 'affordability-unknown-snapshot-served',
    requirement: 'AFFORD-16',
    description: 'an unknown snapshot id is answered 200 with an empty list',
    alter: unknownIdAnswered(transactionsPath, () => ({
      type: 'list',
      count: 0,
      size: 0,
      data: [],
      links: { self: '/' },
    })),
  },
  {
    name: 'affordability-amount-number',
    requirement: 'AFFORD-20',
    description: 'transaction amounts are numbers',
    alter: onSuccess(transactionsPath, (body) => mapData(body, (t) => ({ ...t, amount: Number(t.amount) }))),
  },
  {
    name: 'affordability-debit-refund',
    requirement: 'AFFORD-23',
    description: 'debit payments are classed "refund", a credit class',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => (t.class === 'payment' ? { ...t, class: 'refund', subClass: null } : t)),
    ),
  },
  {
    name: 'affordability-subclass-on-non-payment',
    requirement: 'AFFORD-29',
    description: 'transactions that are not payments carry a subClass',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) =>
        t.class !== 'payment' ? { ...t, subClass: { title: 'Other', code: 'other' } } : t,
      ),
    ),
  },
  {
    name: 'affordability-transaction-self-link',
    requirement: 'AFFORD-32',
    description: 'transactions carry links.self',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => ({
        ...t,
        links: { ...(t.links as Body), self: `/transactions/${String(t.id)}` },
      })),
    ),
  },
  {
    name: 'affordability-self-link-on-later-pages',
    requirement: 'AFFORD-32',
    description: 'the transactions of pages reached by links.next carry links.self; the first page has none',
  },
  {
    name: 'affordability-account-links-collapsed',
    requirement: 'AFFORD-38',
    description: "every transaction of a page has the links.account of the page's first transaction",
    collateral: [
      {
        requirement: 'AFFORD-33',
        reason: "the link no longer names the transaction's account, which the SHOULD asks",
      },
    ],
    alter: onSuccess(transactionsPath, (body) => {
      const first = ((body.data as Body[])[0]?.links as Body | undefined)?.account;
      return mapData(body, (t) => ({ ...t, links: { ...(t.links as Body), account: first } }));
    }),
  },
  {
    name: 'affordability-list-status-206',
    requirement: 'AFFORD-01',
    description: 'pages of the transaction list are answered 206 Partial Content instead of 200',
    collateral: [{ requirement: 'AFFORD-02', reason: "the empty snapshot's list is answered 206 too" }],
    alter: (reply, route) =>
      route?.path === transactionsPath && reply.status === 200 ? { ...reply, status: 206 } : reply,
  },
  {
    name: 'affordability-count-string',
    requirement: 'AFFORD-03',
    description: 'the list envelope gives count as a string',
    alter: onSuccess(transactionsPath, (body) => ({ ...body, count: String(body.count) })),
  },
  {
    name: 'affordability-short-pages',
    requirement: 'AFFORD-08',
    description: 'with an explicit limit below 500, pages followed by links.next hold one entry fewer',
  },
  {
    name: 'affordability-page-overlap',
    requirement: 'AFFORD-11',
    description: 'each next page starts with the last transaction of the page before',
  },
  {
    name: 'affordability-page-gap',
    requirement: 'AFFORD-11',
    description:
      'without a filter, each next page starts one transaction past the end of the page before: one is lost at every page boundary',
  },
  {
    name: 'affordability-filtered-page-gap',
    requirement: 'AFFORD-11',
    description:
      'with a class filter, each next page starts one transaction past the end of the page before: one is lost at every page boundary',
  },
  {
    name: 'affordability-filter-lost-on-next',
    requirement: 'AFFORD-15',
    description:
      'a page reached by links.next lists as if no filter was asked: the class filter holds on the first page only',
  },
  {
    name: 'affordability-filter-ignored',
    requirement: 'AFFORD-15',
    description: 'the transaction.class filter is accepted but not applied',
    collateral: [
      {
        requirement: 'AFFORD-34',
        reason: 'a class filter that matches nothing, ignored, answers every transaction',
      },
    ],
  },
  {
    name: 'affordability-filter-substring',
    requirement: 'AFFORD-15',
    description: 'the class filter takes every class holding the value: interest also returns loan-interest',
  },
  {
    name: 'affordability-filter-loses-501st-match',
    requirement: 'AFFORD-15',
    description:
      'the class filter leaves out its 501st match: a filter bug that, at pages of 500, falls exactly where page 1 gives way to page 2',
  },
  {
    name: 'affordability-transaction-type-wrong',
    requirement: 'AFFORD-17',
    description: 'transactions carry type "affordability-transaction"',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => ({ ...t, type: 'affordability-transaction' })),
    ),
  },
  {
    name: 'affordability-status-number',
    requirement: 'AFFORD-18',
    description: 'transaction status is a number (1 posted, 0 pending)',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => ({ ...t, status: t.status === 'posted' ? 1 : 0 })),
    ),
  },
  {
    name: 'affordability-description-null',
    requirement: 'AFFORD-19',
    description: 'pending transactions have a null description',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => (t.status === 'posted' ? t : { ...t, description: null })),
    ),
  },
  {
    name: 'affordability-balance-number',
    requirement: 'AFFORD-21',
    description: 'transaction balances are numbers',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => ({ ...t, balance: Number(t.balance) })),
    ),
  },
  {
    name: 'affordability-direction-uppercase',
    requirement: 'AFFORD-22',
    description: 'direction is "DEBIT" or "CREDIT"',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => ({ ...t, direction: String(t.direction).toUpperCase() })),
    ),
  },
  {
    name: 'affordability-credit-salary',
    requirement: 'AFFORD-24',
    description: 'direct credits are classed "salary", outside the credit classes',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => (t.class === 'direct-credit' ? { ...t, class: 'salary' } : t)),
    ),
  },
  {
    name: 'affordability-institution-object',
    requirement: 'AFFORD-25',
    description: "a transaction's institution is an object holding the id",
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => ({ ...t, institution: { id: t.institution } })),
    ),
  },
  {
    name: 'affordability-transaction-date-null',
    requirement: 'AFFORD-26',
    description: 'pending transactions have a null transactionDate instead of a string',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => (t.status === 'posted' ? t : { ...t, transactionDate: null })),
    ),
  },
  {
    name: 'affordability-post-date-local',
    requirement: 'AFFORD-27',
    description: 'postDate is a local date and time in DD/MM/YYYY form',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => ({
        ...t,
        postDate: new Date(String(t.postDate)).toLocaleString('en-AU', { timeZone: 'UTC' }),
      })),
    ),
  },
  {
    name: 'affordability-subclass-string',
    requirement: 'AFFORD-28',
    description: 'payments give subClass as its title string instead of an object',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) =>
        t.subClass !== null && typeof t.subClass === 'object'
          ? { ...t, subClass: (t.subClass as Body).title }
          : t,
      ),
    ),
  },
  {
    name: 'affordability-payment-subclass-null',
    requirement: 'AFFORD-30',
    description: 'payments carry a null subClass',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => (t.class === 'payment' ? { ...t, subClass: null } : t)),
    ),
  },
  {
    name: 'affordability-institution-link-missing',
    requirement: 'AFFORD-31',
    description: 'transactions carry no links.institution',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => {
        const { institution: _institution, ...links } = t.links as Body;
        return { ...t, links };
      }),
    ),
  },
  {
    name: 'affordability-institution-link-of-another',
    requirement: 'AFFORD-38',
    description:
      "each transaction's links.institution names the next institution of the catalogue, not its own",
    collateral: [
      {
        requirement: 'AFFORD-33',
        reason: "the link no longer names the transaction's institution, which the SHOULD asks",
      },
    ],
  },
  {
    name: 'affordability-other-user-served',
    requirement: 'AFFORD-37',
    description: "a snapshot is looked up by its id alone: another user's path serves it",
  },
  {
    name: 'affordability-empty-snapshot-404',
    requirement: 'AFFORD-02',
    description: 'a snapshot without transactions is answered 404, as if it did not exist',
  },
  {
    name: 'affordability-empty-data-null',
    requirement: 'AFFORD-34',
    description: 'a list without transactions gives data null instead of an empty array',
    alter: onSuccess(transactionsPath, (body) =>
      (body.data as Body[]).length === 0 ? { ...body, data: null } : body,
    ),
  },
  {
    name: 'affordability-garbage-cursor-500',
    requirement: 'AFFORD-35',
    description: 'a next value the service did not issue answers 500, the cursor decoder failing',
  },
  {
    name: 'affordability-malformed-filter-500',
    requirement: 'AFFORD-36',
    description: 'a malformed filter expression answers 500, the filter parser failing',
  },
  {
    name: 'affordability-account-link-other',
    requirement: 'AFFORD-33',
    description: "links.account names the institution instead of the transaction's account",
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => ({
        ...t,
        links: {
          ...(t.links as Body),
          account: String((t.links as Body).account).replace(String(t.account), String(t.institution)),
        },
      })),
    ),
  },
  {
    name: 'affordability-cash-withdrawal-sign-flipped',
    requirement: 'AFFORD-39',
    description: 'cash withdrawals carry the opposite sign to the other debits of their account',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) =>
        t.class === 'cash-withdrawal' && t.direction === 'debit'
          ? { ...t, amount: flipSign(String(t.amount)) }
          : t,
      ),
    ),
  },
  {
    name: 'affordability-page-institution-of-first',
    requirement: 'AFFORD-40',
    description:
      "every transaction of a page names the institution of the page's first transaction, its link too",
    alter: onSuccess(transactionsPath, (body) => {
      const first = (body.data as Body[])[0]?.institution;
      if (typeof first !== 'string') return body;
      return mapData(body, (t) => ({
        ...t,
        institution: first,
        links: {
          ...(t.links as Body),
          institution: String((t.links as Body).institution).replace(/[^/]*$/, first),
        },
      }));
    }),
  },
] as const satisfies readonly Fault[];

/** The amount with the other sign: -12.50 becomes 12.50 and 12.50 becomes -12.50. */
function flipSign(amount: string): string {
  return amount.startsWith('-') ? amount.slice(1) : `-${amount.replace(/^\+/, '')}`;
}

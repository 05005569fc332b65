import fc from 'fast-check';
import { pageSizeOf } from '../../operations/table.ts';

const { minimum, maximum } = pageSizeOf('listAffordabilityTransactions');

/**
 * A valid `limit` of GET …/affordability/{affordability.id}/transactions (spec: "maximum 500"), as sent.
 * Valid under every reading: a whole number from 1 to the stated maximum. Three draws in four are 50 or
 * less: each draw is a first page of that many transactions, so a run of 25 costs some 2,000 transactions,
 * not 6,000, over a slow target; a cap that holds or fails only above some size still meets about six
 * draws from the whole range, and the walks ask for 1, 137, 500 and 501 exactly.
 */
export const validLimit: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: minimum, max: 50 }) },
  { weight: 1, arbitrary: fc.integer({ min: minimum, max: maximum }) },
);

/**
 * `next` values the service cannot have issued (spec: `next` is "taken from the `links.next` value of the
 * previous page"). Why invalid under every reading: a cursor names a position the service handed out, and
 * these it never handed out. None is a number, which an offset or page-number cursor would read as a
 * position, nor empty, which a service may take for no cursor at all.
 */
export const madeUpCursors = [
  'not-a-cursor', // a word
  '%%%!!!', // characters no encoding of a cursor uses
  'A'.repeat(300), // a long run of letters
] as const;

/**
 * Class filter expressions no filter shape makes (spec: `filter`, property `transaction.class`; the shape
 * is the connections filter's `<property>.<operator>('<value>')` or open, AMB-AFFORD-01). Why invalid
 * under every reading: no property, operator and value can be read from them, even by a parser that
 * forgives a call left open, so no server can apply them, and answering them as if no filter were given
 * passes the client's mistake off as a result.
 */
export const malformedClassFilters = [
  ")('", // stray brackets and a quote: no property
  '.eq(', // an operator of no property
] as const;

/**
 * Near misses of the shape, each beside the expression it nearly is: a parser that forgives a call left
 * open reads them so, a strict one refuses them; either answer is taken, but not an ignored filter.
 */
export const nearMissClassFilters = [
  ["transaction.class.eq('payment'", "transaction.class.eq('payment')"], // the call never closes
  ['transaction.class.eq(', "transaction.class.eq('')"], // an empty call that never closes
] as const;

import { historyMonths } from '../clock.ts';
import type { Random } from '../random.ts';
import type { TransactionRecord } from '../world.ts';
import { bills } from './bills.ts';
import { cashAndTransfers } from './cash-and-transfers.ts';
import { cardRepayments, settleCardRepayments } from './credit-cards.ts';
import { accountFee } from './fees.ts';
import { otherCredits, salary, settleSalary } from './income.ts';
import { holdings, Ledger, type HistoryInput } from './ledger.ts';
import { loans } from './loans.ts';
import { Till } from './purchases.ts';
import { savings } from './savings.ts';
import { everydayShopping, refunds } from './shopping.ts';
import { settle } from './settle.ts';
import { tripAbroad } from './trip-abroad.ts';

/**
 * One user's transactions, step by step. The steps run in this order because the world is the order of
 * its draws (see Random): moving a step, or a draw within one, changes every transaction after it and
 * fixtures/world/world.json with them. Amounts that depend on the rest (card repayments, the salary) are
 * drafted as zero and settled once everything else is drawn.
 */
export function history(r: Random, input: HistoryInput): TransactionRecord[] {
  const { busy } = input;
  const book = new Ledger(r, busy ? historyMonths : r.int(3, 6));
  const held = holdings(input.accounts);

  // Money in and between the user's own accounts.
  const salaries = salary(book, held, busy);
  accountFee(book, held, busy);
  savings(book, held, busy);
  const repayments = cardRepayments(book, held, busy);
  loans(book, held, busy);
  cashAndTransfers(book, held, input);
  otherCredits(book, held, busy);

  // Payments: bills on a schedule, a trip abroad, everyday shopping, some of it refunded.
  const till = new Till(book, held, input.merchants);
  bills(book, till, held, busy);
  if (busy) tripAbroad(book, till, held, input.merchants);
  const refundCount = busy ? r.int(4, 8) : r.int(0, 2);
  everydayShopping(book, till, input, refundCount);
  refunds(book, refundCount);

  const kept = settleCardRepayments(book, repayments);
  settleSalary(book, held, kept, salaries, busy);
  return settle(r, input, kept, book.opening);
}

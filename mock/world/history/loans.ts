import { last4, title, type Holdings, type Ledger } from './ledger.ts';

/** Each mortgage or loan: a principal owed, interest charged at each month's end, repaid from the main account. */
export function loans(book: Ledger, held: Holdings, busy: boolean): void {
  const { r } = book;
  for (const loan of held.loans) {
    const mortgage = loan.class.type === 'mortgage';
    const principal = mortgage ? r.int(250_000, 750_000) * 100 : r.int(5_000, 35_000) * 100;
    book.opening.set(loan.id, -principal);
    const interest = Math.round((principal * (mortgage ? r.int(580, 660) : r.int(900, 1300))) / 10000 / 12);
    book.monthEnds((at) =>
      book.add(loan, at, -Math.round((interest * r.int(97, 103)) / 100), 'loan-interest', 'INTEREST CHARGED'),
    );
    const monthlyRepayment = Math.round(interest * (mortgage ? 1.35 : 1.8));
    const repay = (amount: number) => (at: number) => {
      book.add(held.main, at, -amount, 'internal-transfer', `TRANSFER TO ${title(loan.name)} ${last4(loan)}`);
      book.add(loan, at, amount, 'loan-repayment', 'LOAN REPAYMENT');
    };
    if (busy && mortgage) book.every(7, repay(Math.round((monthlyRepayment * 12) / 52)));
    else book.monthly(r.int(1, 28), repay(monthlyRepayment));
  }
}

import { monthStart, now } from '../clock.ts';
import { atmOperators, places } from '../reference-data.ts';
import { title, type Holdings, type HistoryInput, type Ledger } from './ledger.ts';

/**
 * Each month, on the main account: cash from ATMs (mostly near home, sometimes with an operator's fee),
 * transfers to and from four friends.
 */
export function cashAndTransfers(book: Ledger, held: Holdings, input: HistoryInput): void {
  const { r } = book;
  const { main } = held;
  const { busy, home } = input;
  const friends: string[] = [];
  while (friends.length < 4) {
    const name = title(`${r.faker.person.firstName().charAt(0)} ${r.faker.person.lastName()}`);
    if (input.clean(name)) friends.push(name);
  }
  const nearby = places.filter((p) => p.country === 'AU' && p.state === home.state);
  const auPlaces = places.filter((p) => p.country === 'AU');
  book.monthly(1, (_, offset) => {
    const from = monthStart(offset);
    const to = Math.min(monthStart(offset - 1) - 1000, now);
    for (let k = busy ? r.int(1, 3) : r.int(0, 1); k > 0; k--) {
      const at = r.instant(from, to);
      const place = r.chance(0.8) ? r.pick(nearby) : r.pick(auPlaces);
      const operator = r.pick(atmOperators);
      book.add(
        main,
        at,
        -r.pick([20, 40, 50, 100, 100, 200, 300]) * 100,
        'cash-withdrawal',
        `ATM WITHDRAWAL ${operator} ${title(place.suburb)} ${place.stateCode}`,
      );
      if (r.chance(0.25))
        book.add(main, Math.min(at + 1000, now), -r.int(250, 350), 'bank-fee', 'ATM OPERATOR FEE');
    }
    for (let k = busy ? r.int(1, 3) : r.int(0, 1); k > 0; k--) {
      const friend = r.pick(friends);
      const memo = r.pick(['RENT', 'DINNER', 'BILLS', 'GIFT', 'HOLIDAY', 'TICKETS']);
      book.add(
        main,
        r.instant(from, to),
        -r.int(20, 600) * 100,
        'external-transfer',
        r.pick([`TRANSFER TO ${friend}`, `OSKO PAYMENT TO ${friend} ${memo}`]),
      );
    }
    for (let k = busy ? r.int(1, 2) : r.int(0, 1); k > 0; k--) {
      const friend = r.pick(friends);
      book.add(
        main,
        r.instant(from, to),
        r.int(10, 400) * 100,
        'external-transfer',
        r.pick([`TRANSFER FROM ${friend}`, `OSKO DEPOSIT FROM ${friend}`]),
      );
    }
  });
}

import { describe, expect, test } from 'vitest';
import type { Page } from '../../src/checks/paging.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { checkFilteredClass, checkTransaction } from '../../suites/affordability/field-requirements.ts';
import { WalkFindings } from '../../suites/affordability/findings.ts';
import { requirementsOfGroup } from '../../src/requirements/catalogue.ts';

/** A valid payment (fixtures/examples/affordability-transaction.cases.json), altered by each case. */
const payment = {
  type: 'transaction',
  id: 'tx-7f1e2a',
  status: 'posted',
  description: 'WOOLWORTHS 1234 SYDNEY NS AUS',
  amount: '-84.15',
  account: 's55bf3',
  balance: '2456.40',
  direction: 'debit',
  class: 'payment',
  institution: 'AU00000',
  transactionDate: '2024-02-27T00:00:00Z',
  postDate: '2024-02-28T00:00:00Z',
  subClass: { title: 'Supermarket and Grocery Stores', code: '411' },
  links: { account: '/users/ea3a81/accounts/s55bf3', institution: '/institutions/AU00000' },
};

const affordIds = requirementsOfGroup('affordability').map((requirement) => requirement.id);

function pageOf(item: unknown): Page {
  const body = { type: 'list', data: [item] };
  const exchange: Exchange = {
    request: { method: 'GET', url: 'http://target/transactions', headers: {} },
    response: { status: 200, headers: {}, body, text: JSON.stringify(body), durationMs: 1 },
    retries: [],
  };
  return { index: 0, exchange, body, items: [item], next: undefined };
}

/** The requirements the field mapping notes for one transaction, seen alone (no walk). */
function broken(transaction: unknown): string[] {
  const findings = new WalkFindings();
  checkTransaction(transaction, pageOf(transaction), 0, findings);
  return affordIds.filter((id) => findings.get(id) !== undefined);
}

describe('the affordability field-to-requirement mapping, without a walk', () => {
  test('a valid payment breaks nothing', () => {
    expect(broken(payment)).toEqual([]);
  });

  test.each([
    ['an amount as a number', { amount: -84.15 }, 'AFFORD-20'],
    ['a balance as a number', { balance: 2456.4 }, 'AFFORD-21'],
    ['an upper-case direction (its class then in no table)', { direction: 'DEBIT' }, 'AFFORD-22'],
    ['a credit class on a debit', { class: 'refund', subClass: null }, 'AFFORD-23'],
    ['a subClass that is a string', { subClass: 'groceries' }, 'AFFORD-28'],
    ['a subClass on a bank fee', { class: 'bank-fee' }, 'AFFORD-29'],
    ['a payment without its subClass', { subClass: null }, 'AFFORD-30'],
    [
      'links.account naming another account',
      { links: { ...payment.links, account: '/accounts/x' } },
      'AFFORD-33',
    ],
  ])('%s breaks only its own requirement', (_, change, requirement) => {
    expect(broken({ ...payment, ...change })).toEqual([requirement]);
  });

  test('an entry of another class on a walk filtered on a class breaks AFFORD-15, naming the entry', () => {
    const findings = new WalkFindings();
    const refund = { ...payment, class: 'refund' };
    checkFilteredClass(refund, 'payment', pageOf(refund), 0, findings);
    checkFilteredClass(payment, 'payment', pageOf(payment), 0, findings);
    expect(findings.get('AFFORD-15')?.count).toBe(1);
    expect(findings.get('AFFORD-15')?.examples).toEqual(['page 1 entry 1 (id tx-7f1e2a): class "refund"']);
  });
});

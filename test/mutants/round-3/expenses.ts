/** Expense summary mutants. */
import { guarded, token } from '../client.ts';
import {
  addMonths,
  arr,
  currentMonth,
  isObject,
  obj,
  readJsonObject,
  route,
  str,
  withJson,
} from '../mutant.ts';
import type { JsonObject, Mutant, MutantRequest } from '../mutant.ts';
import {
  expenses,
  fromCents,
  historyDifference,
  histories,
  postExpenses,
  rewriteSuccess,
  sideJson,
  toCents,
  userAccounts,
} from './util.ts';

const BLOCKS = ['cashWithdrawals', 'bankFees', 'externalTransfers', 'loanInterests', 'loanRepayments'];
const expensesRoute = (request: MutantRequest) => route(request, 'POST', /^\/users\/([^/]+)\/expenses$/);

/** Every changeHistory array of an expenses body (blocks and payment subcategories). */
function allHistories(body: JsonObject): unknown[][] {
  const out: unknown[][] = [];
  for (const name of BLOCKS) out.push(arr(obj(body[name]).changeHistory));
  for (const payment of arr(body.payments)) {
    for (const sub of arr(obj(payment).subCategory)) out.push(arr(obj(sub).changeHistory));
  }
  return out;
}

const lastMonthZeroed: Mutant = {
  name: 'r3-expenses-last-month-zeroed',
  group: 'expenses',
  clause: '`YYYY-MM`; last month included',
  why: 'the spending of the last month of the range is reported as 0.00 in every history, while the same month shows its real spending when it is not the last one.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!expensesRoute(request)) return response;
    return rewriteSuccess(response, (body) => {
      for (const history of allHistories(body)) {
        const last = history[history.length - 1];
        if (isObject(last)) last.amount = '0.00';
      }
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const current = currentMonth();
      const base = histories(await expenses(target, tok, {}));
      // The month before the current one with the most spending recorded.
      const totals = new Map<string, number>();
      for (const months of base.values()) {
        for (const [date, amount] of months) {
          if (date < current) totals.set(date, (totals.get(date) ?? 0) + Math.abs(toCents(amount)));
        }
      }
      const month = [...totals.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
      if (month === undefined || (totals.get(month) ?? 0) === 0) return 'no month with spending to compare';
      const ending = histories(
        await expenses(target, tok, { fromMonth: addMonths(month, -2), toMonth: month }),
      );
      const starting = histories(
        await expenses(target, tok, { fromMonth: month, toMonth: addMonths(month, 1) }),
      );
      const difference = historyDifference(ending, starting, [month]);
      if (difference !== null) {
        return `${month} differs when it ends the range and when it starts it: ${difference}`;
      }
      return null;
    }),
};

const defaultFirstConnectionOnly: Mutant = {
  name: 'r3-expenses-default-first-connection-only',
  group: 'expenses',
  clause: 'all accounts of the user are used when none are given',
  why: "without accounts in the body only the accounts of the user's first connection are summarised, not all the user's accounts.",
  async handle(request, forward) {
    const params = expensesRoute(request);
    if (!params) return forward(request);
    const body = request.body.length === 0 ? {} : readJsonObject(request);
    if (body === undefined || (body.accounts !== undefined && arr(body.accounts).length > 0))
      return forward(request);
    const user = params[0] ?? '';
    const list = await sideJson(forward, request, `/users/${user}/connections`);
    const first = str(obj(arr(list?.data)[0]).id);
    if (first === undefined) return forward(request);
    const detail = await sideJson(forward, request, `/users/${user}/connections/${first}`);
    const accounts = arr(obj(detail?.accounts).data)
      .map((a) => str(obj(a).id))
      .filter((id): id is string => id !== undefined);
    if (accounts.length === 0) return forward(request);
    const headers = { ...request.headers, 'content-type': 'application/json' };
    return forward(withJson({ ...request, headers }, { ...body, accounts }));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const accounts = (await userAccounts(target, tok, target.profile.fixtures.userId)).flatMap(
        (c) => c.accounts,
      );
      const byDefault = histories(await expenses(target, tok, {}));
      const explicit = histories(await expenses(target, tok, { accounts }));
      const difference = historyDifference(byDefault, explicit);
      if (difference !== null)
        return `the default summary differs from the one over all accounts: ${difference}`;
      return null;
    }),
};

const openRangeCapped: Mutant = {
  name: 'r3-expenses-open-range-capped',
  group: 'expenses',
  clause: 'Defaults: the range runs from 13 months ago to the current month',
  why: 'when only fromMonth is given the range stops twelve months later instead of running to the current month.',
  async handle(request, forward) {
    if (!expensesRoute(request)) return forward(request);
    const body = readJsonObject(request);
    const from = body?.fromMonth;
    if (
      body === undefined ||
      typeof from !== 'string' ||
      body.toMonth !== undefined ||
      !/^\d{4}-\d{2}$/.test(from)
    ) {
      return forward(request);
    }
    const capped = addMonths(from, 11);
    if (capped >= currentMonth()) return forward(request);
    return forward(withJson(request, { ...body, toMonth: capped }));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const current = currentMonth();
      const reply = await postExpenses(target, tok, { fromMonth: addMonths(current, -13) });
      if (reply.status !== 200) return `expenses with fromMonth only answered ${reply.status}`;
      const toMonth = (reply.json as { toMonth?: unknown }).toMonth;
      if (toMonth !== current)
        return `with fromMonth only, toMonth is ${String(toMonth)} instead of ${current}`;
      return null;
    }),
};

function doubleAmounts(body: JsonObject): void {
  const double = (value: unknown) => (typeof value === 'string' ? fromCents(toCents(value) * 2) : value);
  for (const name of BLOCKS) {
    const block = obj(body[name]);
    block.avgMonthly = double(block.avgMonthly);
  }
  for (const payment of arr(body.payments)) obj(payment).avgMonthly = double(obj(payment).avgMonthly);
  for (const history of allHistories(body)) {
    for (const entry of history) obj(entry).amount = double(obj(entry).amount);
  }
}

const duplicateAccountDoubleCounted: Mutant = {
  name: 'r3-expenses-duplicate-account-double-counted',
  group: 'expenses',
  clause: 'account identifiers to include',
  why: 'an account named twice in accounts is counted twice, so its spending is doubled, while naming an account only says to include it.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!expensesRoute(request)) return response;
    const accounts = arr(readJsonObject(request)?.accounts);
    if (new Set(accounts).size === accounts.length) return response;
    return rewriteSuccess(response, doubleAmounts);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const accounts = (await userAccounts(target, tok, target.profile.fixtures.userId)).flatMap(
        (c) => c.accounts,
      );
      for (const account of accounts) {
        const once = histories(await expenses(target, tok, { accounts: [account] }));
        const spent = [...once.values()].some((m) => [...m.values()].some((a) => toCents(a) !== 0));
        if (!spent) continue;
        const twiceReply = await postExpenses(target, tok, { accounts: [account, account] });
        if (twiceReply.status !== 200) return null;
        const difference = historyDifference(
          once,
          histories(twiceReply.json as Parameters<typeof histories>[0]),
        );
        if (difference !== null) return `naming account ${account} twice changes the summary: ${difference}`;
        return null;
      }
      return 'no account with spending in the default range';
    }),
};

const subcategoryInWrongDivision: Mutant = {
  name: 'r3-expenses-subcategory-in-wrong-division',
  group: 'expenses',
  clause: 'one entry per expense division',
  why: 'a class of the second division is listed under the first division’s entry, so one entry holds two divisions.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!expensesRoute(request)) return response;
    return rewriteSuccess(response, (body) => {
      const [first, second] = arr(body.payments).map(obj);
      if (first === undefined || second === undefined) return;
      const moved = arr(second.subCategory)[0];
      if (moved === undefined) return;
      first.subCategory = [...arr(first.subCategory), moved];
      second.subCategory = arr(second.subCategory).slice(1);
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const resource = await expenses(target, tok, {});
      const owner = new Map<string, number>();
      for (const [index, payment] of resource.payments.entries()) {
        const codes = new Set(
          arr(payment.subCategory).map(
            (sub) => str(obj(obj(obj(sub).category).expenseClass).divisionCode) ?? '?',
          ),
        );
        if (codes.size > 1)
          return `the payments entry ${payment.division} holds classes of divisions ${[...codes].join(', ')}`;
        for (const code of codes) {
          if (owner.has(code) && owner.get(code) !== index)
            return `division ${code} appears in two payments entries`;
          owner.set(code, index);
        }
      }
      return null;
    }),
};

export const expenseMutants: Mutant[] = [
  lastMonthZeroed,
  defaultFirstConnectionOnly,
  openRangeCapped,
  duplicateAccountDoubleCounted,
  subcategoryInWrongDivision,
];

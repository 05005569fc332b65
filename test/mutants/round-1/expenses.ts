/** Round 1, expenses. */
import { BLOCK_NAMES, api, guarded, token } from '../client.ts';
import type { Connection, ConnectionList, Expenses, HistoryEntry, Reply } from '../client.ts';
import { addMonths, arr, currentMonth, obj, readJsonObject, route, str, withJson } from '../mutant.ts';
import type { JsonObject, Mutant, Target } from '../mutant.ts';

const EXPENSES = /^\/users\/([^/]+)\/expenses$/;

function post(target: Target, tok: string, body: unknown, user?: string): Promise<Reply> {
  return api(target, `/users/${user ?? target.profile.fixtures.userId}/expenses`, tok, {
    method: 'POST',
    body,
  });
}

function cents(amount: string): number {
  return Math.round(Number(amount) * 100);
}

/** Every monthly series of an expenses resource: the five blocks and each payments subcategory. */
function series(expenses: Expenses): Map<string, HistoryEntry[]> {
  const out = new Map<string, HistoryEntry[]>();
  for (const name of BLOCK_NAMES) out.set(name, expenses[name].changeHistory);
  for (const division of expenses.payments) {
    // Summed over the division's subcategories, month by month.
    const months = new Map<string, number>();
    for (const sub of division.subCategory) {
      for (const entry of sub.changeHistory)
        months.set(entry.date, (months.get(entry.date) ?? 0) + cents(entry.amount));
    }
    out.set(
      `payments:${division.division}`,
      [...months].map(([date, total]) => ({ date, amount: (total / 100).toFixed(2) })),
    );
  }
  return out;
}

/** Month -> cents of one series. */
function byMonth(history: readonly HistoryEntry[]): Map<string, number> {
  return new Map(history.map((e) => [e.date, cents(e.amount)]));
}

async function fixtureAccounts(target: Target, tok: string): Promise<string[]> {
  const { userId } = target.profile.fixtures;
  const list = await api(target, `/users/${userId}/connections`, tok);
  const ids: string[] = [];
  for (const connection of (list.json as ConnectionList).data) {
    const detail = await api(target, `/users/${userId}/connections/${connection.id}`, tok);
    ids.push(...((detail.json as Connection).accounts?.data ?? []).map((a) => a.id));
  }
  return ids;
}

/** Rewrites every changeHistory of an expenses body with `edit`. */
function editHistories(body: JsonObject, edit: (history: unknown[]) => unknown[]): JsonObject {
  const out: JsonObject = { ...body };
  for (const name of BLOCK_NAMES) {
    const block = obj(body[name]);
    out[name] = { ...block, changeHistory: edit(arr(block.changeHistory)) };
  }
  out.payments = arr(body.payments).map((division) => {
    const d = obj(division);
    return {
      ...d,
      subCategory: arr(d.subCategory).map((sub) => {
        const s = obj(sub);
        return { ...s, changeHistory: edit(arr(s.changeHistory)) };
      }),
    };
  });
  return out;
}

export const expenseMutants: Mutant[] = [
  {
    name: 'r1-expenses-accounts-ignored',
    group: 'expenses',
    clause: 'Transactions of accounts not specified are ignored.',
    why: 'the accounts selection is dropped, so every single-account summary counts the transactions of all accounts.',
    async handle(request, forward) {
      const sent = readJsonObject(request);
      if (!route(request, 'POST', EXPENSES) || !sent || !Array.isArray(sent.accounts))
        return forward(request);
      const { accounts, ...rest } = sent;
      const response = await forward(withJson(request, rest));
      const body = readJsonObject(response);
      if (response.status !== 200 || !body) return response;
      const chosen = accounts.map(String);
      const links = obj(body.links);
      const kept = arr(links.accounts).filter((l) => chosen.some((a) => String(l).endsWith(a)));
      return withJson(response, { ...body, links: { ...links, accounts: kept } });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const accounts = await fixtureAccounts(target, tok);
        if (accounts.length < 2) return null;
        const all = await post(target, tok, {});
        if (all.status !== 200) return `expenses over all accounts answered ${all.status}`;
        const whole = series(all.json as Expenses);
        const summed = new Map<string, Map<string, number>>();
        for (const account of accounts) {
          const one = await post(target, tok, { accounts: [account] });
          if (one.status !== 200) return `expenses for account ${account} answered ${one.status}`;
          for (const [name, history] of series(one.json as Expenses)) {
            const target2 = summed.get(name) ?? new Map<string, number>();
            for (const [month, value] of byMonth(history))
              target2.set(month, (target2.get(month) ?? 0) + value);
            summed.set(name, target2);
          }
        }
        for (const name of new Set([...whole.keys(), ...summed.keys()])) {
          const expected = byMonth(whole.get(name) ?? []);
          const got = summed.get(name) ?? new Map<string, number>();
          for (const month of new Set([...expected.keys(), ...got.keys()])) {
            const value = expected.get(month) ?? 0;
            if ((got.get(month) ?? 0) !== value) {
              return `${name} ${month}: all accounts ${value / 100}, sum of single-account summaries ${(got.get(month) ?? 0) / 100}`;
            }
          }
        }
        return null;
      }),
  },
  {
    name: 'r1-expenses-to-month-ignored',
    group: 'expenses',
    clause: '`YYYY-MM`; last month included',
    why: 'the summary runs to the current month whatever toMonth says, so months after the requested last month are reported.',
    async handle(request, forward) {
      const sent = readJsonObject(request);
      const asked = str(sent?.toMonth);
      if (!route(request, 'POST', EXPENSES) || !sent || asked === undefined) return forward(request);
      const { toMonth: _dropped, ...rest } = sent;
      const response = await forward(withJson(request, rest));
      const body = readJsonObject(response);
      return response.status === 200 && body ? withJson(response, { ...body, toMonth: asked }) : response;
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const to = addMonths(currentMonth(), -3);
        const from = addMonths(to, -2);
        const reply = await post(target, tok, { fromMonth: from, toMonth: to });
        if (reply.status !== 200) return `expenses ${from}..${to} answered ${reply.status}`;
        const expenses = reply.json as Expenses;
        if (expenses.fromMonth !== from || expenses.toMonth !== to) {
          return `asked ${from}..${to}, answered ${expenses.fromMonth}..${expenses.toMonth}`;
        }
        for (const [name, history] of series(expenses)) {
          const outside = history.find((e) => e.date < from || e.date > to);
          if (outside) return `${name} reports ${outside.date}, outside ${from}..${to}`;
        }
        return null;
      }),
  },
  {
    name: 'r1-expenses-first-month-dropped',
    group: 'expenses',
    clause: '`YYYY-MM`; first month included',
    why: 'the transactions of fromMonth are left out (its month shows zero), although fromMonth is the first month included.',
    async handle(request, forward) {
      const sent = readJsonObject(request);
      const from = str(sent?.fromMonth);
      if (!route(request, 'POST', EXPENSES) || !sent || from === undefined) return forward(request);
      const to = str(sent.toMonth) ?? currentMonth();
      if (from >= to) return forward(request);
      const response = await forward(withJson(request, { ...sent, fromMonth: addMonths(from, 1) }));
      const body = readJsonObject(response);
      if (response.status !== 200 || !body) return response;
      const zero = { date: from, amount: '0.00' };
      return withJson(response, { ...editHistories(body, (h) => [zero, ...h]), fromMonth: from });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const whole = await post(target, tok, {});
        if (whole.status !== 200) return `default expenses answered ${whole.status}`;
        const wide = series(whole.json as Expenses);
        // A month with spending somewhere, not the first of the default range.
        const start = (whole.json as Expenses).fromMonth;
        let month: string | undefined;
        for (const history of wide.values()) {
          month ??= history.find((e) => e.date > start && cents(e.amount) !== 0)?.date;
        }
        if (month === undefined) return null;
        const narrow = await post(target, tok, { fromMonth: month, toMonth: currentMonth() });
        if (narrow.status !== 200) return `expenses from ${month} answered ${narrow.status}`;
        const short = series(narrow.json as Expenses);
        for (const [name, history] of wide) {
          const expected = byMonth(history).get(month) ?? 0;
          const got = byMonth(short.get(name) ?? []).get(month) ?? 0;
          if (expected !== got)
            return `${name} ${month}: ${expected / 100} in the default range, ${got / 100} when it is fromMonth`;
        }
        return null;
      }),
  },
  {
    name: 'r1-expenses-default-range-short',
    group: 'expenses',
    clause: 'Defaults: the range runs from 13 months ago to the current month',
    why: 'with no months given the summary starts six months ago instead of thirteen.',
    async handle(request, forward) {
      const sent = readJsonObject(request) ?? (request.body.length === 0 ? {} : undefined);
      if (
        !route(request, 'POST', EXPENSES) ||
        !sent ||
        sent.fromMonth !== undefined ||
        sent.toMonth !== undefined
      ) {
        return forward(request);
      }
      const changed = withJson(request, { ...sent, fromMonth: addMonths(currentMonth(), -6) });
      return forward({ ...changed, headers: { ...changed.headers, 'content-type': 'application/json' } });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await post(target, tok, {});
        if (reply.status !== 200) return `expenses with no months answered ${reply.status}`;
        const expenses = reply.json as Expenses;
        const now = currentMonth();
        const accepted = [addMonths(now, -13), addMonths(now, -12)];
        if (!accepted.includes(expenses.fromMonth) || expenses.toMonth !== now) {
          return `default range ${expenses.fromMonth}..${expenses.toMonth}, expected ${accepted[0] ?? ''}..${now}`;
        }
        const dates = expenses.bankFees.changeHistory.map((e) => e.date);
        if (dates.some((d) => d < expenses.fromMonth))
          return `bankFees reports months before ${expenses.fromMonth}`;
        return null;
      }),
  },
  {
    name: 'r1-expenses-average-is-total',
    group: 'expenses',
    clause: '`avgMonthly` (string decimal), `summary` (string), `changeHistory` (array).',
    why: 'avgMonthly reports the total over the range, which exceeds the largest single month and so is no monthly average.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = readJsonObject(response);
      if (!route(request, 'POST', EXPENSES) || response.status !== 200 || !body) return response;
      const total = (history: unknown[]) =>
        (history.reduce<number>((sum, e) => sum + cents(str(obj(e).amount) ?? '0'), 0) / 100).toFixed(2);
      const out: JsonObject = { ...body };
      for (const name of BLOCK_NAMES) {
        const block = obj(body[name]);
        out[name] = { ...block, avgMonthly: total(arr(block.changeHistory)) };
      }
      out.payments = arr(body.payments).map((division) => {
        const d = obj(division);
        return { ...d, avgMonthly: total(arr(d.subCategory).flatMap((s) => arr(obj(s).changeHistory))) };
      });
      return withJson(response, out);
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await post(target, tok, {});
        if (reply.status !== 200) return `expenses answered ${reply.status}`;
        const expenses = reply.json as Expenses;
        const averages = new Map<string, string>(BLOCK_NAMES.map((n) => [n, expenses[n].avgMonthly]));
        for (const d of expenses.payments) averages.set(`payments:${d.division}`, d.avgMonthly);
        for (const [name, history] of series(expenses)) {
          const max = Math.max(0, ...history.map((e) => cents(e.amount)));
          const avg = cents(averages.get(name) ?? '0');
          if (avg > max + 1) return `${name}: avgMonthly ${avg / 100} exceeds its largest month ${max / 100}`;
        }
        return null;
      }),
  },
  {
    name: 'r1-expenses-created-201',
    group: 'expenses',
    clause: 'Success: 200 with the expenses resource.',
    why: 'a computed summary is answered 201 where the spec names 200.',
    async handle(request, forward) {
      const response = await forward(request);
      return route(request, 'POST', EXPENSES) && response.status === 200
        ? { ...response, status: 201 }
        : response;
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await post(target, tok, {});
        return reply.status === 200 ? null : `POST expenses answered ${reply.status}, not 200`;
      }),
  },
];

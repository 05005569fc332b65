/** Round 4: institutions and expenses. */
import { BLOCK_NAMES, api, guarded, token } from '../client.ts';
import type { Reply } from '../client.ts';
import {
  addMonths,
  arr,
  currentMonth,
  obj,
  queryOf,
  readJson,
  readJsonObject,
  route,
  str,
  withJson,
  withQuery,
} from '../mutant.ts';
import type { JsonObject, Mutant, Target } from '../mutant.ts';
import { cents, editJson, enc } from './util.ts';

const LIST = /^\/institutions\/?$/;
const ONE = /^\/institutions\/([^/]+)\/?$/;

function rewriteFilters(
  request: Parameters<Mutant['handle']>[0],
  rewrite: (filter: string) => string | null,
): Parameters<Mutant['handle']>[0] | null {
  const query = queryOf(request);
  const filters = query.getAll('filter');
  const out = filters.map(rewrite);
  if (out.every((f, i) => f === filters[i])) return null;
  query.delete('filter');
  for (const f of out) if (f !== null) query.append('filter', f);
  return withQuery(request, query);
}

async function fixtureInstitution(target: Target, tok: string): Promise<JsonObject | null> {
  const reply = await api(target, `/institutions/${enc(target.profile.fixtures.institutionId)}`, tok);
  return reply.status === 200 ? obj(reply.json) : null;
}

function filtered(target: Target, tok: string, filter: string): Promise<Reply> {
  return api(target, `/institutions?filter=${encodeURIComponent(filter)}`, tok);
}

export const tierNeAsEq: Mutant = {
  name: 'r4-institutions-tier-ne-as-eq',
  group: 'institutions',
  clause:
    '- Query: `filter` (optional) on properties `country`, `tier`, `serviceType`, `institutionType`, `stage`; only `eq` and `ne` are supported.',
  why: 'A `ne` filter on tier is applied as `eq`, returning exactly the institutions it should exclude.',
  async handle(request, forward) {
    if (route(request, 'GET', LIST) !== null) {
      const changed = rewriteFilters(request, (f) => f.replace(/^(\s*tier\s*\.\s*)ne(\s*\()/i, '$1eq$2'));
      if (changed !== null) return forward(changed);
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const institution = await fixtureInstitution(target, tok);
      const tier = str(institution?.tier);
      if (tier === undefined) return null;
      const reply = await filtered(target, tok, `tier.ne('${tier}')`);
      if (reply.status !== 200) return `tier.ne answered ${reply.status}`;
      const wrong = arr(obj(reply.json).data)
        .map(obj)
        .filter((i) => i.tier === tier);
      return wrong.length === 0
        ? null
        : `tier.ne('${tier}') returned ${wrong.length} institutions of tier ${tier}`;
    }),
};

export const stageBetaFilterLeaks: Mutant = {
  name: 'r4-institutions-stage-beta-filter-leaks',
  group: 'institutions',
  clause:
    '- Query: `filter` (optional) on properties `country`, `tier`, `serviceType`, `institutionType`, `stage`; only `eq` and `ne` are supported.',
  why: "The filter stage.eq('beta') is dropped, so institutions of every stage are listed.",
  async handle(request, forward) {
    if (route(request, 'GET', LIST) !== null) {
      const changed = rewriteFilters(request, (f) =>
        /^\s*stage\s*\.\s*eq\s*\(\s*['"]?beta['"]?\s*\)\s*$/i.test(f) ? null : f,
      );
      if (changed !== null) return forward(changed);
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await filtered(target, tok, "stage.eq('beta')");
      if (reply.status !== 200) return `stage.eq('beta') answered ${reply.status}`;
      const wrong = arr(obj(reply.json).data)
        .map(obj)
        .filter((i) => i.stage !== 'beta');
      return wrong.length === 0
        ? null
        : `stage.eq('beta') returned stages ${wrong.map((i) => String(i.stage)).join(', ')}`;
    }),
};

export const spacedValueFilterIgnored: Mutant = {
  name: 'r4-institutions-spaced-value-filter-ignored',
  group: 'institutions',
  clause:
    '- Query: `filter` (optional) on properties `country`, `tier`, `serviceType`, `institutionType`, `stage`; only `eq` and `ne` are supported.',
  why: 'A filter whose value contains a space (e.g. a serviceType of two words) is silently ignored.',
  async handle(request, forward) {
    if (route(request, 'GET', LIST) !== null) {
      const changed = rewriteFilters(request, (f) => (/\(\s*['"][^'"]*\s[^'"]*['"]\s*\)/.test(f) ? null : f));
      if (changed !== null) return forward(changed);
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const institution = await fixtureInstitution(target, tok);
      if (institution === null) return null;
      for (const property of ['serviceType', 'institutionType']) {
        const value = str(institution[property]);
        if (value === undefined) continue;
        const reply = await filtered(target, tok, `${property}.eq('${value}')`);
        if (reply.status !== 200) return `${property}.eq('${value}') answered ${reply.status}`;
        const data = arr(obj(reply.json).data).map(obj);
        if (!data.some((i) => i.id === institution.id))
          return `${property}.eq('${value}') left out ${String(institution.id)}`;
        const wrong = data.filter((i) => i[property] !== value);
        if (wrong.length > 0) return `${property}.eq('${value}') returned ${wrong.length} other institutions`;
      }
      return null;
    }),
};

const COMPARED = ['name', 'country', 'tier', 'stage', 'status', 'serviceType', 'institutionType'];

export const detailTierMismatch: Mutant = {
  name: 'r4-institutions-detail-tier-mismatch',
  group: 'institutions',
  clause: 'Success: 200 with an institution. Error when the identifier is not valid.',
  why: 'The single institution reports a different tier from the same institution in the list.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'GET', ONE) === null) return response;
    return editJson(response, (body) => {
      if (typeof body.tier === 'string')
        body.tier = /^\d+$/.test(body.tier) ? String(Number(body.tier) + 1) : `${body.tier}-x`;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const institution = await fixtureInstitution(target, tok);
      if (institution === null) return 'fixture institution not retrievable';
      const list = await api(target, '/institutions', tok);
      const listed = arr(obj(list.json).data)
        .map(obj)
        .find((i) => i.id === institution.id);
      if (listed === undefined) return null;
      for (const field of COMPARED)
        if (
          listed[field] !== undefined &&
          JSON.stringify(listed[field]) !== JSON.stringify(institution[field])
        )
          return `${field} is ${JSON.stringify(listed[field])} in the list, ${JSON.stringify(institution[field])} on retrieval`;
      return null;
    }),
};

export const detailStatsTotalString: Mutant = {
  name: 'r4-institutions-detail-stats-total-string',
  group: 'institutions',
  clause:
    '| stats | object | `averageDurationMs` with numeric members `verifyCredentials`, `retrieveAccounts`, `retrieveTransactions`, `retrieveMeta`, `total` |',
  why: 'On single retrieval stats.averageDurationMs.total is a string instead of a number.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'GET', ONE) === null) return response;
    return editJson(response, (body) => {
      const average = obj(obj(body.stats).averageDurationMs);
      if (typeof average.total === 'number')
        body.stats = { ...obj(body.stats), averageDurationMs: { ...average, total: String(average.total) } };
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const institution = await fixtureInstitution(target, tok);
      if (institution === null) return 'fixture institution not retrievable';
      const average = obj(obj(institution.stats).averageDurationMs);
      for (const member of [
        'verifyCredentials',
        'retrieveAccounts',
        'retrieveTransactions',
        'retrieveMeta',
        'total',
      ])
        if (typeof average[member] !== 'number')
          return `stats.averageDurationMs.${member} is ${JSON.stringify(average[member])}`;
      return null;
    }),
};

// ---------------------------------------------------------------------------------------------
// expenses

const EXPENSES = /^\/users\/([^/]+)\/expenses\/?$/;

function expensesPath(target: Target, user?: string): string {
  return `/users/${enc(user ?? target.profile.fixtures.userId)}/expenses`;
}

async function postExpenses(target: Target, tok: string, body: unknown): Promise<Reply> {
  return api(target, expensesPath(target), tok, { method: 'POST', body });
}

const given = (body: JsonObject | undefined, name: string): string | undefined => {
  const value = body?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

export const singleMonthRangeWidened: Mutant = {
  name: 'r4-expenses-single-month-range-widened',
  group: 'expenses',
  clause: '| toMonth | string | `YYYY-MM`; last month included |',
  why: 'A range of one month (fromMonth = toMonth) is widened to two months, toMonth moving one month on.',
  async handle(request, forward) {
    if (route(request, 'POST', EXPENSES) !== null) {
      const body = readJsonObject(request);
      const from = given(body, 'fromMonth');
      if (
        body !== undefined &&
        from !== undefined &&
        /^\d{4}-\d{2}$/.test(from) &&
        given(body, 'toMonth') === from
      )
        return forward(withJson(request, { ...body, toMonth: addMonths(from, 1) }));
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const month = addMonths(currentMonth(), -2);
      const reply = await postExpenses(target, tok, { fromMonth: month, toMonth: month });
      if (reply.status !== 200) return `one-month range answered ${reply.status}`;
      const body = obj(reply.json);
      return body.fromMonth === month && body.toMonth === month
        ? null
        : `range ${month}..${month} answered ${String(body.fromMonth)}..${String(body.toMonth)}`;
    }),
};

export const defaultToMonthWhenFromGiven: Mutant = {
  name: 'r4-expenses-default-to-month-when-from-given',
  group: 'expenses',
  clause: 'Defaults: the range runs from 13 months ago to the current month;',
  why: 'When only fromMonth is given, toMonth defaults to the previous month instead of the current one.',
  async handle(request, forward) {
    if (route(request, 'POST', EXPENSES) !== null) {
      const body = readJsonObject(request);
      if (
        body !== undefined &&
        given(body, 'fromMonth') !== undefined &&
        given(body, 'toMonth') === undefined
      )
        return forward(withJson(request, { ...body, toMonth: addMonths(currentMonth(), -1) }));
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await postExpenses(target, tok, { fromMonth: addMonths(currentMonth(), -3) });
      if (reply.status !== 200) return `fromMonth alone answered ${reply.status}`;
      const toMonth = obj(reply.json).toMonth;
      return toMonth === currentMonth()
        ? null
        : `default toMonth is ${String(toMonth)}, not ${currentMonth()}`;
    }),
};

export const defaultFromRelativeToTo: Mutant = {
  name: 'r4-expenses-default-from-relative-to-to',
  group: 'expenses',
  clause: 'Defaults: the range runs from 13 months ago to the current month;',
  why: 'When only toMonth is given, fromMonth defaults to 13 months before toMonth rather than 13 months ago.',
  async handle(request, forward) {
    if (route(request, 'POST', EXPENSES) !== null) {
      const body = readJsonObject(request);
      const to = given(body, 'toMonth');
      if (
        body !== undefined &&
        to !== undefined &&
        /^\d{4}-\d{2}$/.test(to) &&
        given(body, 'fromMonth') === undefined
      )
        return forward(withJson(request, { ...body, fromMonth: addMonths(to, -13) }));
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await postExpenses(target, tok, { toMonth: addMonths(currentMonth(), -3) });
      if (reply.status !== 200) return `toMonth alone answered ${reply.status}`;
      const fromMonth = obj(reply.json).fromMonth;
      const accepted = [addMonths(currentMonth(), -13), addMonths(currentMonth(), -12)];
      return accepted.includes(String(fromMonth)) ? null : `default fromMonth is ${String(fromMonth)}`;
    }),
};

async function userAccounts(target: Target, tok: string): Promise<string[]> {
  const { userId } = target.profile.fixtures;
  const list = await api(target, `/users/${enc(userId)}/connections`, tok);
  const ids: string[] = [];
  for (const c of arr(obj(list.json).data)) {
    const id = str(obj(c).id);
    if (id === undefined) continue;
    const detail = await api(target, `/users/${enc(userId)}/connections/${enc(id)}`, tok);
    for (const a of arr(obj(obj(detail.json).accounts).data)) {
      const accountId = str(obj(a).id);
      if (accountId !== undefined) ids.push(accountId);
    }
  }
  return ids;
}

function historyTotal(body: JsonObject, block: string): number {
  return arr(obj(body[block]).changeHistory).reduce<number>((sum, e) => sum + cents(obj(e).amount), 0);
}

export const singleAccountSelectionIgnored: Mutant = {
  name: 'r4-expenses-single-account-selection-ignored',
  group: 'expenses',
  clause: 'Transactions of accounts not specified are ignored.',
  why: 'A selection of exactly one account is ignored and every account of the user is summarised.',
  async handle(request, forward) {
    if (route(request, 'POST', EXPENSES) !== null) {
      const body = readJsonObject(request);
      if (body !== undefined && Array.isArray(body.accounts) && body.accounts.length === 1) {
        const rest: JsonObject = { ...body };
        delete rest.accounts;
        return forward(withJson(request, rest));
      }
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const accounts = await userAccounts(target, tok);
      if (accounts.length < 2) return null;
      const range = { fromMonth: addMonths(currentMonth(), -13), toMonth: currentMonth() };
      const all = await postExpenses(target, tok, range);
      if (all.status !== 200) return `expenses answered ${all.status}`;
      const singles: JsonObject[] = [];
      for (const account of accounts) {
        const one = await postExpenses(target, tok, { ...range, accounts: [account] });
        if (one.status !== 200) return `expenses for account ${account} answered ${one.status}`;
        singles.push(obj(one.json));
      }
      for (const block of BLOCK_NAMES) {
        const whole = historyTotal(obj(all.json), block);
        const parts = singles.reduce((sum, s) => sum + historyTotal(s, block), 0);
        if (whole !== parts)
          return `${block}: all accounts total ${whole / 100}, per-account totals add up to ${parts / 100}`;
      }
      return null;
    }),
};

export const oneMonthLoanRepaymentsUnbounded: Mutant = {
  name: 'r4-expenses-one-month-loan-repayments-unbounded',
  group: 'expenses',
  clause: '| fromMonth | string | `YYYY-MM`; first month included |',
  why: 'For a one-month range the loanRepayments block (credits) covers the whole default range instead of that month.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'POST', EXPENSES) === null || response.status !== 200) return response;
    const body = readJsonObject(request);
    const from = given(body, 'fromMonth');
    if (body === undefined || from === undefined || given(body, 'toMonth') !== from) return response;
    const rest: JsonObject = { ...body };
    delete rest.fromMonth;
    delete rest.toMonth;
    const wide = await forward(withJson(request, rest));
    const wideBody = obj(readJson(wide));
    if (wide.status !== 200 || wideBody.loanRepayments === undefined) return response;
    return editJson(response, (out) => {
      out.loanRepayments = wideBody.loanRepayments;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const wide = await postExpenses(target, tok, {});
      if (wide.status !== 200) return `expenses answered ${wide.status}`;
      const months = arr(obj(obj(wide.json).loanRepayments).changeHistory)
        .map((e) => str(obj(e).date))
        .filter((m): m is string => m !== undefined);
      if (new Set(months).size < 2) return null;
      const month = months[0] ?? '';
      const reply = await postExpenses(target, tok, { fromMonth: month, toMonth: month });
      if (reply.status !== 200) return `one-month range answered ${reply.status}`;
      const body = obj(reply.json);
      for (const block of BLOCK_NAMES)
        for (const e of arr(obj(body[block]).changeHistory)) {
          const date = obj(e).date;
          if (date !== month) return `${block} of range ${month}..${month} has history for ${String(date)}`;
        }
      return null;
    }),
};

export const defaultFromMonthDayFormat: Mutant = {
  name: 'r4-expenses-default-from-month-day-format',
  group: 'expenses',
  clause: '| fromMonth | string | format `YYYY-MM` |',
  why: 'When fromMonth is defaulted, the resource reports it as YYYY-MM-01.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'POST', EXPENSES) === null) return response;
    if (given(readJsonObject(request), 'fromMonth') !== undefined) return response;
    return editJson(response, (body) => {
      if (typeof body.fromMonth === 'string' && /^\d{4}-\d{2}$/.test(body.fromMonth))
        body.fromMonth = `${body.fromMonth}-01`;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await postExpenses(target, tok, {});
      if (reply.status !== 200) return `expenses answered ${reply.status}`;
      const body = obj(reply.json);
      for (const field of ['fromMonth', 'toMonth'])
        if (typeof body[field] !== 'string' || !/^\d{4}-\d{2}$/.test(body[field] as string))
          return `${field} is ${JSON.stringify(body[field])}`;
      return null;
    }),
};

export const institutionExpenseMutants: Mutant[] = [
  tierNeAsEq,
  stageBetaFilterLeaks,
  spacedValueFilterIgnored,
  detailTierMismatch,
  detailStatsTotalString,
  singleMonthRangeWidened,
  defaultToMonthWhenFromGiven,
  defaultFromRelativeToTo,
  singleAccountSelectionIgnored,
  oneMonthLoanRepaymentsUnbounded,
  defaultFromMonthDayFormat,
];

/** Round 6: institutions and expenses. */
import { RANDOM_UUID, api, createUser, guarded, token } from '../client.ts';
import type { Reply } from '../client.ts';
import {
  addMonths,
  arr,
  currentMonth,
  isObject,
  obj,
  queryOf,
  readJsonObject,
  route,
  str,
  withJson,
  withQuery,
} from '../mutant.ts';
import type { JsonObject, Mutant, MutantRequest, MutantResponse, Target } from '../mutant.ts';
import {
  SUMMARY_BLOCKS,
  accountsByConnection,
  cents,
  editJson,
  histories,
  isSuccess,
  monthIndex,
  monthlyTotals,
  resolveLink,
  sibling,
} from './util.ts';

const LIST = /^\/institutions\/?$/;
const DETAIL = /^\/institutions\/([^/]+)\/?$/;

function dataOf(reply: Reply | MutantResponse): JsonObject[] {
  const body = 'json' in reply ? reply.json : readJsonObject(reply);
  return arr(obj(body).data).filter(isObject);
}

async function institutions(target: Target, tok: string, filter?: string): Promise<Reply> {
  const query = filter === undefined ? '' : `?filter=${encodeURIComponent(filter)}`;
  return api(target, `/institutions${query}`, tok);
}

const instNeReadAsEq: Mutant = {
  name: 'r6-inst-ne-read-as-eq',
  group: 'institutions',
  clause:
    'Query: `filter` (optional) on properties `country`, `tier`, `serviceType`, `institutionType`, `stage`; only `eq` and `ne` are supported.',
  why: "ne is a supported operator, so country.ne('AU') must leave out the Australian institutions instead of keeping only them.",
  handle(request, forward) {
    if (route(request, 'GET', LIST) === null) return forward(request);
    const query = queryOf(request);
    const filters = query.getAll('filter');
    if (!filters.some((f) => /\.\s*ne\s*\(/i.test(f))) return forward(request);
    query.delete('filter');
    for (const f of filters) query.append('filter', f.replace(/\.\s*ne\s*\(/gi, '.eq('));
    return forward(withQuery(request, query));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await institutions(target, tok, "country.ne('AU')");
      if (reply.status !== 200) return `country.ne('AU') answered ${reply.status}`;
      const data = dataOf(reply);
      const all = dataOf(await institutions(target, tok));
      if (data.length === 0 && all.some((i) => i.country !== 'AU')) return "country.ne('AU') is empty";
      const kept = data.filter((i) => i.country === 'AU').map((i) => String(i.id));
      return kept.length === 0 ? null : `country.ne('AU') holds ${kept.join(', ')}`;
    }),
};

const instTotalBelowData: Mutant = {
  name: 'r6-inst-total-below-data',
  group: 'institutions',
  clause:
    'Institution list envelope: `type` (`list`), `totalCount` (number), `data` (array of institutions).',
  why: 'A total count of institutions cannot be smaller than the number of institutions the same answer lists.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'GET', LIST) === null || response.status !== 200 || !queryOf(request).has('filter'))
      return response;
    return editJson(response, (body) => {
      const data = arr(body.data);
      if (data.length >= 2) body.totalCount = data.length - 1;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      for (const filter of [undefined, "country.eq('AU')", "stage.ne('beta')"]) {
        const reply = await institutions(target, tok, filter);
        if (reply.status !== 200) return `institution list (${String(filter)}) answered ${reply.status}`;
        const total = obj(reply.json).totalCount;
        const listed = dataOf(reply).length;
        if (typeof total !== 'number' || total < listed)
          return `institution list (${String(filter)}) has totalCount ${String(total)} for ${listed} entries`;
      }
      return null;
    }),
};

const COMPARED = [
  'name',
  'shortName',
  'institutionType',
  'country',
  'serviceName',
  'serviceType',
  'tier',
  'authorization',
  'stage',
  'status',
];

const instDetailTierDiffers: Mutant = {
  name: 'r6-inst-detail-tier-differs',
  group: 'institutions',
  clause: 'Institutions are listed and retrieved from a catalogue.',
  why: 'The list and the single retrieval read the same catalogue, so one institution cannot have two tiers at once.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'GET', DETAIL) === null || response.status !== 200) return response;
    return editJson(response, (body) => {
      const tier = Number(body.tier);
      body.tier = Number.isInteger(tier) ? String((tier % 4) + 1) : `${String(body.tier)}+`;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const list = await institutions(target, tok);
      if (list.status !== 200) return `institution list answered ${list.status}`;
      const entries = dataOf(list);
      const wanted = target.profile.fixtures.institutionId;
      const picked = [entries.find((i) => i.id === wanted), entries[1]].filter(isObject);
      for (const listed of picked) {
        const id = String(listed.id);
        const alone = await api(target, `/institutions/${encodeURIComponent(id)}`, tok);
        if (alone.status !== 200) return `institution ${id} answered ${alone.status}`;
        const single = obj(alone.json);
        for (const field of COMPARED)
          if (JSON.stringify(listed[field]) !== JSON.stringify(single[field]))
            return `institution ${id} has ${field} ${JSON.stringify(listed[field])} listed, ${JSON.stringify(single[field])} alone`;
      }
      return null;
    }),
};

const instStageFilterDropsLast: Mutant = {
  name: 'r6-inst-stage-filter-drops-last',
  group: 'institutions',
  clause:
    'Query: `filter` (optional) on properties `country`, `tier`, `serviceType`, `institutionType`, `stage`; only `eq` and `ne` are supported.',
  why: 'A list filtered on stage.eq holds every institution of that stage, so the last one of them cannot go missing.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'GET', LIST) === null || response.status !== 200) return response;
    if (
      !queryOf(request)
        .getAll('filter')
        .some((f) => /^\s*stage\s*\.\s*eq/i.test(f))
    )
      return response;
    return editJson(response, (body) => {
      const data = arr(body.data).slice(0, -1);
      body.data = data;
      body.totalCount = data.length;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const all = dataOf(await institutions(target, tok));
      const stages = [...new Set(all.map((i) => str(i.stage)).filter((s) => s !== undefined))];
      for (const stage of stages) {
        const reply = await institutions(target, tok, `stage.eq('${stage}')`);
        if (reply.status !== 200) return `stage.eq('${stage}') answered ${reply.status}`;
        const got = new Set(dataOf(reply).map((i) => String(i.id)));
        const expected = all.filter((i) => i.stage === stage).map((i) => String(i.id));
        const missing = expected.filter((id) => !got.has(id));
        if (missing.length > 0 || got.size !== expected.length)
          return `stage.eq('${stage}') misses ${missing.join(', ')} (${got.size} of ${expected.length})`;
      }
      return null;
    }),
};

const instUnknownIdFirstEntry: Mutant = {
  name: 'r6-inst-unknown-id-first-entry',
  group: 'institutions',
  clause: 'Success: 200 with an institution. Error when the identifier is not valid.',
  why: 'An identifier that names no institution of the catalogue is not valid and gets an error, not some other institution.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'GET', DETAIL) === null || isSuccess(response)) return response;
    const list = await forward(sibling(request, '/institutions'));
    const first = dataOf(list)[0];
    return first === undefined ? response : withJson({ ...list, status: 200 }, first);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      for (const id of ['ins-zz-999', RANDOM_UUID]) {
        const reply = await api(target, `/institutions/${id}`, tok);
        if (isSuccess(reply)) return `GET /institutions/${id} answered ${reply.status}`;
      }
      return null;
    }),
};

const instListSelfFirst: Mutant = {
  name: 'r6-inst-list-self-first',
  group: 'institutions',
  clause: '| links | object | `self` |',
  why: 'The self link of each listed institution leads to that institution, so the later entries cannot all point at the first one.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'GET', LIST) === null || response.status !== 200) return response;
    return editJson(response, (body) => {
      const data = arr(body.data).filter(isObject);
      const first = obj(data[0]?.links).self;
      for (const entry of data.slice(1)) entry.links = { ...obj(entry.links), self: first };
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const list = await institutions(target, tok);
      if (list.status !== 200) return `institution list answered ${list.status}`;
      for (const entry of dataOf(list).slice(0, 3)) {
        const self = str(obj(entry.links).self);
        if (self === undefined) return `institution ${String(entry.id)} has no links.self`;
        const reached = await api(target, resolveLink(target, self), tok);
        const id = obj(reached.json).id;
        if (reached.status !== 200 || id !== entry.id)
          return `links.self of listed institution ${String(entry.id)} leads to ${reached.status} ${String(id)}`;
      }
      return null;
    }),
};

export const institutionMutants: Mutant[] = [
  instNeReadAsEq,
  instTotalBelowData,
  instDetailTierDiffers,
  instStageFilterDropsLast,
  instUnknownIdFirstEntry,
  instListSelfFirst,
];

// ---------------------------------------------------------------------------------------------
// Expenses.

const EXPENSES = /^\/users\/([^/]+)\/expenses\/?$/;

function isExpenses(request: MutantRequest): boolean {
  return route(request, 'POST', EXPENSES) !== null;
}

/** The request body as an object ({} when empty). */
function bodyOf(request: MutantRequest): JsonObject | undefined {
  if (request.body.toString('utf8').trim() === '') return {};
  return readJsonObject(request);
}

async function expenses(target: Target, tok: string, body: unknown, user?: string): Promise<Reply> {
  return api(target, `/users/${user ?? target.profile.fixtures.userId}/expenses`, tok, {
    method: 'POST',
    body,
  });
}

function isMonth(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

/** A month of the last year with activity in a summary block, and that block, from a default summary. */
function activeMonth(body: unknown): { key: string; month: string; amount: number } | undefined {
  const now = currentMonth();
  for (const { key, entries } of histories(body)) {
    if (!(SUMMARY_BLOCKS as readonly string[]).includes(key)) continue;
    for (const entry of entries) {
      const month = str(entry.date);
      const amount = cents(entry.amount);
      if (month !== undefined && month !== now && amount !== 0 && !Number.isNaN(amount))
        return { key, month, amount };
    }
  }
  return undefined;
}

function entryFor(body: unknown, key: string, month: string): JsonObject | undefined {
  return histories(body)
    .find((h) => h.key === key)
    ?.entries.find((e) => e.date === month);
}

const expDefaultFromTwelve: Mutant = {
  name: 'r6-exp-default-from-twelve',
  group: 'expenses',
  clause: '| Default expense range | expenses | 13 months ago to current month |',
  why: 'Without fromMonth the range starts 13 months before the current month, not 12.',
  handle(request, forward) {
    const body = isExpenses(request) ? bodyOf(request) : undefined;
    if (
      body === undefined ||
      (body.fromMonth !== undefined && body.fromMonth !== null && body.fromMonth !== '')
    )
      return forward(request);
    return forward(withJson(request, { ...body, fromMonth: addMonths(currentMonth(), -12) }));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await expenses(target, tok, {});
      if (reply.status !== 200) return `expenses with defaults answered ${reply.status}`;
      const body = obj(reply.json);
      const from = addMonths(currentMonth(), -13);
      return body.fromMonth === from && body.toMonth === currentMonth()
        ? null
        : `default range is ${String(body.fromMonth)} to ${String(body.toMonth)}, not ${from} to ${currentMonth()}`;
    }),
};

const expOnlyFirstAccount: Mutant = {
  name: 'r6-exp-only-first-account',
  group: 'expenses',
  clause: '| accounts | array of strings | account identifiers to include |',
  why: 'Every account named in accounts is included, so a summary over two account sets together equals the two summaries added up.',
  handle(request, forward) {
    const body = isExpenses(request) ? bodyOf(request) : undefined;
    const accounts = body?.accounts;
    if (body === undefined || !Array.isArray(accounts) || accounts.length < 2) return forward(request);
    return forward(withJson(request, { ...body, accounts: accounts.slice(0, 1) }));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const groups = (await accountsByConnection(target, tok)).filter((g) => g.length > 0);
      if (groups.length < 2) return null;
      const one = groups[0] ?? [];
      const rest = groups.slice(1).flat();
      const range = { fromMonth: addMonths(currentMonth(), -13), toMonth: currentMonth() };
      const replies = await Promise.all(
        [one, rest, [...one, ...rest]].map((accounts) => expenses(target, tok, { ...range, accounts })),
      );
      const failed = replies.find((r) => r.status !== 200);
      if (failed !== undefined) return `expenses over chosen accounts answered ${failed.status}`;
      const [a, b, both] = replies.map((r) => monthlyTotals(r.json));
      const months = new Set([
        ...(a ?? new Map()).keys(),
        ...(b ?? new Map()).keys(),
        ...(both ?? new Map()).keys(),
      ]);
      for (const month of months) {
        const parts = (a?.get(month) ?? 0) + (b?.get(month) ?? 0);
        const whole = both?.get(month) ?? 0;
        if (Math.abs(parts - whole) > 2)
          return `in ${month} the two account sets sum to ${parts / 100} but together give ${whole / 100}`;
      }
      return null;
    }),
};

/** Rewrites a month member of the request, restoring the asked month in the answer. */
function shiftMonth(name: 'fromMonth' | 'toMonth', delta: number): Mutant['handle'] {
  return async (request, forward) => {
    const body = isExpenses(request) ? bodyOf(request) : undefined;
    const asked = body?.[name];
    if (body === undefined || !isMonth(asked)) return forward(request);
    const response = await forward(withJson(request, { ...body, [name]: addMonths(asked, delta) }));
    if (!isSuccess(response)) return response;
    return editJson(response, (answer) => {
      answer[name] = asked;
    });
  };
}

const expLastMonthDropped: Mutant = {
  name: 'r6-exp-last-month-dropped',
  group: 'expenses',
  clause: '| toMonth | string | `YYYY-MM`; last month included |',
  why: 'A summary from month L to month L includes month L, so its activity there equals what a wider summary shows for L.',
  handle: shiftMonth('toMonth', -1),
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const wide = await expenses(target, tok, {
        fromMonth: addMonths(currentMonth(), -13),
        toMonth: currentMonth(),
      });
      if (wide.status !== 200) return `expenses answered ${wide.status}`;
      const active = activeMonth(wide.json);
      if (active === undefined) return null;
      const narrow = await expenses(target, tok, { fromMonth: active.month, toMonth: active.month });
      if (narrow.status !== 200) return `expenses for ${active.month} alone answered ${narrow.status}`;
      const entry = entryFor(narrow.json, active.key, active.month);
      const amount = entry === undefined ? 0 : cents(entry.amount);
      return amount === active.amount
        ? null
        : `${active.key} of ${active.month} is ${active.amount / 100} in a wide range but ${amount / 100} when it is the last month`;
    }),
};

const expAverageOverExtraMonth: Mutant = {
  name: 'r6-exp-average-over-extra-month',
  group: 'expenses',
  clause:
    'Summary block (cashWithdrawals, bankFees, externalTransfers, loanInterests, loanRepayments): `avgMonthly` (string decimal), `summary` (string), `changeHistory` (array).',
  why: "Over a one-month range the monthly average of a block is that month's amount, whatever months are counted.",
  async handle(request, forward) {
    const response = await forward(request);
    if (!isExpenses(request) || response.status !== 200) return response;
    return editJson(response, (body) => {
      const months = monthIndex(String(body.toMonth)) - monthIndex(String(body.fromMonth)) + 1;
      if (!(months >= 1)) return;
      const scale = (value: unknown): unknown =>
        typeof value === 'string' && !Number.isNaN(Number(value))
          ? ((Number(value) * months) / (months + 1)).toFixed(2)
          : value;
      for (const name of SUMMARY_BLOCKS) {
        const block = obj(body[name]);
        if (isObject(body[name])) body[name] = { ...block, avgMonthly: scale(block.avgMonthly) };
      }
      for (const payment of arr(body.payments).filter(isObject))
        payment.avgMonthly = scale(payment.avgMonthly);
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const wide = await expenses(target, tok, {
        fromMonth: addMonths(currentMonth(), -13),
        toMonth: currentMonth(),
      });
      if (wide.status !== 200) return `expenses answered ${wide.status}`;
      const active = activeMonth(wide.json);
      if (active === undefined) return null;
      const narrow = await expenses(target, tok, { fromMonth: active.month, toMonth: active.month });
      if (narrow.status !== 200) return `expenses for ${active.month} alone answered ${narrow.status}`;
      const body = obj(narrow.json);
      for (const name of SUMMARY_BLOCKS) {
        const entry = entryFor(body, name, active.month);
        if (entry === undefined) continue;
        const avg = Math.abs(cents(obj(body[name]).avgMonthly));
        const amount = Math.abs(cents(entry.amount));
        if (Math.abs(avg - amount) > 1)
          return `${name} over the single month ${active.month} averages ${avg / 100} for an amount of ${amount / 100}`;
      }
      return null;
    }),
};

const expPercentageOverHundred: Mutant = {
  name: 'r6-exp-percentage-over-hundred',
  group: 'expenses',
  clause: '| percentageTotal | number | |',
  why: 'Shares of one total held by disjoint divisions cannot add up to more than the whole.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isExpenses(request) || response.status !== 200) return response;
    return editJson(response, (body) => {
      const second = arr(body.payments).filter(isObject)[1];
      if (second !== undefined && typeof second.percentageTotal === 'number') second.percentageTotal += 50;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await expenses(target, tok, {});
      if (reply.status !== 200) return `expenses answered ${reply.status}`;
      const shares = arr(obj(reply.json).payments)
        .filter(isObject)
        .map((p) => p.percentageTotal);
      if (shares.some((s) => typeof s !== 'number' || s < 0 || s > 100))
        return `a percentageTotal is outside 0..100: ${JSON.stringify(shares)}`;
      const sum = (shares as number[]).reduce((s, v) => s + v, 0);
      return sum > 100.5 ? `percentageTotal of the divisions adds up to ${sum.toFixed(2)}` : null;
    }),
};

const expDivisionSplit: Mutant = {
  name: 'r6-exp-division-split',
  group: 'expenses',
  clause: '| payments | array | one entry per expense division |',
  why: 'One entry per division means no division title appears twice among the payments.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isExpenses(request) || response.status !== 200) return response;
    return editJson(response, (body) => {
      const payments = arr(body.payments).filter(isObject);
      const at = payments.findIndex((p) => arr(p.subCategory).length >= 2);
      const entry = payments[at];
      if (entry !== undefined) {
        const subs = arr(entry.subCategory);
        payments.splice(
          at,
          1,
          { ...entry, subCategory: subs.slice(0, 1) },
          { ...entry, subCategory: subs.slice(1) },
        );
      } else if (payments[0] !== undefined) payments.push({ ...payments[0] });
      body.payments = payments;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await expenses(target, tok, {});
      if (reply.status !== 200) return `expenses answered ${reply.status}`;
      const divisions = arr(obj(reply.json).payments)
        .filter(isObject)
        .map((p) => String(p.division));
      const twice = divisions.filter((d, i) => divisions.indexOf(d) !== i);
      return twice.length === 0 ? null : `division ${twice.join(', ')} has more than one payments entry`;
    }),
};

/** Whether an expenses body shows any activity. */
function hasActivity(body: unknown): boolean {
  if (histories(body).some(({ entries }) => entries.some((e) => cents(e.amount) !== 0))) return true;
  const expenses = obj(body);
  if (SUMMARY_BLOCKS.some((name) => cents(obj(expenses[name]).avgMonthly) !== 0)) return true;
  return arr(expenses.payments)
    .filter(isObject)
    .some((p) => cents(p.avgMonthly) !== 0);
}

let lastActiveUser: string | undefined;

const expNewUserGetsOthers: Mutant = {
  name: 'r6-exp-new-user-gets-others',
  group: 'expenses',
  clause:
    'Defaults: the range runs from 13 months ago to the current month; all accounts of the user are used when none are given.',
  why: 'A user just created has no accounts, so a summary of all its accounts cannot show any spending.',
  async handle(request, forward) {
    const parts = route(request, 'POST', EXPENSES);
    const response = await forward(request);
    const user = parts?.[0];
    if (user === undefined || response.status !== 200) return response;
    if (hasActivity(readJsonObject(response))) {
      lastActiveUser = user;
      return response;
    }
    if (lastActiveUser === undefined || lastActiveUser === user) return response;
    return forward({ ...request, path: `/users/${encodeURIComponent(lastActiveUser)}/expenses` });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const own = await expenses(target, tok, {});
      if (own.status !== 200) return `expenses of the fixture user answered ${own.status}`;
      const created = await createUser(target, tok);
      const id = str(obj(created.json).id);
      if (created.status !== 201 || id === undefined) return `user creation answered ${created.status}`;
      const reply = await expenses(target, tok, {}, encodeURIComponent(id));
      if (reply.status !== 200) return null;
      return hasActivity(reply.json) ? 'the expense summary of a user just created shows activity' : null;
    }),
};

const expMonthsBeforeFrom: Mutant = {
  name: 'r6-exp-months-before-from',
  group: 'expenses',
  clause: '| fromMonth | string | `YYYY-MM`; first month included |',
  why: 'fromMonth is the first month included, so no change history entry may fall before it.',
  handle: shiftMonth('fromMonth', -3),
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const fromMonth = addMonths(currentMonth(), -6);
      const toMonth = addMonths(currentMonth(), -4);
      const reply = await expenses(target, tok, { fromMonth, toMonth });
      if (reply.status !== 200) return `expenses ${fromMonth}..${toMonth} answered ${reply.status}`;
      for (const { key, entries } of histories(reply.json)) {
        const outside = entries.map((e) => String(e.date)).filter((d) => d < fromMonth || d > toMonth);
        if (outside.length > 0)
          return `${key} of ${fromMonth}..${toMonth} has history for ${outside.join(', ')}`;
      }
      return null;
    }),
};

export const expenseMutants: Mutant[] = [
  expDefaultFromTwelve,
  expOnlyFirstAccount,
  expLastMonthDropped,
  expAverageOverExtraMonth,
  expPercentageOverHundred,
  expDivisionSplit,
  expNewUserGetsOthers,
  expMonthsBeforeFrom,
];

/** Round 5: institutions and expenses. */
import { RANDOM_UUID, api, call, guarded, token } from '../client.ts';
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
  withHeader,
  withJson,
  withQuery,
} from '../mutant.ts';
import type { JsonObject, Mutant, MutantRequest, MutantResponse } from '../mutant.ts';
import {
  BLOCKS,
  entries,
  expenseFingerprint,
  expenseTotal,
  fixtureAccountIds,
  getLike,
  historyDates,
  isSuccess,
  jsonOf,
  postExpenses,
} from './shared.ts';

function isInstitutionList(request: MutantRequest): boolean {
  return route(request, 'GET', /^\/institutions$/) !== null;
}

function institutionRetrieval(request: MutantRequest): string | undefined {
  return route(request, 'GET', /^\/institutions\/([^/]+)$/)?.[0];
}

function expensesUser(request: MutantRequest): string | undefined {
  return route(request, 'POST', /^\/users\/([^/]+)\/expenses$/)?.[0];
}

/** The request body of an expenses call as an object ({} when empty). */
function expensesBody(request: MutantRequest): JsonObject | undefined {
  return request.body.length === 0 ? {} : readJsonObject(request);
}

/** The request with a JSON body (and a JSON content type, since the body may have been empty). */
function withJsonBody(request: MutantRequest, body: JsonObject): MutantRequest {
  return withJson(withHeader(request, 'content-type', 'application/json'), body);
}

async function fixtureInstitution(target: Parameters<Mutant['probe']>[0], tok: string): Promise<JsonObject> {
  const reply = await api(target, `/institutions/${target.profile.fixtures.institutionId}`, tok);
  if (reply.status !== 200) throw new Error(`the fixture institution answered ${reply.status}`);
  return obj(reply.json);
}

// ---------------------------------------------------------------------------------------------
// institutions

const totalCountShort: Mutant = {
  name: 'r5-institutions-total-count-short',
  group: 'institutions',
  clause:
    'Institution list envelope: `type` (`list`), `totalCount` (number), `data` (array of institutions).',
  why: 'totalCount counts the institutions; it cannot be smaller than the number of institutions the list itself holds.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    if (!isInstitutionList(request) || response.status !== 200 || !body) return response;
    return withJson(response, { ...body, totalCount: arr(body.data).length - 1 });
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await api(target, '/institutions', await token(target));
      if (reply.status !== 200) return `the institution list answered ${reply.status}`;
      const body = obj(reply.json);
      const total = body.totalCount;
      const length = arr(body.data).length;
      return typeof total === 'number' && total >= length
        ? null
        : `totalCount ${String(total)} for a list of ${length} institutions`;
    }),
};

const neAsEq: Mutant = {
  name: 'r5-institutions-ne-as-eq',
  group: 'institutions',
  clause:
    'Query: `filter` (optional) on properties `country`, `tier`, `serviceType`, `institutionType`, `stage`; only `eq` and `ne` are supported.',
  why: 'ne is a supported operator meaning not-equal; answering it as eq returns exactly the institutions it excludes.',
  async handle(request, forward) {
    const query = queryOf(request);
    const filter = query.get('filter');
    if (!isInstitutionList(request) || filter === null || !filter.includes('.ne(')) return forward(request);
    query.set('filter', filter.replace('.ne(', '.eq('));
    return forward(withQuery(request, query));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const country = str((await fixtureInstitution(target, tok)).country) ?? '';
      const filter = encodeURIComponent(`country.ne('${country}')`);
      const reply = await api(target, `/institutions?filter=${filter}`, tok);
      if (reply.status !== 200) return `filter country.ne answered ${reply.status}`;
      const same = arr(obj(reply.json).data).filter((i) => obj(i).country === country);
      return same.length === 0
        ? null
        : `country.ne('${country}') listed ${same.length} institution(s) of ${country}`;
    }),
};

const filterDropsFirst: Mutant = {
  name: 'r5-institutions-filter-drops-first',
  group: 'institutions',
  clause:
    'Query: `filter` (optional) on properties `country`, `tier`, `serviceType`, `institutionType`, `stage`; only `eq` and `ne` are supported.',
  why: 'An eq filter keeps every institution whose property has that value; the fixture institution matches its own country.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    if (!isInstitutionList(request) || !queryOf(request).has('filter') || response.status !== 200 || !body) {
      return response;
    }
    const data = arr(body.data).slice(1);
    return withJson(response, { ...body, totalCount: data.length, data });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const fixture = await fixtureInstitution(target, tok);
      const country = str(fixture.country) ?? '';
      const filter = encodeURIComponent(`country.eq('${country}')`);
      const reply = await api(target, `/institutions?filter=${filter}`, tok);
      if (reply.status !== 200) return `filter country.eq answered ${reply.status}`;
      const ids = arr(obj(reply.json).data).map((i) => obj(i).id);
      return ids.includes(fixture.id)
        ? null
        : `country.eq('${country}') left out institution ${String(fixture.id)}`;
    }),
};

function otherTier(tier: unknown): string {
  return tier === '1' ? '2' : '1';
}

const listTierDiffers: Mutant = {
  name: 'r5-institutions-list-tier-differs',
  group: 'institutions',
  clause: 'Institutions are listed and retrieved from a catalogue.',
  why: 'The list and the retrieval read the same catalogue, so the same institution cannot have two tiers.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    if (!isInstitutionList(request) || response.status !== 200 || !body) return response;
    const data = arr(body.data).map((entry, index) =>
      index === 1 && isObject(entry) ? { ...entry, tier: otherTier(entry.tier) } : entry,
    );
    return withJson(response, { ...body, data });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const list = await api(target, '/institutions', tok);
      if (list.status !== 200) return `the institution list answered ${list.status}`;
      const fields = ['name', 'country', 'tier', 'stage', 'status', 'serviceType', 'institutionType'];
      for (const entry of arr(obj(list.json).data).filter(isObject)) {
        const single = await api(target, `/institutions/${encodeURIComponent(str(entry.id) ?? '')}`, tok);
        if (single.status !== 200) return `institution ${String(entry.id)} answered ${single.status}`;
        const alone = obj(single.json);
        const differs = fields.filter((f) => JSON.stringify(alone[f]) !== JSON.stringify(entry[f]));
        if (differs.length > 0)
          return `institution ${String(entry.id)} differs between list and retrieval in ${differs.join(', ')}`;
      }
      return null;
    }),
};

const selfLinksRotated: Mutant = {
  name: 'r5-institutions-self-links-rotated',
  group: 'institutions',
  clause: '| links | object | `self` |',
  why: "An institution's self link leads to that institution, not to its neighbour in the list.",
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    if (!isInstitutionList(request) || response.status !== 200 || !body) return response;
    const data = entries(body);
    const rotated = data.map((entry, index) => ({
      ...entry,
      links: { ...obj(entry.links), self: obj(data[(index + 1) % data.length]?.links).self },
    }));
    return withJson(response, { ...body, data: rotated });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const list = await api(target, '/institutions', tok);
      if (list.status !== 200) return `the institution list answered ${list.status}`;
      for (const entry of arr(obj(list.json).data).filter(isObject).slice(0, 3)) {
        const self = str(obj(entry.links).self);
        if (self === undefined) return `institution ${String(entry.id)} has no self link`;
        const followed = await call(target, self, { token: tok });
        if (followed.status !== 200 || obj(followed.json).id !== entry.id) {
          return `the self link of institution ${String(entry.id)} leads to ${String(obj(followed.json).id)} (${followed.status})`;
        }
      }
      return null;
    }),
};

async function someOtherInstitution(
  request: MutantRequest,
  forward: (r: MutantRequest) => Promise<MutantResponse>,
  notId: string,
): Promise<JsonObject | undefined> {
  const list = jsonOf(await forward(getLike(request, '/institutions')));
  return entries(list ?? {}).find((i) => i.id !== notId);
}

const unknownIdServed: Mutant = {
  name: 'r5-institutions-unknown-id-served',
  group: 'institutions',
  clause: 'Success: 200 with an institution. Error when the identifier is not valid.',
  why: 'An identifier that names no institution is not valid, so it must be an error, not some institution of the catalogue.',
  async handle(request, forward) {
    const response = await forward(request);
    const id = institutionRetrieval(request);
    if (id === undefined || isSuccess(response) || response.status === 401) return response;
    const other = await someOtherInstitution(request, forward, id);
    return other ? withJson({ ...response, status: 200 }, other) : response;
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await api(target, '/institutions/ZZ00000', await token(target));
      return reply.status >= 400 ? null : `institution ZZ00000 answered ${reply.status}`;
    }),
};

let institutionRetrievals = 0;
const everyThirdOther: Mutant = {
  name: 'r5-institutions-every-third-other',
  group: 'institutions',
  clause: 'Success: 200 with an institution. Error when the identifier is not valid.',
  why: 'A retrieval answers the institution its identifier names, every time, not a different one on every third call.',
  async handle(request, forward) {
    const response = await forward(request);
    const id = institutionRetrieval(request);
    if (id === undefined || response.status !== 200) return response;
    institutionRetrievals += 1;
    if (institutionRetrievals % 3 !== 0) return response;
    const other = await someOtherInstitution(request, forward, id);
    return other ? withJson(response, other) : response;
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { institutionId } = target.profile.fixtures;
      for (let i = 0; i < 7; i += 1) {
        const reply = await api(target, `/institutions/${institutionId}`, tok);
        const id = obj(reply.json).id;
        if (reply.status !== 200 || id !== institutionId) {
          return `retrieval ${i + 1} of institution ${institutionId} answered ${reply.status} ${String(id)}`;
        }
      }
      return null;
    }),
};

// ---------------------------------------------------------------------------------------------
// expenses

const defaultFromTwelve: Mutant = {
  name: 'r5-expenses-default-from-twelve',
  group: 'expenses',
  clause: '| Default expense range | expenses | 13 months ago to current month |',
  why: 'The default range starts 13 months ago; starting 12 months ago drops its first month.',
  async handle(request, forward) {
    const body = expensesBody(request);
    if (expensesUser(request) === undefined || !body || body.fromMonth !== undefined) return forward(request);
    const to = str(body.toMonth) ?? currentMonth();
    return forward(withJsonBody(request, { ...body, fromMonth: addMonths(to, -12) }));
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await postExpenses(target, await token(target), {});
      if (reply.status !== 200) return `expenses with no body members answered ${reply.status}`;
      const body = obj(reply.json);
      const now = currentMonth();
      const from = addMonths(now, -13);
      return body.fromMonth === from && body.toMonth === now
        ? null
        : `the default range is ${String(body.fromMonth)}..${String(body.toMonth)}, not ${from}..${now}`;
    }),
};

const openEndNotCurrent: Mutant = {
  name: 'r5-expenses-open-end-not-current',
  group: 'expenses',
  clause:
    'Defaults: the range runs from 13 months ago to the current month; all accounts of the user are used when none are given.',
  why: 'Without toMonth the range runs to the current month; ending it the month before drops the current one.',
  async handle(request, forward) {
    const body = expensesBody(request);
    if (
      expensesUser(request) === undefined ||
      !body ||
      body.fromMonth === undefined ||
      body.toMonth !== undefined
    ) {
      return forward(request);
    }
    return forward(withJsonBody(request, { ...body, toMonth: addMonths(currentMonth(), -1) }));
  },
  probe: (target) =>
    guarded(async () => {
      const now = currentMonth();
      const reply = await postExpenses(target, await token(target), { fromMonth: addMonths(now, -5) });
      if (reply.status !== 200) return `expenses with only fromMonth answered ${reply.status}`;
      const to = obj(reply.json).toMonth;
      return to === now ? null : `with only fromMonth given, toMonth is ${String(to)}, not ${now}`;
    }),
};

/** Rewrites the range members of an expenses answer back to what was asked for. */
function echoRange(response: MutantResponse, range: JsonObject): MutantResponse {
  const body = jsonOf(response);
  return response.status === 200 && body ? withJson(response, { ...body, ...range }) : response;
}

const monthBeforeFromIncluded: Mutant = {
  name: 'r5-expenses-month-before-from-included',
  group: 'expenses',
  clause: '| fromMonth | string | `YYYY-MM`; first month included |',
  why: 'fromMonth is the first month of the range, so the month before it must not be summarised.',
  async handle(request, forward) {
    const body = expensesBody(request);
    const from = str(body?.fromMonth);
    if (expensesUser(request) === undefined || !body || from === undefined) return forward(request);
    const response = await forward(withJsonBody(request, { ...body, fromMonth: addMonths(from, -1) }));
    return echoRange(response, { fromMonth: from });
  },
  probe: (target) =>
    guarded(async () => {
      const now = currentMonth();
      const from = addMonths(now, -4);
      const to = addMonths(now, -2);
      const reply = await postExpenses(target, await token(target), { fromMonth: from, toMonth: to });
      if (reply.status !== 200) return `expenses ${from}..${to} answered ${reply.status}`;
      const outside = historyDates(reply.json).filter((d) => d < from || d > to);
      return outside.length === 0
        ? null
        : `expenses ${from}..${to} report months ${[...new Set(outside)].join(', ')}`;
    }),
};

const lastMonthExcluded: Mutant = {
  name: 'r5-expenses-last-month-excluded',
  group: 'expenses',
  clause: '| toMonth | string | `YYYY-MM`; last month included |',
  why: 'toMonth is the last month included, so a range whose first and last month coincide holds that month and must succeed.',
  async handle(request, forward) {
    const body = expensesBody(request);
    const to = str(body?.toMonth);
    if (expensesUser(request) === undefined || !body || to === undefined) return forward(request);
    const response = await forward(withJsonBody(request, { ...body, toMonth: addMonths(to, -1) }));
    return echoRange(response, { toMonth: to });
  },
  probe: (target) =>
    guarded(async () => {
      const month = addMonths(currentMonth(), -2);
      const reply = await postExpenses(target, await token(target), { fromMonth: month, toMonth: month });
      if (reply.status !== 200) return `expenses ${month}..${month} answered ${reply.status}`;
      const body = obj(reply.json);
      if (body.fromMonth !== month || body.toMonth !== month) {
        return `expenses ${month}..${month} report ${String(body.fromMonth)}..${String(body.toMonth)}`;
      }
      const outside = historyDates(body).filter((d) => d !== month);
      return outside.length === 0 ? null : `expenses ${month}..${month} report months ${outside.join(', ')}`;
    }),
};

const accountsIgnored: Mutant = {
  name: 'r5-expenses-accounts-ignored',
  group: 'expenses',
  clause: 'Transactions of accounts not specified are ignored.',
  why: 'With one account specified the others are ignored, so not every single-account summary can equal the all-account one.',
  async handle(request, forward) {
    const body = expensesBody(request);
    if (expensesUser(request) === undefined || !body || body.accounts === undefined) return forward(request);
    const rest = { ...body };
    delete rest.accounts;
    return forward(withJsonBody(request, rest));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const ids = await fixtureAccountIds(target, tok);
      if (ids.length < 2) return null;
      const all = await postExpenses(target, tok, {});
      if (all.status !== 200) return `expenses answered ${all.status}`;
      if (expenseTotal(all.json) === 0) return null;
      const whole = expenseFingerprint(all.json);
      for (const id of ids) {
        const one = await postExpenses(target, tok, { accounts: [id] });
        if (one.status !== 200) return `expenses for account ${id} answered ${one.status}`;
        if (expenseFingerprint(one.json) !== whole) return null;
      }
      return `each of the ${ids.length} accounts alone gives the summary of all of them`;
    }),
};

const defaultFirstAccount: Mutant = {
  name: 'r5-expenses-default-first-account',
  group: 'expenses',
  clause:
    'Defaults: the range runs from 13 months ago to the current month; all accounts of the user are used when none are given.',
  why: "With no accounts given all the user's accounts are used, so the summary must equal the one over all of them listed.",
  async handle(request, forward) {
    const user = expensesUser(request);
    const body = expensesBody(request);
    if (user === undefined || !body || (Array.isArray(body.accounts) && body.accounts.length > 0)) {
      return forward(request);
    }
    const first = str(
      entries(jsonOf(await forward(getLike(request, `/users/${user}/connections`))) ?? {})[0]?.id,
    );
    if (first === undefined) return forward(request);
    const detail = jsonOf(await forward(getLike(request, `/users/${user}/connections/${first}`)));
    const account = str(entries(obj(detail?.accounts))[0]?.id);
    if (account === undefined) return forward(request);
    return forward(withJsonBody(request, { ...body, accounts: [account] }));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const ids = await fixtureAccountIds(target, tok);
      const implicit = await postExpenses(target, tok, {});
      const explicit = await postExpenses(target, tok, { accounts: ids });
      if (implicit.status !== 200 || explicit.status !== 200) {
        return `expenses answered ${implicit.status} and ${explicit.status}`;
      }
      const a = expenseFingerprint(implicit.json);
      const b = expenseFingerprint(explicit.json);
      return a === b ? null : `the default summary differs from the one over all ${ids.length} accounts`;
    }),
};

function monthsIn(from: string, to: string): number {
  const [fy = 0, fm = 0] = from.split('-').map(Number);
  const [ty = 0, tm = 0] = to.split('-').map(Number);
  return (ty - fy) * 12 + (tm - fm) + 1;
}

const averageIsTotal: Mutant = {
  name: 'r5-expenses-average-is-total',
  group: 'expenses',
  clause:
    'Summary block (cashWithdrawals, bankFees, externalTransfers, loanInterests, loanRepayments): `avgMonthly` (string decimal), `summary` (string), `changeHistory` (array).',
  why: "avgMonthly is a monthly average, so over two months it lies between the two months' own figures; the total of both exceeds them.",
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    if (expensesUser(request) === undefined || response.status !== 200 || !body) return response;
    const months = monthsIn(str(body.fromMonth) ?? '', str(body.toMonth) ?? '');
    if (!(months > 1)) return response;
    const scaled: JsonObject = { ...body };
    for (const name of BLOCKS) {
      const block = obj(body[name]);
      const avg = Number(str(block.avgMonthly) ?? NaN);
      if (Number.isFinite(avg)) scaled[name] = { ...block, avgMonthly: (avg * months).toFixed(2) };
    }
    return withJson(response, scaled);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const now = currentMonth();
      const avg = (value: unknown, name: string) =>
        Math.abs(Number(str(obj(obj(value)[name]).avgMonthly) ?? 0));
      for (let k = 1; k <= 8; k += 1) {
        const m2 = addMonths(now, -k);
        const m1 = addMonths(m2, -1);
        const first = await postExpenses(target, tok, { fromMonth: m1, toMonth: m1 });
        const second = await postExpenses(target, tok, { fromMonth: m2, toMonth: m2 });
        const both = await postExpenses(target, tok, { fromMonth: m1, toMonth: m2 });
        if (first.status !== 200 || second.status !== 200 || both.status !== 200) {
          return `expenses answered ${first.status}, ${second.status}, ${both.status}`;
        }
        for (const name of BLOCKS) {
          const a = avg(first.json, name);
          const b = avg(second.json, name);
          const c = avg(both.json, name);
          if (c > Math.max(a, b) + 0.011 || c < Math.min(a, b) - 0.011) {
            return `${name}.avgMonthly over ${m1}..${m2} is ${c}, outside ${a} (${m1}) and ${b} (${m2})`;
          }
        }
      }
      return null;
    }),
};

const unknownUserServed: Mutant = {
  name: 'r5-expenses-unknown-user-served',
  group: 'expenses',
  clause: 'Precondition: the user exists and all connections have been created or refreshed.',
  why: 'The user must exist; a summary for an id that names no user presents data of a user that is not there.',
  async handle(request, forward) {
    const response = await forward(request);
    const user = expensesUser(request);
    if (user === undefined || response.status !== 404) return response;
    const created = jsonOf(
      await forward(
        withJson(
          {
            ...getLike(request, '/users'),
            method: 'POST',
            headers: { ...getLike(request, '/users').headers, 'content-type': 'application/json' },
          },
          { email: `ghost.${crypto.randomUUID().slice(0, 8)}@example.com` },
        ),
      ),
    );
    const ghost = str(created?.id);
    if (ghost === undefined) return response;
    const answer = await forward({ ...request, path: `/users/${ghost}/expenses` });
    return { ...answer, body: Buffer.from(answer.body.toString('utf8').split(ghost).join(user), 'utf8') };
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await postExpenses(target, await token(target), {}, RANDOM_UUID);
      return reply.status >= 400 ? null : `expenses for a user that does not exist answered ${reply.status}`;
    }),
};

export const institutionsExpensesMutants: Mutant[] = [
  totalCountShort,
  neAsEq,
  filterDropsFirst,
  listTierDiffers,
  selfLinksRotated,
  unknownIdServed,
  everyThirdOther,
  defaultFromTwelve,
  openEndNotCurrent,
  monthBeforeFromIncluded,
  lastMonthExcluded,
  accountsIgnored,
  defaultFirstAccount,
  averageIsTotal,
  unknownUserServed,
];

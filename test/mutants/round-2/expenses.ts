/** Round 2, expense summaries. */
import { api, guarded, token } from '../client.ts';
import type { Expenses } from '../client.ts';
import { BLOCK_NAMES } from '../client.ts';
import {
  addMonths,
  currentMonth,
  jsonResponse,
  obj,
  readJsonObject,
  route,
  str,
  withJson,
} from '../mutant.ts';
import type { Mutant, MutantRequest, Target } from '../mutant.ts';
import { accountsByConnection, editJson, ok } from './helpers.ts';

const expensesRoute = (request: MutantRequest) => route(request, 'POST', /^\/users\/([^/]+)\/expenses\/?$/);

const firstSummary = new Map<string, { id: unknown; self: unknown }>();

function postExpenses(target: Target, tok: string, body: Record<string, unknown>, user?: string) {
  return api(target, `/users/${user ?? target.profile.fixtures.userId}/expenses`, tok, {
    method: 'POST',
    body,
  });
}

/** Every `YYYY-MM` date of a summary's change histories. */
function historyDates(summary: Expenses): string[] {
  const dates: string[] = [];
  for (const entry of summary.payments)
    for (const sub of entry.subCategory) for (const h of sub.changeHistory) dates.push(h.date);
  for (const name of BLOCK_NAMES) for (const h of summary[name].changeHistory) dates.push(h.date);
  return dates;
}

/** The figures of a summary, without its identity. */
function figures(summary: Expenses): string {
  return JSON.stringify([summary.payments, ...BLOCK_NAMES.map((name) => summary[name])]);
}

export const expenseMutants: Mutant[] = [
  {
    name: 'r2-expenses-month-before-range',
    group: 'expenses',
    clause: '`YYYY-MM`; first month included',
    why: 'the month before fromMonth is summarised too (while fromMonth is echoed as asked), so the first month included is not the one given.',
    async handle(request, forward) {
      const body =
        expensesRoute(request) === null
          ? undefined
          : (readJsonObject(request) ?? (request.body.length === 0 ? {} : undefined));
      if (body === undefined) return forward(request);
      const given = str(body.fromMonth);
      const from =
        given !== undefined && /^\d{4}-\d{2}$/.test(given) ? given : addMonths(currentMonth(), -13);
      const response = await forward(withJson(request, { ...body, fromMonth: addMonths(from, -1) }));
      return editJson(response, (summary) => {
        summary.fromMonth = from;
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const fromMonth = addMonths(currentMonth(), -6);
        const toMonth = addMonths(currentMonth(), -3);
        const reply = await postExpenses(target, tok, { fromMonth, toMonth });
        if (reply.status !== 200) return `expenses answered ${reply.status}`;
        const outside = historyDates(reply.json as Expenses).find((d) => d < fromMonth || d > toMonth);
        if (outside !== undefined)
          return `a change history holds ${outside}, outside ${fromMonth}..${toMonth}`;
        return null;
      }),
  },
  {
    name: 'r2-expenses-only-first-account',
    group: 'expenses',
    clause: 'account identifiers to include',
    why: 'with several accounts given only the first one is summarised, so the other accounts asked for are left out.',
    handle(request, forward) {
      const body = expensesRoute(request) === null ? undefined : readJsonObject(request);
      if (body === undefined || !Array.isArray(body.accounts) || body.accounts.length < 2)
        return forward(request);
      return forward(withJson(request, { ...body, accounts: body.accounts.slice(0, 1) }));
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const accounts = [...(await accountsByConnection(target, tok)).values()].flat();
        if (accounts.length < 2) return 'the fixture user has fewer than two accounts';
        const range = { fromMonth: addMonths(currentMonth(), -12), toMonth: currentMonth() };
        const every = await postExpenses(target, tok, { ...range, accounts });
        const implied = await postExpenses(target, tok, range);
        if (every.status !== 200 || implied.status !== 200)
          return `expenses answered ${every.status} / ${implied.status}`;
        if (figures(every.json as Expenses) !== figures(implied.json as Expenses))
          return 'naming every account of the user gives other figures than the default of all accounts';
        return null;
      }),
  },
  {
    name: 'r2-expenses-division-split',
    group: 'expenses',
    clause: 'one entry per expense division',
    why: 'the first payment division is reported as two entries of the same division.',
    async handle(request, forward) {
      const response = await forward(request);
      if (expensesRoute(request) === null) return response;
      return editJson(response, (summary) => {
        if (!Array.isArray(summary.payments) || summary.payments.length === 0) return;
        const first = obj(summary.payments[0]);
        const subs = Array.isArray(first.subCategory) ? (first.subCategory as unknown[]) : [];
        const half = Math.ceil(subs.length / 2);
        const a = { ...first, subCategory: subs.length >= 2 ? subs.slice(0, half) : subs };
        const b = { ...first, subCategory: subs.length >= 2 ? subs.slice(half) : subs };
        summary.payments = [a, b, ...(summary.payments as unknown[]).slice(1)];
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await postExpenses(target, tok, {});
        if (reply.status !== 200) return `expenses answered ${reply.status}`;
        const seen = new Set<string>();
        for (const entry of (reply.json as Expenses).payments) {
          if (seen.has(entry.division)) return `division ${entry.division} has more than one entry`;
          seen.add(entry.division);
        }
        return null;
      }),
  },
  {
    name: 'r2-expenses-id-reused',
    group: 'expenses',
    clause: 'An expense summary resource is created per user over a range of months.',
    why: "every summary of a user gets the id and self link of the user's first summary, so different summaries cannot be told apart.",
    async handle(request, forward) {
      const captured = expensesRoute(request);
      const response = await forward(request);
      if (captured === null) return response;
      const user = captured[0] ?? '';
      return editJson(response, (summary) => {
        const links = obj(summary.links);
        const first = firstSummary.get(user);
        if (first === undefined) firstSummary.set(user, { id: summary.id, self: links.self });
        else {
          summary.id = first.id;
          links.self = first.self;
        }
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const a = await postExpenses(target, tok, {
          fromMonth: addMonths(currentMonth(), -5),
          toMonth: currentMonth(),
        });
        const b = await postExpenses(target, tok, {
          fromMonth: addMonths(currentMonth(), -2),
          toMonth: currentMonth(),
        });
        if (a.status !== 200 || b.status !== 200) return `expenses answered ${a.status} / ${b.status}`;
        const [x, y] = [a.json as Expenses, b.json as Expenses];
        if (x.id === y.id) return `two summaries over different ranges share the id ${x.id}`;
        return null;
      }),
  },
  {
    name: 'r2-expenses-unknown-user-summarised',
    group: 'expenses',
    clause: 'Precondition: the user exists and all connections have been created or refreshed.',
    why: 'a summary is created for a user that does not exist (zero figures) instead of the post failing.',
    async handle(request, forward) {
      const response = await forward(request);
      if (expensesRoute(request) === null || response.status !== 404) return response;
      const body = readJsonObject(request) ?? {};
      const block = { avgMonthly: '0.00', summary: 'monthly', changeHistory: [] };
      const id = `exp_${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`;
      return jsonResponse(200, {
        type: 'expenses',
        id,
        fromMonth: str(body.fromMonth) ?? addMonths(currentMonth(), -13),
        toMonth: str(body.toMonth) ?? currentMonth(),
        payments: [],
        cashWithdrawals: block,
        bankFees: block,
        externalTransfers: block,
        loanInterests: block,
        loanRepayments: block,
        links: { self: `${request.path.replace(/\/$/, '')}/${id}`, accounts: [] },
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const known = target.profile.fixtures.userId;
        const unknown = `${known.slice(0, -1)}${known.endsWith('z') ? 'y' : 'z'}`;
        const reply = await postExpenses(target, tok, {}, encodeURIComponent(unknown));
        if (ok(reply.status))
          return `a summary was created for the unknown user ${unknown} (${reply.status})`;
        return null;
      }),
  },
];

import { preview } from '../validation/validator.ts';
import { parsedJson } from './body.ts';
import type { MatchedOperation } from './operation.ts';
import type { PageWalks } from './page-walks.ts';
import { asRecord, rule, type Body, type ServerExchange, type ServerJudgement } from './judgements.ts';

// The rules beyond the schema that one 2xx answer proves alone, per operation (server-judge.ts judges the
// schema and the errors): what the proxy can hold a live answer to without having chosen the request.

const credentialMembers = new Set(['loginId', 'password', 'securityCode']);

/** JSON pointers of every loginId, password or securityCode member, at any depth (spec: Connection). */
function credentialPointers(body: unknown, pointer = ''): string[] {
  if (body === null || typeof body !== 'object') return [];
  return Object.entries(body).flatMap(([key, value]) => {
    const here = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    return [...(credentialMembers.has(key) ? [here] : []), ...credentialPointers(value, here)];
  });
}

const month = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The rules beyond the schema that a 2xx answer proves alone: identities asked for, counts, orders and
 * ranges within the one body, values no request may change.
 */
export function successRules(
  exchange: ServerExchange,
  match: MatchedOperation,
  body: Body,
  walks: PageWalks,
): ServerJudgement[] {
  const judgements: ServerJudgement[] = [];
  const { name, parameters, query } = match;
  if (name === 'listConnections' || name === 'getConnection' || name === 'updateConnection') {
    const found = credentialPointers(body);
    judgements.push(rule('CONN-21', found.length === 0, () => `the answer carries ${found.join(', ')}`));
  }
  if (name === 'getConnection' && typeof body.id === 'string')
    judgements.push(
      rule(
        'CONN-40',
        body.id === parameters.connectionId,
        () => `asked for ${parameters.connectionId}, got id ${body.id as string}`,
      ),
    );
  if (name === 'getJob' && typeof body.id === 'string')
    judgements.push(
      rule(
        'JOBS-03',
        body.id === parameters.jobId,
        () => `asked for ${parameters.jobId}, got id ${body.id as string}`,
      ),
    );
  if (name === 'getJob' || name === 'updateConnection') {
    const created = Date.parse(String(body.created));
    const updated = Date.parse(String(body.updated));
    if (!Number.isNaN(created) && !Number.isNaN(updated))
      judgements.push(
        rule(
          'JOBS-06',
          updated >= created,
          () => `updated ${String(body.updated)} is earlier than created ${String(body.created)}`,
        ),
      );
  }
  if (name === 'listInstitutions' && typeof body.totalCount === 'number' && Array.isArray(body.data)) {
    const { totalCount, data } = body as { totalCount: number; data: unknown[] };
    judgements.push(
      rule('INST-03', totalCount >= data.length, () => `totalCount ${totalCount} < ${data.length} entries`),
    );
  }
  if (
    name === 'enrich' &&
    !query.has('accountType') &&
    !query.has('amount') &&
    typeof body.class === 'string'
  )
    judgements.push(
      rule(
        'ENRICH-15',
        body.class === 'payment',
        () => `without accountType and amount, class ${preview(body.class)}`,
      ),
    );
  if (name === 'createExpenses') judgements.push(...expensesRules(exchange, body));
  if (name === 'listAffordabilityTransactions') judgements.push(...pageRules(exchange, match, body, walks));
  return judgements;
}

function expensesRules(exchange: ServerExchange, body: Body): ServerJudgement[] {
  const judgements: ServerJudgement[] = [];
  const { fromMonth, toMonth, payments } = body;
  const range =
    typeof fromMonth === 'string' &&
    typeof toMonth === 'string' &&
    month.test(fromMonth) &&
    month.test(toMonth);
  const asked = asRecord(parsedJson(exchange.request.body));
  const from = asked?.fromMonth;
  const to = asked?.toMonth;
  if (range) {
    // "unless the request asked for that very range": a reversed range echoed as asked is not judged.
    if (fromMonth <= toMonth || from !== fromMonth || to !== toMonth)
      judgements.push(
        rule('EXP-11', fromMonth <= toMonth, () => `fromMonth ${fromMonth} is after toMonth ${toMonth}`),
      );
    const dates: string[] = [];
    const history = (block: unknown) => {
      const entries = asRecord(block)?.changeHistory;
      if (Array.isArray(entries))
        for (const entry of entries) {
          const date = asRecord(entry)?.date;
          if (typeof date === 'string' && month.test(date)) dates.push(date);
        }
    };
    for (const block of [
      'cashWithdrawals',
      'bankFees',
      'externalTransfers',
      'loanInterests',
      'loanRepayments',
    ])
      history(body[block]);
    if (Array.isArray(payments))
      for (const payment of payments) {
        const sub = asRecord(payment)?.subCategory;
        if (Array.isArray(sub)) for (const entry of sub) history(entry);
      }
    const outside = dates.filter((d) => d < fromMonth || d > toMonth);
    if (fromMonth <= toMonth && dates.length > 0)
      judgements.push(
        rule(
          'EXP-18',
          outside.length === 0,
          () => `changeHistory dates ${preview(outside)} outside ${fromMonth} to ${toMonth}`,
        ),
      );
    if (
      typeof from === 'string' &&
      typeof to === 'string' &&
      month.test(from) &&
      month.test(to) &&
      from <= to
    )
      judgements.push(
        rule(
          'EXP-04',
          fromMonth === from && toMonth === to,
          () => `asked for ${from} to ${to}, answered ${fromMonth} to ${toMonth}`,
        ),
      );
  }
  if (Array.isArray(payments)) {
    const divisions = payments
      .map((p) => asRecord(p)?.division)
      .filter((d): d is string => typeof d === 'string');
    const repeated = divisions.find((d, i) => divisions.indexOf(d) !== i);
    judgements.push(
      rule('EXP-13', repeated === undefined, () => `division ${preview(repeated)} listed twice`),
    );
  }
  return judgements;
}

const emptySubClass = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (asRecord(value) !== undefined && Object.keys(value as object).length === 0);

/** One page of the affordability list: its size for the limit asked, its order, its place in a walk. */
function pageRules(
  exchange: ServerExchange,
  match: MatchedOperation,
  body: Body,
  walks: PageWalks,
): ServerJudgement[] {
  const judgements: ServerJudgement[] = [];
  const data = body.data;
  if (!Array.isArray(data)) return judgements;
  const limit = match.query.get('limit');
  const cursor = match.query.get('next') ?? undefined;
  // "pages of at most 500 entries", whatever was asked; at most N for limit=N on a first page (a cursor
  // may carry the limit of the page that issued it, a reading the spec leaves open).
  const size = `a page of ${data.length} transactions`;
  if (limit === null) judgements.push(rule('AFFORD-06', data.length <= 500, () => `without limit, ${size}`));
  else if (/^[0-9]+$/.test(limit) && Number(limit) > 500)
    judgements.push(rule('AFFORD-09', data.length <= 500, () => `with limit=${limit}, ${size}`));
  else if (/^([1-9][0-9]{0,2})$/.test(limit) && Number(limit) <= 500 && cursor === undefined)
    judgements.push(rule('AFFORD-07', data.length <= Number(limit), () => `with limit=${limit}, ${size}`));
  const transactions = data.map(asRecord);
  // Ordered "by account": one account's transactions are contiguous within any page of the list.
  const accounts = transactions.map((t) => t?.account).filter((a): a is string => typeof a === 'string');
  const closed = new Set<string>();
  let interleaved: string | undefined;
  accounts.forEach((account, i) => {
    if (i > 0 && accounts[i - 1] !== account) closed.add(accounts[i - 1] as string);
    if (closed.has(account)) interleaved ??= account;
  });
  if (accounts.length > 1)
    judgements.push(
      rule(
        'AFFORD-12',
        interleaved === undefined,
        () => `account ${interleaved ?? ''} comes back after another account's transactions`,
      ),
    );
  const classed = transactions.filter((t) => typeof t?.class === 'string' && t.class !== 'payment');
  const populated = classed.find((t) => !emptySubClass(t?.subClass));
  if (classed.length > 0)
    judgements.push(
      rule(
        'AFFORD-29',
        populated === undefined,
        () => `class ${preview(populated?.class)} with subClass ${preview(populated?.subClass)}`,
      ),
    );
  const ids = transactions.map((t) => t?.id).filter((id): id is string => typeof id === 'string');
  const links = asRecord(body.links);
  const verdict = walks.page({ cursor, target: exchange.request.path }, ids, links?.next, exchange.baseUrl);
  if (verdict.continued)
    judgements.push(
      rule(
        'AFFORD-11',
        verdict.repeated === undefined,
        () => `page ${verdict.page} of a walk repeats transaction ${verdict.repeated ?? ''}`,
      ),
    );
  return judgements;
}

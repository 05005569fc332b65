import { pageSizeOf } from '../../operations/table.ts';
import { parsedJson } from './body.ts';
import type { MatchedOperation } from './operation.ts';
import type { PageWalks } from './page-walks.ts';
import {
  asRecord,
  byRule,
  held,
  withContext,
  type Body,
  type ServerExchange,
  type ServerJudgement,
} from './judgements.ts';

// The rules beyond the schema that one 2xx answer proves alone, per operation (server-judge.ts judges the
// schema and the errors): what the proxy can hold a live answer to without having chosen the request. Each
// rule is the one the checks hold (src/rules); this file says which answers show it and what was asked.

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
  const { name, parameters, query } = match;
  switch (name) {
    case 'listConnections':
      return byRule('CONN-21', body);
    case 'getConnection':
      return [...byRule('CONN-21', body), ...byRule('CONN-40', body, parameters.connectionId ?? '')];
    case 'updateConnection':
      return [...byRule('CONN-21', body), ...byRule('JOBS-06', body)];
    case 'getJob':
      return [...byRule('JOBS-03', body, parameters.jobId ?? ''), ...byRule('JOBS-06', body)];
    case 'listInstitutions':
      return byRule('INST-03', body);
    case 'enrich':
      return byRule('ENRICH-15', body, {
        accountType: query.has('accountType'),
        amount: query.has('amount'),
      });
    case 'createExpenses': {
      const asked = asRecord(parsedJson(exchange.request.body)) ?? {};
      return [
        ...byRule('EXP-11', body, asked),
        ...byRule('EXP-18', body),
        ...byRule('EXP-04', body, asked),
        ...byRule('EXP-13', body),
        ...byRule('EXP-25', body),
        ...byRule('EXP-26', body),
      ];
    }
    case 'listAffordabilityTransactions':
      return pageRules(exchange, match, body, walks);
    default:
      return [];
  }
}

/** One page of the affordability list: its size for the limit asked, its order, its place in a walk. */
function pageRules(
  exchange: ServerExchange,
  match: MatchedOperation,
  body: Body,
  walks: PageWalks,
): ServerJudgement[] {
  const data = body.data;
  if (!Array.isArray(data)) return [];
  const judgements: ServerJudgement[] = [];
  const limit = match.query.get('limit');
  const cursor = match.query.get('next') ?? undefined;
  const { maximum } = pageSizeOf(match.name);
  // "pages of at most 500 entries", whatever was asked; at most N for limit=N on a first page (a cursor
  // may carry the limit of the page that issued it, a reading the spec leaves open).
  if (limit === null)
    judgements.push(...withContext('without limit', byRule('AFFORD-06', data.length, maximum)));
  else if (/^[0-9]+$/.test(limit) && Number(limit) > maximum)
    judgements.push(...withContext(`with limit=${limit}`, byRule('AFFORD-09', data.length, maximum)));
  else if (/^[1-9][0-9]*$/.test(limit) && Number(limit) <= maximum && cursor === undefined)
    judgements.push(...withContext(`with limit=${limit}`, byRule('AFFORD-07', data.length, Number(limit))));
  const transactions = data.map(asRecord);
  const accounts = transactions.map((t) => t?.account).filter((a): a is string => typeof a === 'string');
  if (accounts.length > 1) {
    // The first account to come back after another's run, or the page held if none does.
    const ended = new Set<string>();
    const returns = accounts.flatMap((account, i) => {
      const previous = accounts[i - 1];
      if (previous !== undefined && previous !== account) ended.add(previous);
      return byRule('AFFORD-12', ended, previous, account).filter((j) => !j.held);
    });
    judgements.push(returns[0] ?? held('AFFORD-12'));
  }
  const classed = transactions.flatMap((t) => byRule('AFFORD-29', t));
  if (classed.length > 0) judgements.push(classed.find((j) => !j.held) ?? (classed[0] as ServerJudgement));
  const ids = transactions.map((t) => t?.id).filter((id): id is string => typeof id === 'string');
  const links = asRecord(body.links);
  const walk = walks.page({ cursor, target: exchange.request.path }, ids, links?.next, exchange.baseUrl);
  if (walk.continued)
    judgements.push(...withContext(`page ${walk.page} of a walk`, byRule('AFFORD-11', ids, walk.seen)));
  return judgements;
}

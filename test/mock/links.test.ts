import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routePaths } from '../../mock/routes/paths.ts';
import type { OperationPath } from '../../src/operations/table.ts';
import { recordFullRun, type RecordedRun } from '../support/recorded-run.ts';
import { inBatches, MockClient } from './mock-client.ts';

/** Members of a links object that lead off the service, to image files (spec: Enrich result, Links). */
const assetMembers = new Set(['logo-master', 'logo-thumb']);
/** Requests in flight at once while walking: enough to be quick, few enough to leave the mock responsive. */
const width = 16;

/** Every string in a links object, at any depth, but the asset links. */
function linkStrings(links: unknown, into: Set<string>): void {
  if (typeof links === 'string') into.add(links);
  else if (Array.isArray(links)) for (const item of links) linkStrings(item, into);
  else if (links !== null && typeof links === 'object')
    for (const [member, value] of Object.entries(links))
      if (!assetMembers.has(member)) linkStrings(value, into);
}

/**
 * Every link a body hands out: the strings under any `links` object at any depth (a connection's
 * institution.links.self among them), and a job step's `result` link ({ type: 'link', url }). An
 * institution's logo.links (square, full) are asset links and left out.
 */
function linksIn(body: unknown, into: Set<string>, member = ''): void {
  if (Array.isArray(body)) {
    for (const item of body) linksIn(item, into, member);
    return;
  }
  if (body === null || typeof body !== 'object') return;
  const object = body as Record<string, unknown>;
  if (object.type === 'link' && typeof object.url === 'string') into.add(object.url);
  for (const [key, value] of Object.entries(object)) {
    if (key === 'links') {
      if (member !== 'logo') linkStrings(value, into);
    } else linksIn(value, into, key);
  }
}

interface Walk {
  /** Every link reached, with the status its GET answered (0: not a link of the mock, not sent). */
  statuses: Map<string, number>;
  /** The route patterns that answered 200, with how many links reached each. */
  routes: Map<OperationPath | undefined, number>;
}

/**
 * GETs every link, then every new link those answers hand out: the links of the mock's own routes, which
 * the run never asks for (their next pages, the accounts and transactions they list), must resolve too.
 * Not on to closure: following links.next to the end pages through whole lists an entry at a time where
 * the run asked for limit=1.
 */
async function walk(run: RecordedRun, client: MockClient, seeds: Set<string>): Promise<Walk> {
  const statuses = new Map<string, number>();
  const before = run.exchanges.length;
  let frontier = [...seeds];
  for (let round = 0; round < 2; round++) {
    const answers = await inBatches(frontier, width, async (link) => {
      if (!link.startsWith(`${run.mock.url}/`)) return { link, status: 0, body: undefined };
      const exchange = await client.get(link.slice(run.mock.url.length));
      return { link, status: exchange.status, body: exchange.body };
    });
    const found = new Set<string>();
    for (const { link, status, body } of answers) {
      statuses.set(link, status);
      if (status === 200) linksIn(body, found);
    }
    frontier = [...found].filter((link) => !statuses.has(link));
  }
  // The mock records the walk's answers as it recorded the run's: the route each link reached.
  const routes = new Map<OperationPath | undefined, number>();
  for (const exchange of run.exchanges.slice(before))
    if (exchange.method === 'GET' && exchange.status === 200)
      routes.set(exchange.route, (routes.get(exchange.route) ?? 0) + 1);
  return { statuses, routes };
}

describe('every link the mock hands out in a full run resolves (issue 15)', { timeout: 180_000 }, () => {
  let run: RecordedRun;
  let seeds: Set<string>;
  let result: Walk;

  beforeAll(async () => {
    run = await recordFullRun();
    seeds = new Set<string>();
    for (const exchange of run.exchanges) linksIn(exchange.body, seeds);
    result = await walk(run, await MockClient.attach(run.mock), seeds);
  });

  afterAll(() => run?.close());

  it('the run itself passed against the mock', () => {
    expect(run.result.code, run.result.stderr).toBe(0);
  });

  it('every link answers GET with the bearer token 200', () => {
    const failed = [...result.statuses]
      .filter(([, status]) => status !== 200)
      .map(([link, status]) => (status === 0 ? `not a link of the mock: ${link}` : `${status} ${link}`));
    expect(failed, `${failed.length} of ${result.statuses.size} links failed`).toEqual([]);
  });

  it('the walk covered every kind of link: hundreds of links, each route links lead to', () => {
    expect(seeds.size).toBeGreaterThan(200);
    // GET /users/{user.id}/accounts and …/transactions are left out: no answer links to them (a user's
    // links carry self only, as the spec shows); test/mock/referenced-endpoints.test.ts covers them.
    const linked: OperationPath[] = [
      routePaths.enrich,
      routePaths.connections,
      routePaths.connection,
      routePaths.job,
      routePaths.institution,
      routePaths.affordabilityTransactions,
      routePaths.user,
      routePaths.account,
      routePaths.accountTransactions,
      routePaths.connectionAccounts,
      routePaths.connectionTransactions,
      routePaths.expensesResource,
    ];
    const missed = linked.filter((route) => !result.routes.has(route));
    expect(missed, `reached: ${JSON.stringify([...result.routes])}`).toEqual([]);
  });
});

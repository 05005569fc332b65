import type { Exchange } from '../../src/http/exchange.ts';
import { NotExercised } from '../../src/checks/check.ts';
import { isObject } from '../../src/checks/error-body.ts';
import { describeAnswer, expectStatus, Failure } from '../../src/checks/failures.ts';
import { api, runSettings } from '../../src/checks/run-context.ts';

/** Shared by the enrich checks (not a check file itself): the fixture, the request, the result's shape. */

export interface EnrichFixture {
  institution: string;
  country: string;
  matchingQuery?: string;
  noMatchQuery?: string;
}

/** fixtures.enrich; the checks that call this declare the 'enrich' need, so institution and country exist. */
export function enrichFixture(): EnrichFixture {
  const fixture = runSettings().profile.fixtures.enrich;
  if (!fixture?.institution || !fixture.country) throw new Error('fixtures.enrich is incomplete');
  return { ...fixture, institution: fixture.institution, country: fixture.country };
}

/**
 * A description for checks about other parameters: the profile's own when it gives one, else a plain bank
 * description (valid by the spec's only rule on q, three characters or more).
 */
export function anyQuery(): string {
  const { matchingQuery, noMatchQuery } = enrichFixture();
  return matchingQuery ?? noMatchQuery ?? 'EFTPOS PURCHASE 1234 SYDNEY';
}

/** The profile's descriptions, each once. */
export function fixtureQueries(): string[] {
  const { matchingQuery, noMatchQuery } = enrichFixture();
  return [...new Set([matchingQuery, noMatchQuery].filter((q): q is string => q !== undefined))];
}

export type EnrichParameters = Partial<
  Record<'q' | 'institution' | 'country' | 'mcc' | 'accountType' | 'amount', string | undefined>
>;

/**
 * GET /enrich with the fixture's institution and country and `anyQuery()`, changed by `parameters`: a key
 * given as undefined is left out of the request.
 */
export function getEnrich(parameters: EnrichParameters = {}): Promise<Exchange> {
  const { institution, country } = enrichFixture();
  return api().get('/enrich', { q: anyQuery(), institution, country, ...parameters });
}

export interface EnrichBody {
  type?: unknown;
  direction?: unknown;
  class?: unknown;
  data?: { merchant?: unknown; location?: unknown; category?: unknown } | null;
  links?: { self?: unknown; 'logo-master'?: unknown; 'logo-thumb'?: unknown } | null;
}

/** The body of a 200 answer; a check that reads a result first makes sure it got one. */
export function enrichResult(exchange: Exchange): EnrichBody {
  expectStatus(exchange, 200);
  const body = exchange.response.body;
  return isObject(body) ? (body as EnrichBody) : {};
}

/**
 * Ends a check as "not exercised": the target answered, but gave nothing the check can judge (a matching
 * query whose result holds no location, say). The runner reports a RequestRefused as not exercised with
 * its message, which is exactly this outcome.
 */
export function nothingToJudge(reason: string): never {
  throw new NotExercised(reason);
}

/**
 * The 200 answers among the exchanges: the results a check about the result can judge. A valid query
 * answered otherwise fails the checks about valid queries (ENRICH-01, ENRICH-19); the checks about the
 * result are not exercised when no result came back, so one wrong status does not fail them all.
 */
export function judgeable(exchanges: Exchange[]): Exchange[] {
  const results = exchanges.filter((exchange) => exchange.response?.status === 200);
  const [first] = exchanges;
  if (results.length === 0)
    nothingToJudge(
      `no query was answered 200, so there is no enrich result to judge (got ${first ? describeAnswer(first) : 'nothing'})`,
    );
  return results;
}

/**
 * The results of the profile's matching and no-match queries and of a classified query (accountType and
 * amount given), as far as they were answered 200.
 */
export async function sampleResults(): Promise<Exchange[]> {
  const queries = fixtureQueries();
  return judgeable(
    await Promise.all([
      ...queries.map((q) => getEnrich({ q })),
      getEnrich({ accountType: 'transaction', amount: '25.00' }),
    ]),
  );
}

/**
 * Applies an expectation to every item and reports every item that fails it, not only the first: a person
 * sees at once which of the values sent were mishandled. The first failure's exchange is the evidence.
 */
export function expectEach<T>(items: T[], expectation: (item: T) => void): void {
  const findings: Failure[] = [];
  for (const item of items) {
    try {
      expectation(item);
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      findings.push(error);
    }
  }
  const [first] = findings;
  if (first) throw new Failure(findings.map((f) => f.message).join('\n'), first.exchange);
}

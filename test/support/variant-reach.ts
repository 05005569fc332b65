import { defaultApiKey, type MockExchange, type MockOptions } from '../../mock/options.ts';
import { assertMockOptions } from '../../mock/options-schema.ts';
import { OperationMatcher } from '../../src/operations/match.ts';
import { mockOwnGroup, operations } from '../../src/operations/table.ts';
import { runOnMocks } from '../harness/fault-matrix.ts';
import type { SuiteSession } from '../harness/suite-session.ts';
import { checkIndex } from '../../runner/check-index.ts';

/**
 * Which check files can see a reading of the register (src/requirements/ambiguities/). A reading changes
 * only some answers; a file that never got such an answer from the default mock sends the same requests to
 * the reading's mock and gets the same answers, so it cannot see the reading. Each file is run once against
 * a mock of its own, recording what reached it and what it was answered (its marks):
 * - a reading of one endpoint group's (`variants.enrich`, `variants.jobs`, …) changes only the answers of
 *   that group's routes (mock/routes/<group>.ts; a job is also the answer to a connection update);
 * - a reading of the error list (`variants.errors`) changes only error answers, and its malformed-body
 *   status only the refusal of a body that is not JSON; a refusal status (`variants.refusalStatuses`) only
 *   a 401 or a 404 of a route; a forgiving filter parser only requests that carry a filter.
 * Readings of the token endpoint and of authentication take the token and auth checks. Every other
 * reading (the whole interface's, reusing a token) takes every file.
 */

/**
 * The route groups whose answers a group's readings change. The mock's own endpoints (the resources the
 * spec only links to: accounts, transactions, a user, expenses) serve what several groups' readings shape,
 * so a file that reached one may see any group's reading.
 */
const reachedBy: Record<string, string[]> = {
  connections: ['connections', mockOwnGroup],
  jobs: ['jobs', 'connection-update', mockOwnGroup],
  institutions: ['institutions', mockOwnGroup],
  enrich: ['enrich', mockOwnGroup],
  users: ['users', mockOwnGroup],
  expenses: ['expenses', mockOwnGroup],
  affordability: ['affordability', mockOwnGroup],
};

/** The mock's reading of a path, its router's. */
const mockReading = new OperationMatcher('exact');

/**
 * The route group of an answer of the mock: its operation's group in the operations table, a connection
 * update apart (its answer is a job); none for a request no operation names.
 */
function routeGroup({ method, path }: MockExchange): string {
  const name = mockReading.operationOf(method, path)?.name;
  if (name === undefined) return '';
  return name === 'updateConnection' ? 'connection-update' : operations[name].group;
}

/** The kinds of answer a reading of the error list or of refusal statuses changes (mock/variants/types.ts). */
function answerMarks({ status, route, body }: MockExchange): string[] {
  const errors = (body as { data?: unknown } | undefined)?.data;
  if (status < 400 || !Array.isArray(errors)) return [];
  const marks = ['error-list'];
  if (status === 401 && route) marks.push('unauthenticated');
  if (status === 404 && route) marks.push('unknown-id');
  const namesBody = (error: unknown) =>
    (error as { source?: { parameter?: unknown } } | null)?.source?.parameter === 'body';
  if (status === 400 && errors.some(namesBody)) marks.push('malformed-body');
  return marks;
}

/** Every check file with its marks: the route groups its requests reached, and the kinds of answer they got. */
async function marksByFile(session: SuiteSession): Promise<Map<string, Set<string>>> {
  const reached = new Map<string, Set<string>>();
  const targets = [...(await checkIndex()).keys()].map((file) => {
    const marks = new Set<string>();
    reached.set(file, marks);
    const options: Partial<MockOptions> = {
      onRequest: (_method, _path, query) => {
        if (query.has('filter')) marks.add('filter');
      },
      onResponse: (exchange) => {
        marks.add(routeGroup(exchange));
        answerMarks(exchange).forEach((mark) => marks.add(mark));
      },
    };
    return { options, files: [file] };
  });
  await runOnMocks(session, targets);
  return reached;
}

/** The marks of the readings of the error list and of refusal statuses, by their option. */
const answerReadings: Record<string, Record<string, string>> = {
  errors: {
    malformedBodyStatus: 'malformed-body',
    correlationIdCase: 'error-list',
    correlationIdVersion: 'error-list',
    noParameterSource: 'error-list',
    mediaType: 'error-list',
  },
  refusalStatuses: { unauthenticated: 'unauthenticated', unknownId: 'unknown-id' },
};

/**
 * The marks a file must have to see a reading, and whether the reading is only of endpoint groups;
 * undefined for a reading every file may see.
 */
function marksOf(options: Partial<MockOptions>): { marks: string[]; groupsOnly: boolean } | undefined {
  const { variants, ...rest } = options;
  const entries = Object.entries(variants ?? {});
  if (Object.keys(rest).length > 0 || entries.length === 0) return undefined;
  const marks: string[] = [];
  for (const [key, value] of entries) {
    if (key in reachedBy) marks.push(...(reachedBy[key] as string[]));
    else if (key === 'forgivingFilters') marks.push('filter');
    else if (key in answerReadings) {
      const byOption = answerReadings[key] as Record<string, string>;
      for (const option of Object.keys(value as object)) {
        if (!(option in byOption)) return undefined;
        marks.push(byOption[option] as string);
      }
    } else return undefined;
  }
  return { marks, groupsOnly: entries.every(([key]) => key in reachedBy) };
}

/**
 * Readings of the token endpoint and of authentication change only how they answer a request other than
 * the one every check sends for its token (the Basic key, the version header, a scope in the form) and
 * other than a live bearer token: only the token and auth checks send such requests. Reusing a live
 * token (`token.reuse`) changes that one request too, so its readings run the whole suite.
 */
function onlyProbedByTokenAndAuth(options: Partial<MockOptions>): boolean {
  const { variants, ...rest } = options;
  const keys = Object.keys(variants ?? {});
  return (
    Object.keys(rest).length === 0 &&
    keys.length > 0 &&
    keys.every((key) => key === 'token' || key === 'auth') &&
    variants?.token?.reuse === undefined
  );
}
const tokenAndAuthFiles = (file: string) => /^suites\/(token|auth)\//.test(file);

/** A reading, with the check files that can see it among `within`, and the options to start its mock with. */
export interface VariantTarget {
  name: string;
  options: Partial<MockOptions>;
  files: readonly string[];
}

/**
 * Each reading with the files among `within` (default: every check file) that can see it. A reading of
 * endpoint groups cannot change how a token ages, so its mock withholds the short-lived key: the
 * token-expiry checks, which would only wait seconds to see the default mock again, are left out.
 */
export async function variantTargets(
  session: SuiteSession,
  readings: readonly { name: string; options: Record<string, unknown> }[],
  within?: readonly string[],
): Promise<VariantTarget[]> {
  const files = within ?? [...(await checkIndex()).keys()];
  const reached = await marksByFile(session);
  return readings.map(({ name, options }) => {
    // A reading is data (the register's JSON): a misspelt option fails here, naming the reading.
    assertMockOptions(options, name);
    if (onlyProbedByTokenAndAuth(options)) return { name, options, files: files.filter(tokenAndAuthFiles) };
    const seen = marksOf(options);
    if (!seen) return { name, options, files };
    const seeing = files.filter((file) => seen.marks.some((mark) => reached.get(file)?.has(mark)));
    const shortLivedWithheld = seen.groupsOnly ? { apiKeys: { [defaultApiKey]: 3600 } } : {};
    return { name, options: { ...shortLivedWithheld, ...options }, files: seeing };
  });
}

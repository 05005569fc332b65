/**
 * The groups, defined once. The endpoint groups are the CLI's `--only` names and the folders of suites/;
 * each requirement sits in one, with the id prefix given here, but for the shape of the error list,
 * which every endpoint returns and no single endpoint owns (`errors`).
 */
const endpointGroupPrefixes = {
  token: 'TOKEN',
  auth: 'AUTH',
  enrich: 'ENRICH',
  users: 'USERS',
  connections: 'CONN',
  jobs: 'JOBS',
  institutions: 'INST',
  expenses: 'EXP',
  affordability: 'AFFORD',
} as const;

export type SuiteGroup = keyof typeof endpointGroupPrefixes;

/** The endpoint groups, in the order the CLI lists and runs them. */
export const suiteGroups = Object.keys(endpointGroupPrefixes) as SuiteGroup[];

/** Id prefix of each group of the catalogue: the endpoint groups, then `errors`. */
export const groupPrefixes: Readonly<Record<string, string>> = { ...endpointGroupPrefixes, errors: 'ERR' };

/** Every group of the catalogue, in catalogue order. */
export const groups: readonly string[] = Object.keys(groupPrefixes);

/**
 * The group of what the spec obliges a client to send (issue 23), kept out of `groups`: no suite checks a
 * client, so its requirements would stand "not exercised" in every run's report, in JUnit and in the
 * coverage tests that want a check per requirement. The observers of clients (src/observe/clients/judge.ts) judge
 * them; `requirements` lists them after the server groups.
 */
export const clientGroup = 'client';
export const clientPrefix = 'CLIENT';

/** The endpoint group of a check file, from its path (`…/suites/<group>/…`); `other` outside suites/. */
export function suiteGroupOf(path: string | undefined): string {
  return /\/suites\/([^/]+)\//.exec(path ?? '')?.[1] ?? 'other';
}

import { afterEach, describe, expect, it } from 'vitest';
import { faults as allFaults } from '../../mock/faults/index.ts';
import { startMock, type FaultName, type RunningMock } from '../../mock/index.ts';
import { answersWithOf } from '../../src/observe/proxy/operation.ts';
import { startProxy, type RunningProxy } from '../../src/observe/proxy/proxy.ts';
import { operationNames } from '../../src/operations/table.ts';
import { catalogue } from '../../src/requirements/catalogue.ts';
import { rulesByRequirement } from '../../src/rules/by-requirement.ts';
import { clientSession } from '../proxy/session.ts';

/**
 * Every requirement the proxy judges is decided by the rule the checks hold, never by a copy of its own:
 * the proxy's requirements are what it judged of the client session in front of the mock, clean and with
 * faults that break the shared rules, and each must have its rule in src/rules (which the proxy can only
 * reach by id, src/observe/proxy/judgements.ts `byRule`) or be decided by what both sides read already.
 */

/** Faults whose answers take the proxy down the paths a clean mock does not (broken rules, error lists). */
const faults: FaultName[] = [
  'affordability-accounts-interleaved',
  'affordability-page-overlap',
  'affordability-subclass-on-non-payment',
  'enrich-default-not-payment',
  'error-content-type-text-plain',
  'institutions-total-count-short',
];

/** Requests whose words pick each "answers with" requirement (src/observe/proxy/operation.ts, answersWithOf). */
const bodies: unknown[] = [
  undefined,
  'scope=SERVER_ACCESS',
  'scope=CLIENT_ACCESS',
  { email: 'a@example.com' },
  { mobile: '+61400000000' },
  { email: 'a@example.com', mobile: '+61400000000' },
  { firstName: 'A', email: 'a@example.com' },
];

/**
 * Judgements decided by what both sides read already, with why; each is a requirement no src/rules
 * predicate could hold apart from the schemas and the operations table.
 */
const decidedElsewhere = new Map<string, string>([
  ...catalogue.requirements
    .filter((r) => (r.schema ?? []).length > 0)
    .map((r): [string, string] => [
      r.id,
      'schema-shaped: the schema in schemas/, owned per location by src/checks/schema-owners.ts',
    ]),
  ...operationNames
    .flatMap((name) => bodies.map((body) => answersWithOf(name, body)))
    .filter((id) => id !== undefined)
    .map((id): [string, string] => [
      id,
      "an operation's answer: the success status of the operations table and its resource's schema",
    ]),
  ['ERR-01', 'a body that is no error list: the error-list schema, whose violations the checks fail it on'],
]);

let mock: RunningMock | undefined;
let proxy: RunningProxy | undefined;

afterEach(async () => {
  await proxy?.close();
  await mock?.close();
  proxy = undefined;
  mock = undefined;
});

/** The requirements the proxy judged (held or broken) of the client session in front of the mock. */
async function judged(fault: FaultName[]): Promise<string[]> {
  mock = await startMock({ basePath: '/api', faults: fault });
  proxy = await startProxy({ target: mock.url });
  await clientSession(proxy.url, mock);
  await proxy.close();
  return proxy
    .report()
    .server.requirements.filter((r) => r.status === 'passed' || r.status === 'failed')
    .map((r) => r.id);
}

describe('the proxy judges with the rules the checks hold', () => {
  it('every requirement the proxy judges has its shared rule, or is decided by the schemas and the table', async () => {
    const ids = new Set<string>();
    for (const fault of [[], ...faults.map((f) => [f])]) for (const id of await judged(fault)) ids.add(id);
    const withoutRule = [...ids].filter(
      (id) => !Object.hasOwn(rulesByRequirement, id) && !decidedElsewhere.has(id),
    );
    expect(withoutRule).toEqual([]);
    // The faults' own requirements are among them: the session takes the proxy through the shared rules.
    const targeted = allFaults.filter((f) => (faults as string[]).includes(f.name)).map((f) => f.requirement);
    expect(targeted.filter((id) => !ids.has(id))).toEqual([]);
    expect(targeted.filter((id) => Object.hasOwn(rulesByRequirement, id))).toHaveLength(faults.length);
  }, 120_000);
});

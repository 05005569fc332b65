import { describe, expect, it } from 'vitest';
import { faultExemptions } from '../mock/faults/exemptions.ts';
import { faults } from '../mock/faults/index.ts';
import { operations, specOperationNames } from '../src/operations/table.ts';
import { waysIn } from '../src/operations/ways-in.ts';
import { catalogue } from '../src/requirements/catalogue.ts';
import { mustRequirementsWithoutFault } from './harness/matrix-report.ts';
import { checkIndex, requirementsHeldBy } from '../runner/check-index.ts';
import { requestKinds } from '../suites/auth/support.ts';

/**
 * Enforced coverage (CONTRIBUTING.md): every MUST requirement is exercised by a check that can fail, and
 * violated by a fault of the mock that the suite must catch (the fault-detection matrix), unless an
 * exemption in mock/faults/exemptions.ts says why no fault can violate it.
 */
describe('coverage of the MUST requirements', () => {
  const must = catalogue.requirements.filter((requirement) => requirement.level === 'MUST');

  it('names every MUST requirement in a check', async () => {
    const named = new Set<string>([...(await checkIndex()).values()].flat().flatMap(requirementsHeldBy));
    expect(must.filter(({ id }) => !named.has(id)).map(({ id }) => id)).toEqual([]);
  });

  it('has a fault for every MUST requirement, or an exemption saying why none can violate it', () => {
    const unexplained = mustRequirementsWithoutFault(faults, faultExemptions).filter((r) => !r.reason);
    expect(unexplained.map((r) => r.id)).toEqual([]);
    // An exemption for a requirement that has a fault, or is not MUST, is stale.
    const uncovered = new Set(mustRequirementsWithoutFault(faults, {}).map((r) => r.id));
    expect(Object.keys(faultExemptions).filter((id) => !uncovered.has(id))).toEqual([]);
  });
});

/**
 * Every operation of the spec is exercised in every auth state its scheme has (src/operations/ways-in.ts):
 * the bearer ways by the auth group's checks, which send each of them on every kind of request
 * (suites/auth/support.ts), the token endpoint's by its own group's checks.
 */
describe('coverage of the operations table, every way in', () => {
  it('sends every operation of the spec each way in of its scheme, in a check that names the way', async () => {
    const index = await checkIndex();
    const namedIn = (group: string) =>
      new Set(
        [...index]
          .filter(([file]) => file.startsWith(`suites/${group}/`))
          .flatMap(([, checks]) => checks.flatMap(requirementsHeldBy)),
      );
    const missing = specOperationNames.flatMap((name) => {
      const { auth, group } = operations[name];
      // The auth checks try the bearer ways on every kind of request; the token endpoint's own checks its.
      const triedBy = auth === 'bearer' ? 'auth' : group;
      const reached = auth === 'basic' || requestKinds.some((kind) => kind.operation === name);
      return Object.entries(waysIn[auth])
        .filter(([, id]) => !reached || !namedIn(triedBy).has(id))
        .map(([way, id]) => `${name} ${way} (${id})`);
    });
    expect(missing).toEqual([]);
  });
});

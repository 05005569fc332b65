import { describe, expect, it } from 'vitest';
import { faultExemptions } from '../mock/faults/exemptions.ts';
import { faults } from '../mock/faults/index.ts';
import { catalogue } from '../src/requirements/catalogue.ts';
import { mustRequirementsWithoutFault } from '../src/runner/matrix-report.ts';
import { requirementIdsByFile } from '../src/runner/suite-index.ts';

/**
 * Enforced coverage (CONTRIBUTING.md): every MUST requirement is exercised by a check that can fail, and
 * violated by a fault of the mock that the suite must catch (the fault-detection matrix), unless an
 * exemption in mock/faults/exemptions.ts says why no fault can violate it.
 */
describe('coverage of the MUST requirements', () => {
  const must = catalogue.requirements.filter((requirement) => requirement.level === 'MUST');

  it('names every MUST requirement in a check', () => {
    const named = new Set([...requirementIdsByFile().values()].flatMap((ids) => [...ids]));
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

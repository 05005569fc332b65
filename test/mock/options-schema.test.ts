import { describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.ts';
import { assertMockOptions } from '../../mock/options-schema.ts';
import { startMock as startServer } from '../../mock/server.ts';
import { variantsSchema } from '../../mock/variants/schema.ts';

/**
 * The mock's options are checked at load (mock/options-schema.ts): an option it does not have, at any
 * depth, or a reading it does not know is refused in one line naming its path, where before it was
 * ignored and the run meant to try a variant silently tested the default. That the register's readings
 * all pass is tested in test/ambiguities.test.ts; that the schema and the types agree, by tsc.
 */
describe("the mock's options, checked at load", () => {
  it('refuses a misspelt option inside a variant, naming its path', () => {
    expect(() => assertMockOptions({ variants: { errors: { correlationIdCas: 'upper' } } })).toThrow(
      new TypeError('variants.errors.correlationIdCas is not a mock option'),
    );
  });

  it('refuses a misspelt option at every level of the variants', () => {
    const groups = Object.entries(variantsSchema.properties).filter(([, schema]) => 'properties' in schema);
    expect(groups.length).toBeGreaterThanOrEqual(12);
    for (const [group] of groups)
      expect(() => assertMockOptions({ variants: { [group]: { nope: true } } }), group).toThrow(
        `variants.${group}.nope is not a mock option`,
      );
    expect(() => assertMockOptions({ variants: { relativeLink: true } })).toThrow(
      'variants.relativeLink is not a mock option',
    );
    expect(() => assertMockOptions({ basePth: '/api' })).toThrow('basePth is not a mock option');
  });

  it('refuses a reading the mock does not know, and a value of the wrong type', () => {
    expect(() => assertMockOptions({ variants: { errors: { correlationIdCase: 'uper' } } })).toThrow(
      'variants.errors.correlationIdCase must be one of ["upper"], got "uper"',
    );
    expect(() => assertMockOptions({ variants: { latencyMs: '30' } })).toThrow(
      'variants.latencyMs must be integer, got "30"',
    );
    expect(() => assertMockOptions({ variants: { rateLimit: { maxConsecutive: 1 } } })).toThrow(
      'variants.rateLimit.every is required',
    );
    // The misspelling is the cause, and is named, not the member it leaves missing.
    expect(() => assertMockOptions({ variants: { rateLimit: { evry: 7 } } })).toThrow(
      'variants.rateLimit.evry is not a mock option',
    );
  });

  it('names where the options came from, when told', () => {
    expect(() => assertMockOptions({ variants: { jobs: { step: 'started-only' } } }, 'AMB-JOBS-01')).toThrow(
      'variants.jobs.step is not a mock option (AMB-JOBS-01)',
    );
  });

  it('takes every documented option, the callbacks included', () => {
    expect(() =>
      assertMockOptions({
        basePath: '/api',
        apiKeys: { 'any key at all': 60 },
        faults: ['token-type-lowercase'],
        onRequest: () => undefined,
        onResponse: () => undefined,
        variants: {
          refusalStatuses: { unauthenticated: 403 },
          rateLimit: { every: 7 },
          enrich: { qTrimmed: true, amount: 'lenient' },
        },
      }),
    ).not.toThrow();
  });

  it('makes startMock reject a misspelt option, whichever entry a caller uses', async () => {
    // Cast as a JavaScript caller would pass it: tsc refuses the literal, which is the other half of the check.
    const misspelt = { variants: { errors: { correlationIdCas: 'upper' } } } as object;
    await expect(startMock(misspelt)).rejects.toThrow(
      'variants.errors.correlationIdCas is not a mock option',
    );
    await expect(startServer(misspelt)).rejects.toThrow(
      'variants.errors.correlationIdCas is not a mock option',
    );
  });
});

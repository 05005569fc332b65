import { afterEach, describe, expect, it } from 'vitest';
import { startMock, type FaultName, type RunningMock } from '../../mock/index.ts';
import { startMock as startMockWith } from '../../mock/server.ts';
import { mergeOptions, registerVariants } from '../../src/requirements/ambiguities.ts';
import { startProxy, type RunningProxy } from '../../src/observe/proxy/proxy.ts';
import { clientSession } from './session.ts';

let mock: RunningMock | undefined;
let proxy: RunningProxy | undefined;

afterEach(async () => {
  await proxy?.close();
  await mock?.close();
  proxy = undefined;
  mock = undefined;
});

/** The session through a proxy in front of the mock with `faults`; the server report once it is done. */
async function sessionAgainst(faults: FaultName[], options: Record<string, unknown> = {}) {
  mock =
    Object.keys(options).length > 0
      ? await startMockWith({ ...options, basePath: '/api', faults: [...faults] })
      : await startMock({ basePath: '/api', faults });
  proxy = await startProxy({ target: mock.url });
  await clientSession(proxy.url, mock);
  await proxy.close();
  return proxy.report().server;
}

describe('the proxy judges the server side of each exchange', () => {
  it('in front of the clean mock: nothing broken, many requirements observed to hold', async () => {
    const report = await sessionAgainst([]);
    const broken = report.requirements.filter((r) => r.status === 'failed');
    expect(broken.map((r) => `${r.id}: ${r.findings[0]?.message ?? ''}`)).toEqual([]);
    expect(report.summary.verdict).toBe('conformant');
    expect(report.summary.passed).toBeGreaterThan(40);
    const passed = new Set(report.requirements.filter((r) => r.status === 'passed').map((r) => r.id));
    for (const id of [
      'TOKEN-01',
      'TOKEN-03',
      'INST-02',
      'INST-03',
      'USERS-06',
      'ENRICH-21',
      'ENRICH-15',
      'ERR-01',
      'ERR-03',
      'AFFORD-03',
      'AFFORD-07',
      'AFFORD-11',
    ])
      expect(passed, id).toContain(id);
    expect(report.exchanges).toBeGreaterThanOrEqual(8);
  });

  it.each([
    ['institutions-total-count-string', 'INST-02'],
    ['token-type-lowercase', 'TOKEN-04'],
    ['enrich-geometry-numbers', 'ENRICH-30'],
    ['enrich-default-not-payment', 'ENRICH-15'],
    ['error-list-without-correlation-id', 'ERR-03'],
    ['institutions-list-returns-203', 'INST-01'],
    ['affordability-amount-number', 'AFFORD-20'],
    ['affordability-page-overlap', 'AFFORD-11'],
    ['affordability-accounts-interleaved', 'AFFORD-12'],
  ] as const)('in front of the mock with fault %s: %s observed broken', async (fault, requirement) => {
    const report = await sessionAgainst([fault]);
    const observed = report.requirements.find((r) => r.id === requirement);
    expect(observed?.status, JSON.stringify(observed?.findings[0])).toBe('failed');
    expect(observed?.findings[0]?.message).toBeTruthy();
  });
});

/**
 * The proxy must never fail a conformant service (docs/design.md#strict-where-the-spec-speaks): the same session in front of the
 * mock under every reading of the ambiguity register, and all of them at once, breaks nothing.
 */
describe('in front of each conformant variant of the mock, the proxy breaks nothing', () => {
  const variants = registerVariants();
  const runs = [
    ...variants.map((v) => [v.name, v.options] as const),
    [
      'every reading at once',
      variants.reduce<Record<string, unknown>>((all, v) => mergeOptions(all, v.options), {}),
    ] as const,
  ];
  it.each(runs)('%s', async (_name, options) => {
    const report = await sessionAgainst([], options);
    const broken = report.requirements.filter((r) => r.status === 'failed');
    expect(broken.map((r) => `${r.id}: ${r.findings[0]?.message ?? ''}`)).toEqual([]);
  });
});

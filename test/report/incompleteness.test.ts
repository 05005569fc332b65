import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { Output } from '../../src/output.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBaseline } from '../../cli/run-options.ts';
import { enablers } from '../../src/profile/enablers.ts';
import { junitXml } from '../../src/report/junit.ts';
import type { CheckResult } from '../../src/report/model.ts';
import {
  acceptIncompleteLine,
  acceptableMissing,
  buildReport,
  incompleteLine,
  wantingRequirements,
} from '../../src/report/report.ts';
import type { RunSelection } from '../../src/report/selection.ts';
import { scopeLine } from '../../src/report/selection.ts';
import { writeBaseline } from '../../src/report/write-reports.ts';

/**
 * What makes a run incomplete (docs/design.md#exit-codes, 4), and what a baseline records of it: the
 * profile fields its run went without (`acceptedMissing`), which a gate with that baseline accepts, and
 * nothing beyond them.
 */

const dir = mkdtempSync(join(tmpdir(), 'fds-incomplete-'));

/** A check not exercised for want of the profile field given. */
function wanting(id: string, field: keyof typeof enablers): CheckResult {
  return {
    name: `${id} wants ${field}`,
    file: 'suites/connections/update.check.ts',
    requirements: [id],
    state: 'not-exercised',
    message: `the profile gives no ${field}`,
    enableBy: enablers[field],
    durationMs: 0,
  };
}

const passed: CheckResult = {
  name: 'a list answers 200',
  file: 'suites/institutions/list.check.ts',
  requirements: ['INST-01'],
  state: 'passed',
  durationMs: 1,
};

/** CONN-10 and CONN-11 want the password; CONN-11 has a check wanting the expiry key too. */
const checks = [
  passed,
  wanting('CONN-10', 'fixtures.connectionPassword'),
  wanting('CONN-11', 'fixtures.connectionPassword'),
  wanting('CONN-11', 'tokenExpiry.apiKey'),
];

function judged(checks: CheckResult[], acceptedMissing?: string[]) {
  const selection: RunSelection = {
    readOnly: false,
    ...(acceptedMissing
      ? { baseline: { file: 'fds-baseline.json', failing: [], acceptedMissing, written: false } }
      : {}),
  };
  return buildReport({
    checks,
    target: { baseUrl: 'http://127.0.0.1:1', embeddedMock: false, version: '2.0' },
    startedAt: new Date('2026-12-01T00:00:00Z'),
    durationMs: 10,
    seed: 1,
    strict: false,
    selection,
    ...(acceptedMissing ? { baseline: new Set<string>() } : {}),
  }).report;
}

describe('the incompleteness of a run', () => {
  it('is every requirement wanting what the user could give, when no baseline accepts anything', () => {
    const report = judged(checks);
    expect(report.summary.verdict).toBe('incomplete');
    expect(wantingRequirements(report)).toEqual([
      { id: 'CONN-10', status: 'not-exercised', wants: [enablers['fixtures.connectionPassword']] },
      {
        id: 'CONN-11',
        status: 'not-exercised',
        wants: [enablers['fixtures.connectionPassword'], enablers['tokenExpiry.apiKey']],
      },
    ]);
    expect(incompleteLine(report)).toBe(
      "incomplete: 2 requirements not exercised for want of the profile's fixtures.connectionPassword",
    );
    expect(acceptableMissing(report)).toEqual(['fixtures.connectionPassword', 'tokenExpiry.apiKey']);
  });

  it('leaves out what the baseline accepts going without, and only that', () => {
    const accepted = judged(checks, ['fixtures.connectionPassword', 'tokenExpiry.apiKey']);
    expect(accepted.summary.verdict).toBe('conformant');
    expect(wantingRequirements(accepted)).toEqual([]);
    expect(incompleteLine(accepted)).toBeUndefined();
    expect(scopeLine(accepted)).toBe(
      'none failed; went without fixtures.connectionPassword, tokenExpiry.apiKey, as the baseline fds-baseline.json accepts',
    );

    // CONN-11 could still run with the expiry key, which the baseline does not accept going without.
    const partly = judged(checks, ['fixtures.connectionPassword']);
    expect(partly.summary.verdict).toBe('incomplete');
    expect(wantingRequirements(partly)).toEqual([
      { id: 'CONN-11', status: 'not-exercised', wants: [enablers['tokenExpiry.apiKey']] },
    ]);
    expect(incompleteLine(partly)).toBe(
      'incomplete: 1 requirement not exercised for want of FDS_EXPIRY_API_KEY or the profile’s tokenExpiry.apiKey',
    );
  });

  it('says what ends it: the gift, --allow-incomplete, or the baseline, never for the API key', () => {
    expect(acceptIncompleteLine(judged([passed]))).toBeUndefined();
    expect(acceptIncompleteLine(judged([passed, wanting('CONN-10', 'fixtures.connectionPassword')]))).toBe(
      'to exercise them, give the profile\'s fixtures.connectionPassword; to accept the run without them, give --allow-incomplete, or a baseline that accepts going without fixtures.connectionPassword (--write-baseline FILE records it as "acceptedMissing")',
    );
    // With a baseline given, what is new goes into that file.
    expect(acceptIncompleteLine(judged(checks, ['fixtures.connectionPassword']))).toBe(
      'to exercise them, give FDS_EXPIRY_API_KEY or the profile’s tokenExpiry.apiKey; to accept the run without them, give --allow-incomplete, or add "tokenExpiry.apiKey" to the "acceptedMissing" of the baseline fds-baseline.json',
    );
    const keyless = judged([passed, wanting('TOKEN-01', 'apiKey')]);
    expect(acceptableMissing(keyless)).toEqual([]);
    expect(acceptIncompleteLine(keyless)).toBe(
      'to exercise them, give FDS_API_KEY, --api-key or the profile’s apiKey; to accept the run without them, give --allow-incomplete',
    );
    // junit.xml's test case of the incomplete run says the same.
    expect(
      junitXml(keyless, {
        verdict: { blocking: [], nowPassing: [], known: [], undecided: [] },
        allowIncomplete: false,
      }),
    ).toContain(`; ${acceptIncompleteLine(keyless)}"`);
  });
});

describe('a baseline file', () => {
  const file = (name: string, content: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(content));
    return path;
  };

  it('records the failing ids and what its run went without, and reads back as it was written', () => {
    const path = join(dir, 'written.json');
    const report = judged([...checks, wanting('TOKEN-01', 'apiKey')]);
    expect(writeBaseline(path, report, new Output())).toEqual({
      failing: [],
      acceptedMissing: ['fixtures.connectionPassword', 'tokenExpiry.apiKey'],
    });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({
      failing: [],
      acceptedMissing: ['fixtures.connectionPassword', 'tokenExpiry.apiKey'],
    });
    expect(readBaseline(path)).toEqual({
      failing: new Set(),
      acceptedMissing: ['fixtures.connectionPassword', 'tokenExpiry.apiKey'],
    });
  });

  it('reads the older forms, a bare array and {"failing": [...]}, as accepting nothing missing', () => {
    const expected = { failing: new Set(['INST-02']), acceptedMissing: [] };
    expect(readBaseline(file('array.json', ['INST-02']))).toEqual(expected);
    expect(readBaseline(file('failing.json', { failing: ['INST-02'] }))).toEqual(expected);
  });

  it.each([
    [
      { failing: [], acceptedMissing: ['fixtures.conectionPassword'] },
      /acceptedMissing names "fixtures\.conectionPassword", no profile field a check needs; did you mean fixtures\.connectionPassword\?$/,
    ],
    [{ failing: [], acceptedMissing: ['apiKey'] }, /acceptedMissing cannot hold apiKey: /],
    [
      { failing: [], acceptedMissing: 'fixtures.userId' },
      /acceptedMissing must be an array of profile fields/,
    ],
  ])('refuses an acceptedMissing it cannot hold, in one line: %j', (content, line) => {
    expect(() => readBaseline(file('bad.json', content))).toThrow(line);
  });
});

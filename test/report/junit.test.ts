import { describe, expect, it } from 'vitest';
import { verdictExitCode } from '../../cli/exit-codes.ts';
import { junitXml, stoppedRunJunitXml } from '../../src/report/junit.ts';
import type { CheckResult } from '../../src/report/model.ts';
import { buildReport, type VerdictOptions } from '../../src/report/report.ts';
import { requirementById } from '../../src/requirements/catalogue.ts';
import type { RequirementId } from '../../src/requirements/requirement-ids.generated.ts';
import { junitSchemaProblems, junitTotals, parseXml, type XmlElement } from '../support/junit-schema.ts';
import { sample } from './fixture-report.ts';

const passed = (id: RequirementId): CheckResult => ({
  name: `${id} holds`,
  file: 'suites/token/fields.check.ts',
  requirements: [id],
  state: 'passed',
  durationMs: 1,
});
const failed = (id: RequirementId, message = 'POST /token: expected status 200, got 500'): CheckResult => ({
  ...passed(id),
  state: 'failed',
  message,
  failure: { requirements: [id], curl: "curl -sS -X POST 'http://127.0.0.1:1/token'" },
});
const flaky = (id: RequirementId): CheckResult => ({
  ...passed(id),
  state: 'flaky',
  message: 'GET /institutions: expected status 200, got 503',
  failedAttempts: [{ message: 'GET /institutions: expected status 200, got 503' }],
});
const wantingKey = (id: RequirementId): CheckResult => ({
  ...passed(id),
  state: 'not-exercised',
  message: 'no API key was given',
  enableBy: 'FDS_API_KEY',
});

/** A check that found nothing wrong but left a probe out, for want of a fixture (or by the run's choice). */
const partly = (id: RequirementId, enableBy?: string): CheckResult => ({
  ...passed(id),
  state: 'partly-exercised',
  notRun: [
    {
      probe: 'under another user of the target',
      reason: 'the run is read-only, so it creates no user, and the profile gives no fixtures.otherUserId',
      ...(enableBy ? { enableBy } : {}),
    },
  ],
});

/** TOKEN-07 is a SHOULD: its failure fails the run only with --strict. */
const should = 'TOKEN-07';

interface Scenario {
  checks: CheckResult[];
  options?: Partial<VerdictOptions>;
  allowIncomplete?: boolean;
  errors?: string[];
}

/** A run's junit.xml and its exit code, from the same report: what the run and merge-reports write. */
function run({ checks, options = {}, allowIncomplete = false, errors = [] }: Scenario) {
  const { report, verdict } = buildReport({
    checks,
    target: { baseUrl: 'http://127.0.0.1:1', embeddedMock: false, version: '2.0' },
    startedAt: new Date('2026-11-22T00:00:00Z'),
    durationMs: 1234,
    seed: 42,
    strict: false,
    ...options,
  });
  const xml = junitXml(report, { verdict, allowIncomplete, errors });
  const code = errors.length > 0 ? 1 : verdictExitCode(report.summary.verdict, allowIncomplete);
  return { xml, code, totals: junitTotals(xml), report };
}

/** The testcase of a requirement (or of the run itself, by name). */
function testcase(xml: string, name: string): XmlElement | undefined {
  return parseXml(xml)
    .children.flatMap((suite) => suite.children)
    .find((c) => c.attributes.name === name || c.attributes.name?.startsWith(`${name}: `));
}

describe('junit.xml, a view of the report', () => {
  it.each<[string, Scenario, number]>([
    ['conformant', { checks: [passed('TOKEN-04')] }, 0],
    ['nonconformant', { checks: [failed('TOKEN-04')] }, 1],
    ['a SHOULD-only failure without --strict', { checks: [failed(should)] }, 0],
    ['a SHOULD-only failure with --strict', { checks: [failed(should)], options: { strict: true } }, 1],
    [
      'a failure in the baseline',
      { checks: [failed('TOKEN-04')], options: { baseline: new Set(['TOKEN-04']) } },
      0,
    ],
    ['flaky without --fail-on-flaky', { checks: [flaky('INST-02')] }, 0],
    ['flaky with --fail-on-flaky', { checks: [flaky('INST-02')], options: { failOnFlaky: true } }, 1],
    ['incomplete', { checks: [wantingKey('TOKEN-01')] }, 4],
    ['incomplete with --allow-incomplete', { checks: [wantingKey('TOKEN-01')], allowIncomplete: true }, 0],
    [
      'partly exercised for want of a fixture',
      { checks: [partly('CONN-43', "the profile's fixtures.otherUserId")] },
      4,
    ],
    ["partly exercised by the run's choice (--read-only)", { checks: [partly('CONN-43')] }, 0],
    ['suites that did not run', { checks: [passed('TOKEN-04')], errors: ['suites/x.check.ts: boom'] }, 1],
  ])('is schema-shaped, and fails a build exactly when the exit code does: %s', (_, scenario, exit) => {
    const { xml, code, totals } = run(scenario);
    expect(junitSchemaProblems(xml)).toEqual([]);
    expect(code).toBe(exit);
    expect(totals.failures + totals.errors > 0).toBe(code !== 0);
  });

  it('has one testsuite per group and one test case per requirement, named with its id', () => {
    const { xml, report } = run({ checks: [passed('TOKEN-04')] });
    const root = parseXml(xml);
    const groups = [...new Set(report.requirements.map((r) => r.group))];
    expect(root.children.map((s) => s.attributes.name)).toEqual(groups);
    expect(root.attributes.tests).toBe(String(report.requirements.length));
    const token = root.children.find((s) => s.attributes.name === 'token');
    expect(token?.children[3]?.attributes).toEqual({
      name: `TOKEN-04: ${requirementById('TOKEN-04')?.title}`,
      classname: 'fds-conformance.token',
      time: '0.001',
    });
    expect(token?.children[3]?.children).toEqual([]);
  });

  it('writes a counted failure with its finding, check and curl line', () => {
    const failure = testcase(run({ checks: [failed('TOKEN-04')] }).xml, 'TOKEN-04')?.children[0];
    expect(failure?.name).toBe('failure');
    expect(failure?.attributes).toEqual({
      message: 'POST /token: expected status 200, got 500',
      type: 'MUST',
    });
    expect(failure?.text).toContain('check: TOKEN-04 holds');
    expect(failure?.text).toContain("reproduce: curl -sS -X POST 'http://127.0.0.1:1/token'");
  });

  it('never counts a partly exercised requirement as passed: a skip saying what did not run and what to give', () => {
    const { xml } = run({ checks: [partly('CONN-43', "the profile's fixtures.connectionPassword")] });
    const skipped = testcase(xml, 'CONN-43')?.children[0];
    expect(skipped?.name).toBe('skipped');
    expect(skipped?.attributes.message).toBe(
      'partly exercised: under another user of the target (check "CONN-43 holds"): the run is read-only, so it ' +
        "creates no user, and the profile gives no fixtures.otherUserId (give the profile's fixtures.connectionPassword to run it)",
    );
    expect(testcase(xml, 'the run is incomplete')?.children[0]?.attributes.message).toBe(
      'incomplete: 1 requirement partly exercised for want of the profile\'s fixtures.connectionPassword; to exercise them, give the profile\'s fixtures.connectionPassword; to accept the run without them, give --allow-incomplete, or a baseline that accepts going without fixtures.connectionPassword (--write-baseline FILE records it as "acceptedMissing")',
    );
  });

  it('writes the curl line of the request before it ahead of the curl line, for a finding between two', () => {
    const between = failed('AFFORD-11');
    const before = {
      exchange: { request: { method: 'GET', url: 'http://127.0.0.1:1/t', headers: {} }, retries: [] },
      curl: "curl -sS -X GET 'http://127.0.0.1:1/t'",
    };
    const text = testcase(
      run({ checks: [{ ...between, failure: { ...between.failure, before } }] }).xml,
      'AFFORD-11',
    )?.children[0]?.text;
    expect(text).toContain(`the request before it: ${before.curl}\nreproduce: curl -sS -X POST`);
  });

  it('writes failures the verdict does not count as skips that say why', () => {
    const lenient = testcase(run({ checks: [failed(should)] }).xml, should)?.children[0];
    expect(lenient?.name).toBe('skipped');
    expect(lenient?.attributes.message).toBe(
      'SHOULD, not counted: POST /token: expected status 200, got 500',
    );
    const strict = testcase(run({ checks: [failed(should)], options: { strict: true } }).xml, should);
    expect(strict?.children[0]?.name).toBe('failure');
    const known = run({ checks: [failed('TOKEN-04')], options: { baseline: new Set(['TOKEN-04']) } });
    expect(testcase(known.xml, 'TOKEN-04')?.children[0]?.attributes.message).toMatch(
      /^in the baseline, not counted: POST \/token/,
    );
  });

  it('writes a flaky requirement as a flakyFailure, or a failure with --fail-on-flaky', () => {
    const lenient = testcase(run({ checks: [flaky('INST-02')] }).xml, 'INST-02')?.children[0];
    expect(lenient?.name).toBe('flakyFailure');
    expect(lenient?.attributes.message).toBe(
      'flaky: attempt 1 failed, a later one passed: GET /institutions: expected status 200, got 503',
    );
    expect(lenient?.children.map((c) => c.name)).toEqual(['stackTrace']);
    const counted = run({ checks: [flaky('INST-02')], options: { failOnFlaky: true } });
    expect(testcase(counted.xml, 'INST-02')?.children[0]?.name).toBe('failure');
  });

  it('says what would run a requirement not exercised, and fails an incomplete run in one test case', () => {
    const { xml, totals } = run({ checks: [wantingKey('TOKEN-01')] });
    expect(testcase(xml, 'TOKEN-01')?.children[0]?.attributes.message).toBe(
      'not exercised: no API key was given (give FDS_API_KEY to run it)',
    );
    expect(testcase(xml, 'ENRICH-01')?.children[0]?.attributes.message).toBe(
      'not exercised: no check exercises it',
    );
    expect(totals.failures).toBe(1);
    expect(testcase(xml, 'the run is incomplete')?.children[0]?.attributes).toEqual({
      message:
        'incomplete: 1 requirement not exercised for want of FDS_API_KEY; to exercise them, give FDS_API_KEY; to accept the run without them, give --allow-incomplete',
      type: 'incomplete',
    });
    const allowed = run({ checks: [wantingKey('TOKEN-01')], allowIncomplete: true }).xml;
    expect(testcase(allowed, 'the run is incomplete')).toBeUndefined();
  });

  it('escapes what a target sent, and replaces what XML cannot hold', () => {
    const hostile = 'GET /x: got <b a="1">&\'</b>\u0001 ]]>\r\nsecond line';
    const { xml } = run({ checks: [failed('TOKEN-04', hostile)] });
    expect(junitSchemaProblems(xml)).toEqual([]);
    const failure = testcase(xml, 'TOKEN-04')?.children[0];
    expect(failure?.attributes.message).toBe('GET /x: got <b a="1">&\'</b>\uFFFD ]]> second line');
    expect(failure?.text).toContain('GET /x: got <b a="1">&\'</b>\uFFFD ]]>\r\nsecond line');
  });

  it('times every test case by its checks, and every suite by its group or its cases', () => {
    const slow = { ...passed('TOKEN-04'), durationMs: 1500 };
    const shared: CheckResult = {
      ...passed('TOKEN-04'),
      requirements: ['TOKEN-04', 'TOKEN-05'],
      durationMs: 250,
    };
    const { xml } = run({ checks: [slow, shared, wantingKey('TOKEN-01')] });
    // A check that proves two requirements counts in each.
    expect(testcase(xml, 'TOKEN-04')?.attributes.time).toBe('1.75');
    expect(testcase(xml, 'TOKEN-05')?.attributes.time).toBe('0.25');
    expect(testcase(xml, 'ENRICH-01')?.attributes.time).toBe('0');
    const root = parseXml(xml);
    const elements = [root, ...root.children, ...root.children.flatMap((suite) => suite.children)];
    expect(elements.filter((e) => !/^\d+(\.\d+)?$/.test(e.attributes.time ?? ''))).toEqual([]);
    // Without each group's wall time (merge-reports), a suite's time is its cases' sum: 1.75 + 0.25 + 0.001.
    expect(root.children.find((suite) => suite.attributes.name === 'token')?.attributes.time).toBe('2.001');
    const { report, verdict } = buildReport({
      checks: [slow],
      target: { baseUrl: 'http://127.0.0.1:1', embeddedMock: false, version: '2.0' },
      startedAt: new Date('2026-11-22T00:00:00Z'),
      durationMs: 4000,
      seed: 42,
      strict: false,
      secondsByGroup: { token: 3.2 },
    });
    const timed = parseXml(junitXml(report, { verdict, allowIncomplete: false }));
    expect(timed.children.find((suite) => suite.attributes.name === 'token')?.attributes.time).toBe('3.2');
  });

  it('writes a run stopped before any check as one test case in error, with its line', () => {
    const line =
      'fds-conformance: the API key was refused by POST /token (400 invalid-grant: <unknown> & gone)';
    const xml = stoppedRunJunitXml(line, 'setup error', '2026-11-22T00:00:00.000Z', 1234);
    expect(junitSchemaProblems(xml)).toEqual([]);
    expect(junitTotals(xml)).toMatchObject({ errors: 1, failures: 0 });
    const stopped = testcase(xml, 'the run could not start');
    expect(stopped?.attributes.time).toBe('1.234');
    expect(stopped?.children.map((c) => [c.name, c.attributes, c.text])).toEqual([
      ['error', { message: line, type: 'setup error' }, line],
    ]);
  });

  it('is the view of the sample report too', () => {
    expect(
      junitSchemaProblems(junitXml(sample.report, { verdict: sample.verdict, allowIncomplete: false })),
    ).toEqual([]);
  });
});

describe('the JUnit schema check', () => {
  it.each([
    ['<testsuite name="x" tests="0" failures="0" errors="0" skipped="0"/>', /the root is <testsuite>/],
    ['<testsuites><testsuite name="x" tests="1" failures="0" errors="0"/></testsuites>', /no skipped/],
    [
      '<testsuites><testsuite name="x" tests="1" failures="0" errors="0" skipped="0"><testcase name="a"/></testsuite></testsuites>',
      /no classname/,
    ],
    [
      '<testsuites failures="0"><testsuite name="x" tests="1" failures="0" errors="0" skipped="0"><testcase name="a" classname="c"><failure/></testcase></testsuite></testsuites>',
      /failures="0", but 1/,
    ],
    [
      '<testsuites><testsuite name="x" tests="1" failures="1" errors="0" skipped="1"><testcase name="a" classname="c"><failure/><skipped/></testcase></testsuite></testsuites>',
      /failure and skipped/,
    ],
    ['<testsuites name="a & b"></testsuites>', /not XML: .*bare "&"/],
    ['<testsuites><testsuite></testsuites>', /not XML: <\/testsuites> closes <testsuite>/],
    ['<testsuites name="\u0001"></testsuites>', /not XML: a character XML 1.0 forbids/],
  ])('rejects %s', (xml, problem) => {
    expect(junitSchemaProblems(xml).join('\n')).toMatch(problem);
  });
});

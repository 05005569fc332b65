// Over 400 lines: one file for the run command's contract (exit codes, reports, budget, shards,
// baselines), whose tests share one mock and one faulted mock started once.
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockProfile } from '../../mock/profile.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';
import { runCli } from './run-cli.ts';
import type { Report } from '../../src/report/report.ts';
import { freePort } from '../support/free-port.ts';
import { junitSchemaProblems, junitTotals } from '../support/junit-schema.ts';

const secretKey = 'sekret-api-key-7f3c9e21';
const dir = mkdtempSync(join(tmpdir(), 'fds-run-'));

function readAll(folder: string): string {
  return readdirSync(folder)
    .map((file) => readFileSync(join(folder, file), 'utf8'))
    .join('\n');
}

/** The failures junit.xml counts for the whole run, as a JUnit consumer reads them. */
function junitFailures(out: string): number {
  return junitTotals(readFileSync(join(out, 'junit.xml'), 'utf8')).failures;
}

/** A profile file pointing at a running mock, without the API key (that comes from FDS_API_KEY). */
function profileFor(mock: RunningMock, name: string, extra: Record<string, unknown> = {}): string {
  const { apiKey: _apiKey, tokenExpiry: _tokenExpiry, ...profile } = mockProfile(mock);
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify({ ...profile, ...extra }));
  return path;
}

describe('fds-conformance run', () => {
  let faulted: RunningMock;
  const requests: string[] = [];

  beforeAll(async () => {
    faulted = await startMock({
      apiKeys: { [secretKey]: 3600 },
      faults: ['institutions-total-count-string'],
      onRequest: (method, path) => requests.push(`${method} ${path}`),
    });
  });
  afterAll(() => faulted.close());

  it('runs against the embedded mock, reports each group and writes every report', async () => {
    const out = join(dir, 'clean');
    const result = await runCli(['--only', 'institutions,token', '--out', out]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^ {2}institutions +\d+ checks: \d+ passed, \d+ partly exercised, 0 failed, \d+ not exercised$/m,
    );
    expect(result.stdout).toMatch(
      /^\d+ requirements: \d+ passed, \d+ partly exercised, 0 failed, \d+ not exercised, \d+ outside --only institutions,token$/m,
    );
    expect(result.stdout).toMatch(
      /^\d+ checks: \d+ passed, \d+ partly exercised, 0 failed, \d+ not exercised$/m,
    );
    expect(readdirSync(out).sort()).toEqual([
      'checks.json',
      'junit.xml',
      'report.html',
      'report.json',
      'report.md',
    ]);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(report)).toEqual([
      'tool',
      'target',
      'startedAt',
      'durationMs',
      'seed',
      'selection',
      'summary',
      'traffic',
      'secondsByGroup',
      'created',
      'requirements',
    ]);
    expect(report.summary).toMatchObject({ verdict: 'conformant', failed: 0 });
    expect(report.target).toMatchObject({ embeddedMock: true, version: '2.0' });
    // One test case per requirement, named by its id first.
    const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testcase name="INST-\d\d: [^"]+" classname="fds-conformance\.institutions"/);
    expect(junitSchemaProblems(junit)).toEqual([]);
    expect(junitFailures(out)).toBe(0);
  });

  it('exits 1 for a nonconformant target, with reproducible failures and no secret anywhere', async () => {
    const out = join(dir, 'faulted');
    const result = await runCli(
      ['--profile', profileFor(faulted, 'faulted.json'), '--only', 'institutions', '--out', out],
      {
        FDS_API_KEY: secretKey,
      },
    );
    expect(result.code).toBe(1);
    // The finding under its requirement's line, whole: the words that say why are never cut away.
    expect(result.stdout).toMatch(/^ {2}FAILED INST-02 .+\n {6}GET \/institutions.*: .+$/m);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
      summary: { verdict: string };
      requirements: { id: string; status: string; failures: { curl?: string }[] }[];
    };
    expect(report.summary.verdict).toBe('nonconformant');
    const failed = report.requirements.find((r) => r.id === 'INST-02');
    expect(failed?.status).toBe('failed');
    expect(failed?.failures[0]?.curl).toContain('Bearer $FDS_TOKEN');
    const everything = `${result.stdout}\n${result.stderr}\n${readAll(out)}`;
    expect(everything).not.toContain(secretKey);
    // The mock's tokens are 64 hex digits; none may appear in any output.
    expect(everything).not.toMatch(/[0-9a-f]{64}/);
  });

  it('passes with a baseline holding the known failure, and writes one from a run', async () => {
    const baseline = join(dir, 'baseline.json');
    const written = await runCli(
      [
        '--profile',
        profileFor(faulted, 'b.json'),
        '--only',
        'institutions',
        '--out',
        join(dir, 'b1'),
        '--write-baseline',
        baseline,
      ],
      { FDS_API_KEY: secretKey },
    );
    // A step that creates the baseline passes: the run is judged against the baseline it wrote, and says so.
    const failing = (JSON.parse(readFileSync(baseline, 'utf8')) as { failing: string[] }).failing;
    expect(failing).toContain('INST-02');
    expect(written.code, written.stdout).toBe(0);
    expect(written.stdout).toContain(
      `\nfds-conformance: wrote ${failing.length} failing requirement ids to ${baseline}\n`,
    );
    expect(written.stdout).toMatch(
      new RegExp(
        `^conformant \\(--only institutions: \\d+ of \\d+ requirements; ${failing.length} failed, all in the baseline .*baseline\\.json this run wrote\\); reports in `,
        'm',
      ),
    );
    const gated = await runCli(
      [
        '--profile',
        profileFor(faulted, 'b.json'),
        '--only',
        'institutions',
        '--out',
        join(dir, 'b2'),
        '--baseline',
        baseline,
      ],
      { FDS_API_KEY: secretKey },
    );
    expect(gated.code).toBe(0);
    // The verdict names the baseline's share of the failures, in every view.
    const excused = `${failing.length} failed, all in the baseline ${baseline}`;
    expect(gated.stdout).toMatch(
      /^conformant \(--only institutions: \d+ of \d+ requirements; \d+ failed, all in /m,
    );
    expect(gated.stdout).toContain(`${excused}); reports in `);
    expect(readFileSync(join(dir, 'b2', 'report.md'), 'utf8').split('\n')[0]).toContain(`${excused})`);
    expect(readFileSync(join(dir, 'b2', 'report.html'), 'utf8')).toContain(`${excused})</small>`);
    // junit.xml agrees with the exit code: the baseline's failures are skips, with the reason.
    expect(junitFailures(join(dir, 'b1'))).toBe(0);
    expect(junitFailures(join(dir, 'b2'))).toBe(0);
    expect(readFileSync(join(dir, 'b2', 'junit.xml'), 'utf8')).toMatch(
      /<skipped message="in the baseline, not counted: /,
    );
  });

  it('writes into the baseline what its run went without, and a gate with that baseline is green', async () => {
    // A service whose team has no connection password to give: the profile leaves it out.
    const { connectionPassword: _password, ...fixtures } = mockProfile(faulted).fixtures;
    const profile = profileFor(faulted, 'no-password.json', { fixtures });
    const baseline = join(dir, 'no-password-baseline.json');
    const gate = (out: string, ...args: string[]) =>
      runCli(['--profile', profile, '--only', 'connections', '--out', join(dir, out), ...args], {
        FDS_API_KEY: secretKey,
      });

    const bare = await gate('np-bare');
    expect(bare.code, bare.stdout).toBe(4);
    // The console says why, and what ends it, right under the verdict: a CI log need not open junit.xml.
    const lines = bare.stdout.split('\n');
    const verdict = lines.findIndex((line) => line.includes('; reports in '));
    expect(lines[verdict]).toMatch(
      /^incomplete: [1-9]\d* requirements? not exercised(?: and [1-9]\d* partly exercised)? for want of the profile's fixtures\.connectionPassword \(/,
    );
    expect(lines[verdict + 1]).toBe(
      `to exercise them, give the profile's fixtures.connectionPassword; to accept the run without them, give --allow-incomplete, or a baseline that accepts going without fixtures.connectionPassword (--write-baseline FILE records it as "acceptedMissing")`,
    );

    const written = await gate('np-written', '--write-baseline', baseline);
    expect(written.code, written.stdout).toBe(0);
    expect(JSON.parse(readFileSync(baseline, 'utf8'))).toMatchObject({
      failing: [],
      acceptedMissing: ['fixtures.connectionPassword'],
    });
    expect(written.stdout).toContain(
      `\nfds-conformance: wrote 0 failing requirement ids to ${baseline}, accepting that the run goes without fixtures.connectionPassword ("acceptedMissing")\n`,
    );
    expect(junitFailures(join(dir, 'np-written'))).toBe(0);

    const gated = await gate('np-gated', '--baseline', baseline);
    expect(gated.code, gated.stdout).toBe(0);
    expect(gated.stdout).toContain(
      `none failed; went without fixtures.connectionPassword, as the baseline ${baseline} accepts); reports in `,
    );
    expect(junitFailures(join(dir, 'np-gated'))).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'np-gated', 'report.json'), 'utf8')) as Report;
    expect(report.selection?.baseline).toEqual({
      file: baseline,
      failing: [],
      acceptedMissing: ['fixtures.connectionPassword'],
      written: false,
    });
  });

  it('writes a SHOULD-only failure to junit.xml as a skip when it does not fail the run, and as a failure with --strict', async () => {
    const should = await startMock({ apiKeys: { [secretKey]: 3600 }, faults: ['enrich-payment-credit'] });
    try {
      const args = (out: string) => [
        '--profile',
        profileFor(should, 'should.json'),
        '--only',
        'enrich',
        '--out',
        join(dir, out),
      ];
      const lenient = await runCli(args('should'), { FDS_API_KEY: secretKey });
      expect(lenient.code).toBe(0);
      expect(lenient.stdout).toMatch(/^\d+ requirements: \d+ passed, \d+ partly exercised, [1-9]\d* failed/m);
      expect(junitFailures(join(dir, 'should'))).toBe(0);
      expect(readFileSync(join(dir, 'should', 'junit.xml'), 'utf8')).toMatch(
        /<skipped message="SHOULD, not counted: [^"]+"/,
      );
      const strict = await runCli([...args('strict'), '--strict'], { FDS_API_KEY: secretKey });
      expect(strict.code).toBe(1);
      expect(junitFailures(join(dir, 'strict'))).toBeGreaterThan(0);
    } finally {
      await should.close();
    }
  });

  it('sends nothing but GET and POST /token with --read-only', async () => {
    requests.length = 0;
    const result = await runCli(
      ['--profile', profileFor(faulted, 'ro.json'), '--read-only', '--out', join(dir, 'ro')],
      {
        FDS_API_KEY: secretKey,
      },
    );
    expect([0, 1]).toContain(result.code);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((r) => !r.startsWith('GET ') && !/^POST .*\/token$/.test(r))).toEqual([]);
    expect(readFileSync(join(dir, 'ro', 'report.md'), 'utf8')).toBeTruthy();
  });

  it('splits a run into shards whose merged report covers the whole run', async () => {
    const [one, two] = await Promise.all([
      runCli(['--only', 'institutions,token', '--shard', '1/2', '--out', join(dir, 's1')]),
      runCli(['--only', 'institutions,token', '--shard', '2/2', '--out', join(dir, 's2')]),
    ]);
    expect([one?.code, two?.code]).toEqual([0, 0]);
    const merged = await runCli([
      'merge-reports',
      join(dir, 's1'),
      join(dir, 's2'),
      '--out',
      join(dir, 'merged'),
    ]);
    expect(merged.code).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'merged', 'report.json'), 'utf8')) as {
      requirements: { id: string; status: string }[];
    };
    const whole = JSON.parse(readFileSync(join(dir, 'clean', 'report.json'), 'utf8')) as typeof report;
    const passed = (r: typeof report) => r.requirements.filter((x) => x.status === 'passed').map((x) => x.id);
    expect(passed(report)).toEqual(passed(whole));
    const junit = readFileSync(join(dir, 'merged', 'junit.xml'), 'utf8');
    expect(junitSchemaProblems(junit)).toEqual([]);
    expect(junitTotals(junit)).toMatchObject({ failures: 0, errors: 0 });
    expect(merged.stdout).toContain('merged 2 reports: conformant (--only institutions,token: ');
    expect(merged.stdout).toContain('; shards 1/2, 2/2 merged); reports in ');
    // A shard given twice (and so another missing) is refused in one line, exit 2, before anything is written.
    const doubled = await runCli([
      'merge-reports',
      join(dir, 's1'),
      join(dir, 's1'),
      '--out',
      join(dir, 'twice'),
    ]);
    expect(doubled.code).toBe(2);
    expect(doubled.stderr.trim().split('\n')).toEqual([expect.stringMatching(/are both shard 1\/2$/)]);
    expect(existsSync(join(dir, 'twice'))).toBe(false);
  });

  it('merges the shards of a nonconformant run into a junit.xml that fails as its exit code does', async () => {
    const shard = (i: number) =>
      runCli(
        [
          '--profile',
          profileFor(faulted, 'shard.json'),
          '--only',
          'institutions',
          '--shard',
          `${i}/2`,
          '--out',
          join(dir, `faulted-s${i}`),
        ],
        { FDS_API_KEY: secretKey },
      );
    await Promise.all([shard(1), shard(2)]);
    const merge = (out: string, ...args: string[]) =>
      runCli([
        'merge-reports',
        join(dir, 'faulted-s1'),
        join(dir, 'faulted-s2'),
        '--out',
        join(dir, out),
        ...args,
      ]);
    const merged = await merge('faulted-merged');
    expect(merged.code).toBe(1);
    const junit = readFileSync(join(dir, 'faulted-merged', 'junit.xml'), 'utf8');
    expect(junitSchemaProblems(junit)).toEqual([]);
    expect(junitTotals(junit).failures).toBeGreaterThan(0);
    expect(junit).toMatch(/<testcase name="INST-02: [^"]*"[^>]*>\s*<failure /);
    // With its failures in a baseline the merged run passes, and its junit.xml fails no build.
    const report = JSON.parse(readFileSync(join(dir, 'faulted-merged', 'report.json'), 'utf8')) as Report;
    const baseline = join(dir, 'shard-baseline.json');
    const failing = report.requirements.filter((r) => r.status === 'failed').map((r) => r.id);
    writeFileSync(baseline, JSON.stringify({ failing }));
    const gated = await merge('faulted-merged-gated', '--baseline', baseline);
    expect(gated.code).toBe(0);
    expect(junitFailures(join(dir, 'faulted-merged-gated'))).toBe(0);
  });

  it.each([
    [['--only', 'tokn'], /--only: unknown group or id "tokn"/],
    [['--runs', '-3'], /--runs/],
    [['--base-url', 'not a url'], /--base-url must be an http or https URL/],
    [['--shard', '0/2'], /--shard must be i\/n/],
    [['--profile', '<bad-field>'], /unknown field "fixturs"/],
    [['--profile', '<bad-type>'], /field "readOnly" must be a boolean, got "yes"/],
    [['--profile', '<not-json>'], /not valid JSON/],
  ])('exits 2 with one line for %j', async (args, message) => {
    const files: Record<string, string> = {
      '<bad-field>': JSON.stringify({ baseUrl: 'http://127.0.0.1:9', fixturs: {} }),
      '<bad-type>': JSON.stringify({ baseUrl: 'http://127.0.0.1:9', readOnly: 'yes' }),
      '<not-json>': '{"baseUrl": ',
    };
    const resolved = args.map((arg) => {
      const content = files[arg];
      if (content === undefined) return arg;
      const path = join(dir, `${arg.slice(1, -1)}.json`);
      writeFileSync(path, content);
      return path;
    });
    const result = await runCli(resolved);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });

  it('lists every resource a writing run created, with the request that created it', async () => {
    const out = join(dir, 'created');
    expect((await runCli(['--only', 'users', '--out', out])).code).toBe(0);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
      created: { type: string; id: string; request: string; status: number; check: string }[];
    };
    expect(report.created.length).toBeGreaterThan(0);
    expect(report.created).toContainEqual(
      expect.objectContaining({ type: 'user', request: 'POST /users', status: 201 }),
    );
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toMatch(/<section id="created">[\s\S]*POST \/users \(201\)/);
    const readOnly = join(dir, 'created-read-only');
    expect((await runCli(['--only', 'users', '--read-only', '--out', readOnly])).code).toBe(0);
    expect(
      (JSON.parse(readFileSync(join(readOnly, 'report.json'), 'utf8')) as { created: unknown[] }).created,
    ).toEqual([]);
  });

  it('holds the rate at the target to --max-rps, token requests included, and reports the traffic', async () => {
    const arrivals: number[] = [];
    const target = await startMock({
      apiKeys: { [secretKey]: 3600 },
      onRequest: () => arrivals.push(performance.now()),
    });
    try {
      const out = join(dir, 'budget');
      const result = await runCli(
        [
          '--profile',
          profileFor(target, 'budget.json'),
          '--only',
          'token,institutions',
          '--max-rps',
          '10',
          '--out',
          out,
        ],
        { FDS_API_KEY: secretKey },
      );
      expect(result.code, result.stderr).toBe(0);
      expect(arrivals.length).toBeGreaterThan(30);
      // On the arrival times the target recorded, the pre-flight's included: at most 10 in any
      // sliding second.
      // The budget places a request in its window only once its answer begins, which the target sends
      // after it recorded the arrival, so no slowness of this machine can crowd the arrivals together.
      const busiest = Math.max(...arrivals.map((t) => arrivals.filter((u) => u >= t && u < t + 1000).length));
      expect(busiest).toBeLessThanOrEqual(10);
      const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
        traffic: { requests: number; byGroup: Record<string, number>; maxRequestsPerSecond: number };
      };
      expect(report.traffic.maxRequestsPerSecond).toBe(10);
      // All but the pre-flight's, which the CLI sends alone before the run starts: the reachability probe,
      // the token requests of the run's key and of the partner's without enrich, a GET for each of the seven
      // fixtures it looks up and, for the account ids, the fixture user's other connection
      // (runner/setup-fixtures.ts).
      expect(report.traffic.requests).toBe(arrivals.length - 11);
      expect(Object.keys(report.traffic.byGroup).sort()).toEqual(['institutions', 'token']);
    } finally {
      await target.close();
    }
  });

  it('compares the run with a previous one with --compare, in stdout, report.md and report.html', async () => {
    const previous = join(dir, 'previous-night');
    expect((await runCli(['--only', 'institutions', '--out', previous])).code).toBe(0);
    const out = join(dir, 'this-night');
    const result = await runCli(
      [
        '--profile',
        profileFor(faulted, 'compare.json'),
        '--only',
        'institutions',
        '--out',
        out,
        '--compare',
        previous,
      ],
      { FDS_API_KEY: secretKey },
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^compared with the run of .* against the embedded mock: [1-9]\d* newly failing, /m,
    );
    expect(result.stdout).toMatch(/^ {2}newly failing MUST INST-02 /m);
    // The previous run judged the embedded mock, this one a mock of its own: a warning says so.
    const target = (JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report).target.baseUrl;
    const warning = `arning: the compared run judged the embedded mock, this one ${target}:`;
    expect(result.stdout).toContain(`\n  w${warning}`);
    // report.md opens with the comparison, right after the verdict and the counts.
    const markdown = readFileSync(join(out, 'report.md'), 'utf8');
    expect(markdown).toMatch(
      /\n\d+ requirements: [^\n]*\.\n\n## Compared with the previous run\n\nPrevious run: [^\n]*\n\n\*\*Warning: /,
    );
    expect(markdown.indexOf('## Compared with the previous run')).toBeLessThan(
      markdown.indexOf('## Failed requirements'),
    );
    expect(markdown).toContain(`**W${warning}`);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toMatch(/<section id="comparison">[\s\S]*INST-02/);
    expect(html).toContain(`<p class="warning" role="note"><strong>W${warning}`);
    const missing = await runCli(['--compare', join(dir, 'no-such-night')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('tells flaky checks apart with --retries, and fails on them only with --fail-on-flaky', async () => {
    // Every eleventh request of this mock is refused 503: a flaky environment, not a faulty interface.
    const flaky = await startMock({ apiKeys: { [secretKey]: 3600 }, failEvery: 11 });
    try {
      const args = (out: string) => [
        '--profile',
        profileFor(flaky, 'flaky.json'),
        '--only',
        'institutions,jobs,users',
        '--retries',
        '3',
        '--out',
        join(dir, out),
      ];
      const lenient = await runCli(args('flaky'), { FDS_API_KEY: secretKey });
      const report = JSON.parse(readFileSync(join(dir, 'flaky', 'report.json'), 'utf8')) as {
        summary: { flaky: number; failed: number; verdict: string };
        requirements: { status: string; failures: { message: string; exchange?: unknown }[] }[];
      };
      expect(report.summary.flaky).toBeGreaterThan(0);
      const flakyOne = report.requirements.find((r) => r.status === 'flaky');
      expect(flakyOne?.failures[0]?.message).toMatch(/^attempt 1 failed, a later one passed: .*503/s);
      expect(flakyOne?.failures[0]?.exchange).toBeDefined();
      expect(lenient.stdout).toMatch(/^ {2}FLAKY [A-Z]+-\d\d .*\(not counted without --fail-on-flaky\)$/m);
      expect(lenient.stdout).toMatch(
        /^\d+ checks: \d+ passed, \d+ partly exercised, \d+ failed, [1-9]\d* flaky, \d+ not exercised$/m,
      );
      expect(lenient.code).toBe(report.summary.verdict === 'conformant' ? 0 : 1);
      const junit = readFileSync(join(dir, 'flaky', 'junit.xml'), 'utf8');
      expect(junit).toMatch(/<flakyFailure message="flaky: attempt 1 failed, a later one passed: /);
      expect(junitFailures(join(dir, 'flaky')) > 0).toBe(lenient.code === 1);
      expect(readFileSync(join(dir, 'flaky', 'report.md'), 'utf8')).toContain('## Flaky requirements');
      const strict = await runCli([...args('flaky-counted'), '--fail-on-flaky'], { FDS_API_KEY: secretKey });
      const counted = JSON.parse(readFileSync(join(dir, 'flaky-counted', 'report.json'), 'utf8')) as {
        summary: { verdict: string };
        requirements: { status: string; level: string }[];
      };
      // A flaky MUST requirement now fails the run, and junit.xml says so as the exit code does.
      const mustFlaky = counted.requirements.some((r) => r.status === 'flaky' && r.level === 'MUST');
      if (mustFlaky) expect(counted.summary.verdict).toBe('nonconformant');
      expect(strict.code).toBe(counted.summary.verdict === 'conformant' ? 0 : 1);
      expect(junitFailures(join(dir, 'flaky-counted')) > 0).toBe(strict.code === 1);
    } finally {
      await flaky.close();
    }
  });

  it('ends a run without an API key incomplete, exit 4, and says why first: console, report.md, junit.xml', async () => {
    const out = join(dir, 'no-key');
    const result = await runCli(['--base-url', faulted.url, '--only', 'token', '--out', out], {
      FDS_API_KEY: '',
    });
    expect(result.code).toBe(4);
    expect(result.stdout.split('\n')[0]).toMatch(/^fds-conformance: incomplete: no API key .*not exercised$/);
    expect(result.stdout).toMatch(
      /^incomplete: \d+ requirements not exercised for want of FDS_API_KEY, --api-key or the profile’s apiKey \(--only token: \d+ of \d+ requirements\); reports in /m,
    );
    expect(result.stdout).toMatch(/^\d+ checks: 0 passed, 0 partly exercised, 0 failed, \d+ not exercised$/m);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report;
    expect(report.summary.verdict).toBe('incomplete');
    expect(report.requirements.find((r) => r.id === 'TOKEN-01')?.enableBy).toEqual([
      'FDS_API_KEY, --api-key or the profile’s apiKey',
    ]);
    const markdown = readFileSync(join(out, 'report.md'), 'utf8').split('\n');
    expect(markdown[0]).toMatch(
      /^# ⚠️ FDS conformance: incomplete \(--only token: \d+ of \d+ requirements\)$/,
    );
    expect(markdown[2]).toMatch(/^\*\*incomplete: \d+ requirements not exercised for want of FDS_API_KEY/);
    const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(junitFailures(out)).toBe(1);
    expect(junit).toMatch(
      /<testcase name="the run is incomplete" classname="fds-conformance" time="[\d.]+">\s*<failure message="incomplete: \d+ requirements not exercised for want of FDS_API_KEY/,
    );
    expect(junitSchemaProblems(junit)).toEqual([]);
    expect(junit).toMatch(/<skipped message="not exercised: no API key was given \(give FDS_API_KEY/);

    const allowed = join(dir, 'no-key-allowed');
    const accepted = await runCli(
      ['--base-url', faulted.url, '--only', 'token', '--out', allowed, '--allow-incomplete'],
      { FDS_API_KEY: '' },
    );
    expect(accepted.code).toBe(0);
    expect(junitFailures(allowed)).toBe(0);
  });

  it('is not incomplete for what the user chose to leave out, and names it: --only, --read-only', async () => {
    for (const args of [
      ['--only', 'users'],
      ['--only', 'users,institutions', '--read-only'],
    ]) {
      const out = join(dir, `chosen-${args.length}`);
      const result = await runCli([...args, '--out', out]);
      expect(result.code, result.stdout).toBe(0);
      const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report;
      expect(report.summary.verdict).toBe('conformant');
      // The scope: what was selected, how many requirements its checks name, what else bounded it.
      const selected = report.selection?.selected ?? 0;
      expect(selected).toBeGreaterThan(0);
      expect(selected).toBeLessThan(report.summary.requirements);
      const readOnly = args.includes('--read-only');
      const scope = `--only ${args[1]}: ${selected} of ${report.summary.requirements} requirements${readOnly ? '; --read-only' : ''}`;
      expect(report.selection).toEqual({ only: args[1]?.split(','), readOnly, selected });
      expect(result.stdout).toContain(`\nconformant (${scope}); reports in ${out}/\n`);
      expect(readFileSync(join(out, 'report.md'), 'utf8').split('\n')[0]).toBe(
        `# ✅ FDS conformance: conformant (${scope})`,
      );
      expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain(
        `<span class="conformant">conformant</span> <small id="scope">(${scope})</small></h1>`,
      );
      // A requirement the selection left out says so, and only such requirements are not exercised for it.
      const token = report.requirements.find((r) => r.id === 'TOKEN-01');
      expect(token?.notExercised).toEqual([`outside --only ${args[1]}`]);
      expect(token?.enableBy).toBeUndefined();
      const outside = report.requirements.filter((r) => r.notExercised?.[0]?.startsWith('outside '));
      expect(outside).toHaveLength(report.summary.requirements - selected);
      const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
      expect(junit).toMatch(
        new RegExp(
          `<testcase name="TOKEN-01: [^"]*"[^>]*>\\s*<skipped message="not exercised: outside --only ${args[1]}"/>`,
        ),
      );
      expect(junit).toContain(`<property name="scope" value="${scope}"/>`);
      expect(junit).not.toContain('no check exercises it');
      expect(junitSchemaProblems(junit)).toEqual([]);
    }
  });

  it('exits 3 with one line when nothing listens at the target, and says it in junit.xml', async () => {
    const out = join(dir, 'unreachable');
    const result = await runCli(['--base-url', 'http://127.0.0.1:9/api', '--out', out]);
    expect(result.code).toBe(3);
    const line = 'fds-conformance: cannot reach http://127.0.0.1:9/api (from --base-url): connection refused';
    expect(result.stderr.trim()).toBe(line);
    const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(junitSchemaProblems(junit)).toEqual([]);
    expect(junit).toContain(`<error message="${line}" type="unreachable">`);
  });

  it('exits 3 after --wait-for SECONDS when the target never answers, saying how long it waited', async () => {
    const never = await runCli([
      '--base-url',
      `http://127.0.0.1:${await freePort()}`,
      '--wait-for',
      '2',
      '--out',
      join(dir, 'never'),
    ]);
    expect(never.code).toBe(3);
    expect(never.stderr).toMatch(
      /^fds-conformance: cannot reach http:\/\/127\.0\.0\.1:\d+ \(from --base-url\): no answer after waiting 2 s \(last: connection refused\)\n$/,
    );
  });
});

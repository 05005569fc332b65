import { mkdirSync, mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { mockProfile } from '../../mock/profile.ts';
import { defaultApiKey, shortLivedApiKey } from '../../mock/options.ts';
import { startMock } from '../../mock/server.ts';
import { freePort } from '../support/free-port.ts';
import { junitSchemaProblems, junitTotals } from '../support/junit-schema.ts';
import { packedPackage, repo, run, type Result } from '../support/packed-package.ts';

/**
 * examples/github-actions.yml runs as copied: each step's `run:` in order, with bash as GitHub's runner
 * runs it and the workflow's, job's and step's `env:`, in a scratch project, against the embedded mock
 * standing for the service. What differs from a real job is only what a team fills in: the package comes
 * from this checkout's `npm pack` tarball (FDS_CONFORMANCE_PACKAGE, as the air-gapped recipe gives it),
 * the service is `fds-conformance mock` started in the background (FDS_BASE_URL its address), and the
 * secrets are the mock's. `uses:` steps are GitHub's own actions: skipped, and what they read is checked
 * to be there. The profile, as a team without a connection password would keep it, lacks
 * `fixtures.connectionPassword`: the job run by hand writes the baseline that accepts it missing, and the
 * gate of the next push, with that baseline committed, passes.
 */
const work = mkdtempSync(join(tmpdir(), 'fds-ci-example-'));
const project = join(work, 'project');
const example = join(repo, 'examples', 'github-actions.yml');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  if?: string;
  'working-directory'?: string;
}
interface Workflow {
  env?: Record<string, string>;
  jobs: Record<string, { env?: Record<string, string>; steps: Step[] }>;
}

/** `${{ secrets.X }}` from the given secrets; any other expression is one this test cannot stand in for. */
function substituted(text: string, secrets: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expression: string) => {
    const secret = /^secrets\.([A-Za-z_][A-Za-z0-9_]*)$/.exec(expression)?.[1];
    if (secret === undefined)
      throw new Error(`the example uses \${{ ${expression} }}, which this test does not give`);
    const value = secrets[secret];
    if (value === undefined)
      throw new Error(`the example reads the secret ${secret}, which this test does not give`);
    return value;
  });
}

/** A map of `env:` with its expressions resolved. */
function envOf(
  env: Record<string, string> | undefined,
  secrets: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env ?? {}).map(([name, value]) => [name, substituted(String(value), secrets)]),
  );
}

/** The test process's own settings of the suite, which a CI job does not have. */
function withoutOwnSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !/^(FDS_|GITHUB_)/.test(name)));
}

describe(
  'examples/github-actions.yml, its steps run in a scratch project against the mock',
  { timeout: 600_000 },
  () => {
    const workflow = parse(readFileSync(example, 'utf8')) as Workflow;
    const jobs = Object.values(workflow.jobs);
    const mockPids: number[] = [];

    afterAll(() => {
      // Each mock was started as a job of its own (set -m): its whole process group goes, npx and the
      // node under it.
      for (const pid of mockPids) process.kill(-pid);
    });

    let tarball: string;
    let secrets: Record<string, string>;
    beforeAll(async () => {
      ({ tarball } = await packedPackage());
      mkdirSync(project);
      // The service's own project, as the checkout step leaves it.
      writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'the-service', private: true }));
      // The profile a team keeps as the secret: its fixtures (the mock's world, the same in every mock
      // started with the default seed) but the connection password it has none of, without the keys,
      // which are secrets of their own, and without baseUrl, which the workflow gives.
      const fixtureSource = await startMock();
      const { apiKey: _key, baseUrl: _url, tokenExpiry, ...profile } = mockProfile(fixtureSource);
      await fixtureSource.close();
      const { connectionPassword: _password, ...fixtures } = profile.fixtures;
      secrets = {
        FDS_PROFILE_JSON: JSON.stringify({
          ...profile,
          fixtures,
          tokenExpiry: { maxWaitSeconds: tokenExpiry?.maxWaitSeconds },
        }),
        FDS_API_KEY: defaultApiKey,
        FDS_EXPIRY_API_KEY: shortLivedApiKey,
      };
    }, 600_000);

    it('has one job, installing from a package setting and waiting for the service it starts', () => {
      expect(jobs).toHaveLength(1);
      const job = jobs[0]!;
      expect(Object.keys(job.env ?? {})).toEqual(
        expect.arrayContaining(['FDS_CONFORMANCE_PACKAGE', 'FDS_BASE_URL']),
      );
      // Never a bare registry name: a git URL, or the tarball's path.
      expect(job.env?.FDS_CONFORMANCE_PACKAGE).toMatch(/^git\+https:\/\/.+#v\d/);
      const commands = job.steps.map((step) => step.run ?? '').join('\n');
      expect(commands).toContain('"$FDS_CONFORMANCE_PACKAGE"');
      expect(commands).not.toMatch(/npm (install|i) [^\n]*\bfds-conformance\b/);
      expect(commands).toMatch(/--wait-for \d+/);
      expect(job.steps.filter((step) => /start the service/i.test(step.name ?? ''))).toHaveLength(1);
    });

    /**
     * The job's steps in order, as GitHub runs them for the event given, each in a bash of its own, and
     * what the run wrote: its report and the job summary. A mock of its own stands for the service.
     */
    async function runJob(event: string) {
      const job = jobs[0]!;
      const mockUrl = `http://127.0.0.1:${await freePort()}/api`;
      const summary = join(work, `step-summary-${event}.md`);
      // What a team fills in: where the package and the service are. The mock stands for the service.
      const env = {
        ...envOf(workflow.env, secrets),
        ...envOf(job.env, secrets),
        FDS_CONFORMANCE_PACKAGE: tarball,
        FDS_BASE_URL: mockUrl,
      };
      const port = new URL(mockUrl).port;
      const startMockCommand = `set -m\nnpx --no-install fds-conformance mock --port ${port} --base-path /api > mock-profile.json 2> mock.log &\necho $! > mock.pid`;
      const skipped: string[] = [];
      for (const step of job.steps) {
        if (step.uses) {
          skipped.push(step.uses);
          continue;
        }
        const starts = /start the service/i.test(step.name ?? '');
        const script = starts ? startMockCommand : substituted(step.run ?? '', secrets);
        const scriptFile = join(work, `step-${event}-${job.steps.indexOf(step)}.sh`);
        writeFileSync(scriptFile, script);
        // GitHub's runner runs a step's `run:` so (its default shell on Linux), each step a shell of its own.
        const result: Result = await run(
          'bash',
          ['--noprofile', '--norc', '-eo', 'pipefail', scriptFile],
          join(project, step['working-directory'] ?? '.'),
          {
            ...withoutOwnSettings(process.env),
            CI: 'true',
            GITHUB_ACTIONS: 'true',
            GITHUB_EVENT_NAME: event,
            GITHUB_STEP_SUMMARY: summary,
            // The dependencies from npm's cache where it holds them, as the package tests install.
            npm_config_prefer_offline: 'true',
            ...env,
            ...envOf(step.env, secrets),
          },
        );
        expect(result.code, `step "${step.name ?? step.run}":\n${result.stdout}\n${result.stderr}`).toBe(0);
        if (starts) mockPids.push(Number(readFileSync(join(project, 'mock.pid'), 'utf8')));
      }
      expect(skipped).toEqual([
        'actions/checkout@v4',
        'actions/setup-node@v4',
        'mikepenz/action-junit-report@v5',
        'actions/upload-artifact@v4',
      ]);
      // What the `uses:` steps read is where they look for it (upload-artifact takes a path a line).
      for (const step of job.steps.filter((s) => s.uses)) {
        const paths = [step.with?.report_paths, ...(step.with?.path?.split('\n') ?? [])];
        for (const path of paths.filter((p) => p !== undefined && p.trim() !== ''))
          expect(existsSync(join(project, path!.trim())), `${step.uses} reads ${path}`).toBe(true);
      }
      const report = JSON.parse(readFileSync(join(project, 'conformance-report', 'report.json'), 'utf8')) as {
        target: { baseUrl: string };
        summary: { verdict: string };
      };
      expect(report.target.baseUrl).toBe(mockUrl);
      const junit = readFileSync(join(project, 'conformance-report', 'junit.xml'), 'utf8');
      expect(junitSchemaProblems(junit)).toEqual([]);
      expect(junitTotals(junit)).toMatchObject({ failures: 0, errors: 0 });
      return { verdict: report.summary.verdict, summary: readFileSync(summary, 'utf8') };
    }

    it('run by hand, writes the baseline of a profile without connectionPassword; the next push, with it, passes', async () => {
      const baseline = join(project, 'fds-baseline.json');
      // Run by hand, no baseline committed yet: the run writes one, accepting the password it lacks.
      const byHand = await runJob('workflow_dispatch');
      expect(byHand.verdict).toBe('conformant');
      expect(JSON.parse(readFileSync(baseline, 'utf8'))).toMatchObject({
        failing: [],
        acceptedMissing: ['fixtures.connectionPassword'],
      });
      expect(byHand.summary).toMatch(
        /^# ✅ FDS conformance: conformant \(none failed; went without fixtures\.connectionPassword, as the baseline fds-baseline\.json this run wrote accepts\)$/m,
      );

      // The baseline committed (it stays in the checkout): the gate of a push judges against it.
      const pushed = await runJob('push');
      expect(pushed.verdict).toBe('conformant');
      expect(pushed.summary).toMatch(
        /^# ✅ FDS conformance: conformant \(none failed; went without fixtures\.connectionPassword, as the baseline fds-baseline\.json accepts\)$/m,
      );
    });
  },
);

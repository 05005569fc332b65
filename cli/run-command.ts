import { defaultMockOptions, shortLivedApiKey, type MockOptions } from '../mock/options.ts';
import { mockProfile } from '../mock/profile.ts';
import type { RunningMock } from '../mock/server.ts';
import type { Profile, SettingSources } from '../src/profile/profile.ts';
import { conformanceReporters, type ConformanceOutcome } from '../runner/reporters/index.ts';
import { TrafficCoordinator } from '../src/http/traffic.ts';
import { RunWideValues } from '../src/checks/run-wide.ts';
import type { Output } from '../src/output.ts';
import { profileSecrets } from '../src/profile/load-profile.ts';
import { comparisonLines } from '../src/report/compare-views.ts';
import { checksLine, failureLines } from '../src/report/console-lines.ts';
import { acceptIncompleteLine, incompleteLine, requirementsLine } from '../src/report/report.ts';
import { scopedVerdict } from '../src/report/selection.ts';
import { runSuites } from '../runner/run-suites.ts';
import { checkIndex, selectChecks } from '../runner/check-index.ts';
import { writeStoppedRun } from '../src/report/write-reports.ts';
import { UsageError } from '../src/usage-error.ts';
import { parseRunOptions, runSettingsOf, type RunConfig } from './run-options.ts';
import { exitCodes, verdictExitCode } from './exit-codes.ts';

/**
 * The embedded mock as a run starts it. The checks break client rules on purpose, and nothing reads the
 * mock's judgement of them: it judges no client. Its short-lived key's tokens live half a second, not one
 * (expires_in is a number, spec: Token response): the token-expiry check waits out a token's life while
 * one of the run's two workers stands idle (runner/run-suites.ts, embeddedWorkers).
 */
const embeddedMockOptions: Partial<MockOptions> = {
  judgeClients: false,
  apiKeys: { ...defaultMockOptions.apiKeys, [shortLivedApiKey]: 0.5 },
};

/** Why a run stopped before any check: its exit code and its one line (without the `fds-conformance:` prefix). */
interface Stop {
  code: typeof exitCodes.usage | typeof exitCodes.unreachable;
  line: string;
}

/**
 * What is found before any check runs against a target of the profile's: a target that cannot be reached
 * (or, with `--wait-for`, gave no answer in time), or whose token request gets no answer, a 5xx or a reset,
 * exit 3; a setup error, exit 2 (docs/design.md#setup-errors). A profile or usage mistake found here is a
 * setup error too.
 */
async function preflight(
  profile: Profile,
  config: RunConfig,
  sources: SettingSources,
  answeredBefore: number[],
  output: Output,
): Promise<Stop | undefined> {
  // Loaded only for a target of the profile's: the embedded mock needs neither, nor their HTTP client.
  const [{ reachability, waitForAnswer }, { setupError }] = await Promise.all([
    import('../runner/reachability.ts'),
    import('../runner/setup-diagnosis.ts'),
  ]);
  // A stale FDS_BASE_URL is the likeliest cause of a setup error when the profile names another target.
  const overridden = config.baseUrlOverride ? ` (${config.baseUrlOverride})` : '';
  const probeMs = Math.min(config.timeoutMs, 10_000);
  try {
    // `--wait-for` returns only on an answer, or with why none came.
    const { unreachable, silent } =
      config.waitForSeconds === undefined
        ? await reachability(profile.baseUrl, probeMs)
        : { unreachable: await waitForAnswer(profile.baseUrl, config.waitForSeconds, probeMs) };
    answeredBefore.push(Date.now());
    if (unreachable)
      return {
        code: exitCodes.unreachable,
        line: `cannot reach ${profile.baseUrl} (from ${sources.baseUrl}): ${unreachable}${overridden}`,
      };
    const setup = await setupError(profile, {
      timeoutMs: config.timeoutMs,
      sources,
      // A target that took the probe's connection and said nothing has kept silent for its time limit.
      ...(silent ? { silentForMs: probeMs } : {}),
      answered: answeredBefore,
      secrets: output.secrets,
      ...(config.maxRps !== undefined ? { maxRps: config.maxRps } : {}),
      retryTransient: config.retryTransient,
    });
    if (!setup) return undefined;
    return {
      code: setup.unserved ? exitCodes.unreachable : exitCodes.usage,
      line: `${setup.line}${overridden}`,
    };
  } catch (error) {
    if (error instanceof UsageError) return { code: exitCodes.usage, line: error.message };
    throw error;
  }
}

/**
 * Every stop before the checks ends here: the one line on stderr, and in junit.xml and the job summary
 * (src/report/write-reports.ts, writeStoppedRun), so a CI page is never empty; the exit code.
 */
function stopBeforeChecks(
  stop: Stop,
  config: RunConfig,
  started: Date,
  output: Output,
  env: NodeJS.ProcessEnv,
): number {
  const line = `fds-conformance: ${stop.line}`;
  output.stderr(line);
  writeStoppedRun(
    config.out,
    {
      line,
      type: stop.code === exitCodes.unreachable ? 'unreachable' : 'setup error',
      startedAt: started,
      durationMs: Date.now() - started.getTime(),
    },
    output,
    env,
  );
  return stop.code;
}

/**
 * What the console says once the suites ran: each failure the verdict counts and each flaky one with its
 * reproduction, the baseline entries now passing, the comparison, the verdict, the diagnosis and the two
 * counts. The test harness writes them too, as a run would (test/harness/written-secrets.ts).
 */
export function closingLines(
  outcome: ConformanceOutcome,
  config: Pick<RunConfig, 'out' | 'allowIncomplete'>,
): string[] {
  const { report, verdict } = outcome;
  const lines: string[] = [];
  for (const id of verdict.blocking) {
    const requirement = report.requirements.find((r) => r.id === id);
    if (requirement && requirement.status !== 'flaky')
      lines.push(...failureLines('FAILED', requirement, report));
  }
  for (const r of report.requirements.filter((r) => r.status === 'flaky')) {
    const note = verdict.blocking.includes(r.id) ? '' : ' (not counted without --fail-on-flaky)';
    lines.push(...failureLines('FLAKY', r, report, note));
  }
  if (verdict.nowPassing.length > 0)
    lines.push(`  baseline entries now passing: ${verdict.nowPassing.join(', ')}`);
  if (verdict.undecided.length > 0)
    lines.push(
      `  baseline entries partly exercised, not enough to tell (still in the baseline): ${verdict.undecided.join(', ')}`,
    );
  if (outcome.comparison) lines.push(...comparisonLines(outcome.comparison));
  // Suites that could not run judged nothing: no verdict is claimed for them (exit 1 below).
  const verdictLine =
    outcome.errors.length > 0
      ? 'not judged: the suites did not run (errors above)'
      : scopedVerdict(
          report.summary.verdict === 'incomplete'
            ? (incompleteLine(report) ?? report.summary.verdict)
            : report.summary.verdict,
          report,
        );
  const written = report.selection?.baseline;
  if (written?.written) {
    const without = written.acceptedMissing ?? [];
    lines.push(
      `fds-conformance: wrote ${written.failing.length} failing requirement id${written.failing.length === 1 ? '' : 's'} to ${written.file}${without.length > 0 ? `, accepting that the run goes without ${without.join(', ')} ("acceptedMissing")` : ''}`,
    );
  }
  lines.push(`${verdictLine}; reports in ${config.out}/`);
  if (report.diagnosis) lines.push(`diagnosis: ${report.diagnosis.line}`);
  // Said here, not only in junit.xml: a CI log shows why the step is red (exit 4), and what ends it.
  const exitsIncomplete =
    outcome.errors.length === 0 &&
    verdictExitCode(report.summary.verdict, config.allowIncomplete) === exitCodes.incomplete;
  const accept = exitsIncomplete ? acceptIncompleteLine(report) : undefined;
  if (accept) lines.push(accept);
  lines.push(requirementsLine(report), checksLine(outcome.checks));
  return lines;
}

/**
 * `run` (the default command): resolve the profile, start the embedded mock when no target is given,
 * run the suites, write the reports, and exit 0 (conforms), 1 (does not), 2 (usage), 3 (unreachable) or 4
 * (incomplete: what the user could have enabled was not exercised).
 */
export async function runCommand(args: string[], output: Output, env = process.env): Promise<number> {
  const config = parseRunOptions(args, env);
  if (config.rerunFailed !== undefined && config.requirements?.length === 0) {
    output.stdout(
      `fds-conformance: nothing to rerun: ${config.rerunFailed} has no failed or flaky requirement`,
    );
    return exitCodes.ok;
  }
  let mock: RunningMock | undefined;
  let traffic: TrafficCoordinator | undefined;
  let runWide: RunWideValues | undefined;
  let profile: Profile;
  /** When the requests sent before the run were answered: the budget counts them too. */
  const answeredBefore: number[] = [];
  if (config.profile) {
    profile = config.profile;
    for (const secret of profileSecrets(profile)) output.secrets.add(secret);
    const started = new Date();
    const stop = await preflight(profile, config, config.sources, answeredBefore, output);
    if (stop) return stopBeforeChecks(stop, config, started, output, env);
  } else {
    // Loaded only when wanted: a run against a real target does not hold the mock and its world.
    const { startTypedMock } = await import('../mock/server.ts');
    mock = await startTypedMock(embeddedMockOptions);
    profile = mockProfile(mock);
  }
  // Without a key nearly every check is not exercised, and a gate whose secret went missing would pass
  // on nothing: say so first, where a person reading the log looks; the run ends incomplete (exit 4).
  if (!profile.apiKey)
    output.stdout(
      "fds-conformance: incomplete: no API key (FDS_API_KEY, --api-key or the profile's apiKey): every check that needs a token is not exercised",
    );
  output.stdout(
    `fds-conformance: ${mock ? `embedded mock at ${profile.baseUrl}` : profile.baseUrl}${config.baseUrlOverride ? ` (${config.baseUrlOverride})` : ''}, seed ${config.seed}${config.readOnly ? ', read-only' : ''}`,
  );
  try {
    const target = {
      baseUrl: mock ? 'embedded mock' : profile.baseUrl,
      embeddedMock: Boolean(mock),
      version: profile.version,
    };
    const settings = runSettingsOf(config, profile);
    traffic = new TrafficCoordinator(
      `fds-conformance-traffic-${settings.runId}`,
      config.maxRps,
      answeredBefore,
    );
    runWide = new RunWideValues(`fds-conformance-run-wide-${settings.runId}`);
    // A narrowed run reads the whole index: the checks it leaves out leave their requirements partly exercised.
    const index = config.only || config.requirements || config.shard ? await checkIndex() : undefined;
    const { conformance, reporters } = conformanceReporters(config, target, env, output, traffic, index);
    await runSuites({
      settings: {
        ...settings,
        traffic: { channel: traffic.channelName, budgeted: config.maxRps !== undefined },
        runWide: { channel: runWide.channelName },
      },
      ...(config.only ? { only: config.only } : {}),
      ...(index && config.requirements
        ? { checks: selectChecks(index, config.only ?? [], config.requirements) }
        : {}),
      ...(config.shard ? { shard: config.shard } : {}),
      retry: config.retries,
      embeddedMock: Boolean(mock),
      reporters,
    });
    const outcome = conformance.outcome;
    if (!outcome) throw new Error('the suites ended without a report');
    for (const error of outcome.errors) output.stderr(`fds-conformance: suite error: ${error}`);
    for (const line of closingLines(outcome, config)) output.stdout(line);
    if (outcome.errors.length > 0) return exitCodes.failed;
    return verdictExitCode(outcome.report.summary.verdict, config.allowIncomplete);
  } finally {
    traffic?.close();
    runWide?.close();
    await mock?.close();
  }
}

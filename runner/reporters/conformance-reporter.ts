import { performance } from 'node:perf_hooks';
import type { TestModule, TestSpecification } from 'vitest/node';
import type { TrafficSummary } from '../../src/http/traffic.ts';
import { Output } from '../../src/output.ts';
import { compareReports, type Comparison } from '../../src/report/compare.ts';
import type { CheckResult } from '../../src/report/model.ts';
import { buildReport, type Report, type Verdict } from '../../src/report/report.ts';
import type { RunSelection } from '../../src/report/selection.ts';
import { writeBaseline, writeReports } from '../../src/report/write-reports.ts';
import { suiteGroupOf } from '../../src/requirements/groups.ts';
import { packageRoot } from '../../src/package-root.ts';
import { leftOutChecks, type CheckIndex } from '../check-index.ts';
import { CheckCollector } from './check-collector.ts';

export interface ConformanceReportOptions {
  /** The report folder, absolute: report.json, report.md, report.html, junit.xml and checks.json go there. */
  out: string;
  target: Report['target'];
  seed: number;
  /** SHOULD-level failures also fail the run. */
  strict: boolean;
  /** Known failing requirement ids: only failures outside them fail the run. */
  baseline?: Set<string>;
  /** Flaky requirements also fail the run. */
  failOnFlaky?: boolean;
  /** An incomplete run exits 0 (--allow-incomplete): junit.xml then fails no build for it. */
  allowIncomplete?: boolean;
  /** What the run sent (report.json `traffic`), from the run's traffic coordinator. */
  traffic?: () => TrafficSummary;
  /** A previous run's report: the reports then list what newly fails, passes, flakes or goes unexercised. */
  previous?: Report;
  /**
   * Where to write the run's failing requirement ids, and the profile fields it went without, as a
   * baseline: the run is then judged against the baseline it wrote, so a step that creates one passes on
   * the failures and the missing fields it records.
   */
  writeBaseline?: string;
  /** The baseline's file as the reports and the console name it (`--write-baseline` as given); default: its path. */
  baselineFile?: string;
  /** What the run was asked to cover (report.json `selection`). */
  selection?: RunSelection;
  /**
   * Every check of the suites, for a run the selection narrowed (`--only`, `--shard`): what it left out
   * leaves the requirements those checks name partly exercised.
   */
  index?: CheckIndex;
  /** Where $GITHUB_STEP_SUMMARY is read from. */
  env?: NodeJS.ProcessEnv;
  /**
   * What writes the files, masked by its secrets, to which the workers' are added (src/output.ts): the
   * run's, which knows the profile's keys. Default: one that knows only what the workers report.
   */
  output?: Output;
}

/** What a finished run came to: the report written, the verdict, the checks and any error outside them. */
export interface ConformanceOutcome {
  report: Report;
  verdict: Verdict;
  checks: CheckResult[];
  /** Errors outside any check (a suite file that failed to load): they make the run unusable. */
  errors: string[];
  comparison?: Comparison;
}

/**
 * The conformance report as a vitest reporter: it groups the checks' outcomes by requirement, decides the
 * verdict (docs/design.md#exit-codes) and writes the report files when the run ends. The CLI uses it, and so
 * can a project that runs the suites under its own vitest configuration (docs/library.md).
 */
export class ConformanceReporter extends CheckCollector {
  /** Set once the run has ended and the files are written. */
  outcome: ConformanceOutcome | undefined;
  private started = new Date();
  private clock = performance.now();
  /** Each group's wall time: from its first check file starting to its last one ending. */
  private readonly groupSpans = new Map<string, { from: number; to: number }>();

  private readonly output: Output;

  constructor(private readonly options: ConformanceReportOptions) {
    super(packageRoot, options.output?.secrets);
    this.output = options.output ?? new Output(this.secrets);
  }

  onTestRunStart(_specifications: ReadonlyArray<TestSpecification>): void {
    this.started = new Date();
    this.clock = performance.now();
    this.groupSpans.clear();
  }

  onTestModuleStart(module: TestModule): void {
    const group = suiteGroupOf(module.moduleId);
    const now = performance.now();
    const span = this.groupSpans.get(group);
    this.groupSpans.set(group, { from: Math.min(span?.from ?? now, now), to: span?.to ?? now });
  }

  onTestModuleEnd(module: TestModule): void {
    const span = this.groupSpans.get(suiteGroupOf(module.moduleId));
    if (span) span.to = Math.max(span.to, performance.now());
  }

  override onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<{ message?: string; cause?: unknown }>,
  ): void {
    super.onTestRunEnd(testModules, unhandledErrors);
    const input = {
      checks: this.results,
      target: this.options.target,
      startedAt: this.started,
      durationMs: performance.now() - this.clock,
      seed: this.options.seed,
      strict: this.options.strict,
      ...(this.options.baseline ? { baseline: this.options.baseline } : {}),
      ...(this.options.failOnFlaky ? { failOnFlaky: true } : {}),
      ...(this.options.traffic ? { traffic: this.options.traffic() } : {}),
      secondsByGroup: Object.fromEntries(
        [...this.groupSpans].map(([group, { from, to }]) => [group, Math.round((to - from) / 100) / 10]),
      ),
      ...(this.options.selection ? { selection: this.options.selection } : {}),
      ...(this.options.index ? { leftOut: leftOutChecks(this.options.index, this.results) } : {}),
    };
    let { report, verdict } = buildReport(input);
    const written = this.options.writeBaseline;
    if (written) {
      const { failing, acceptedMissing } = writeBaseline(written, report, this.output);
      ({ report, verdict } = buildReport({
        ...input,
        baseline: new Set(failing),
        selection: {
          ...(this.options.selection ?? { readOnly: false }),
          baseline: { file: this.options.baselineFile ?? written, failing, acceptedMissing, written: true },
        },
      }));
    }
    const comparison = this.options.previous ? compareReports(this.options.previous, report) : undefined;
    writeReports(
      this.options.out,
      {
        report,
        verdict,
        checks: this.results,
        ...(input.leftOut ? { leftOut: input.leftOut } : {}),
        allowIncomplete: this.options.allowIncomplete ?? false,
        errors: this.errors,
        ...(comparison ? { comparison } : {}),
      },
      this.output,
      this.options.env,
    );
    this.outcome = {
      report,
      verdict,
      checks: [...this.results],
      errors: [...this.errors],
      ...(comparison ? { comparison } : {}),
    };
  }
}

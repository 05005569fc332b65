import { join } from 'node:path';
import type { RunConfig } from '../src/cli/run-options.ts';
import type { TrafficCoordinator } from '../src/client/traffic.ts';
import type { Report } from '../src/report/report.ts';
import { ConformanceReporter } from './conformance-reporter.ts';
import { GroupProgress } from './group-progress.ts';
import { ConformanceJUnitReporter } from './junit.ts';

export {
  ConformanceReporter,
  type ConformanceOutcome,
  type ConformanceReportOptions,
} from './conformance-reporter.ts';
export { GroupProgress } from './group-progress.ts';
export { ConformanceJUnitReporter, type ConformanceJUnitOptions } from './junit.ts';

/**
 * The reporters of a conformance run: a progress line per group, the conformance report (report.json,
 * report.md, report.html, checks.json, the verdict and the baseline) and junit.xml, all under the run's
 * `--out`. The CLI uses them, and so does a project's own vitest configuration (`fds-conformance/vitest`).
 */
export function conformanceReporters(
  config: RunConfig,
  target: Report['target'],
  env: NodeJS.ProcessEnv,
  write?: (line: string) => void,
  traffic?: TrafficCoordinator,
) {
  const verdictOptions = {
    strict: config.strict,
    failOnFlaky: config.failOnFlaky,
    ...(config.baseline ? { baseline: config.baseline } : {}),
  };
  const conformance = new ConformanceReporter({
    out: config.out,
    target,
    seed: config.seed,
    ...verdictOptions,
    ...(config.writeBaseline ? { writeBaseline: config.writeBaseline } : {}),
    ...(config.previous ? { previous: config.previous } : {}),
    ...(traffic ? { traffic: () => traffic.summary() } : {}),
    env,
  });
  const junit = new ConformanceJUnitReporter({
    outputFile: join(config.out, 'junit.xml'),
    ...verdictOptions,
    allowIncomplete: config.allowIncomplete,
  });
  return { conformance, reporters: [new GroupProgress(write), conformance, junit] };
}

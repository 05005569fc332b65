import { runSelectionOf, type RunConfig } from '../../cli/run-options.ts';
import { secretsOfEnvironment } from '../../src/http/secrets.ts';
import type { TrafficCoordinator } from '../../src/http/traffic.ts';
import { Output } from '../../src/output.ts';
import { profileSecrets } from '../../src/profile/load-profile.ts';
import type { Report } from '../../src/report/report.ts';
import type { CheckIndex } from '../check-index.ts';
import { ConformanceReporter } from './conformance-reporter.ts';
import { GroupProgress } from './group-progress.ts';

export {
  ConformanceReporter,
  type ConformanceOutcome,
  type ConformanceReportOptions,
} from './conformance-reporter.ts';
export { GroupProgress } from './group-progress.ts';

/**
 * The reporters of a conformance run: a progress line per group, and the conformance report (report.json
 * and its views report.md, report.html and junit.xml, checks.json, the verdict and the baseline), all under
 * the run's `--out`. The CLI uses them, and so does a project's own vitest configuration
 * (`fds-conformance/vitest`). `index`, every check of the suites, is for a run the selection narrows. Both
 * write through `output` (src/output.ts): the CLI's, or one masking the secrets of the environment and of
 * the profile, to which the workers' are added as they come.
 */
export function conformanceReporters(
  config: RunConfig,
  target: Report['target'],
  env: NodeJS.ProcessEnv,
  output: Output = ownOutput(config, env),
  traffic?: TrafficCoordinator,
  index?: CheckIndex,
) {
  const conformance = new ConformanceReporter({
    out: config.out,
    target,
    seed: config.seed,
    strict: config.strict,
    failOnFlaky: config.failOnFlaky,
    allowIncomplete: config.allowIncomplete,
    ...(config.baseline ? { baseline: config.baseline.failing } : {}),
    ...(config.writeBaseline ? { writeBaseline: config.writeBaseline } : {}),
    ...(config.baselineFile ? { baselineFile: config.baselineFile } : {}),
    selection: runSelectionOf(config),
    ...(config.previous ? { previous: config.previous } : {}),
    ...(traffic ? { traffic: () => traffic.summary() } : {}),
    ...(index ? { index } : {}),
    env,
    output,
  });
  return { conformance, reporters: [new GroupProgress(output), conformance] };
}

function ownOutput(config: RunConfig, env: NodeJS.ProcessEnv): Output {
  const secrets = secretsOfEnvironment(env);
  for (const secret of profileSecrets(config.profile)) secrets.add(secret);
  return new Output(secrets);
}

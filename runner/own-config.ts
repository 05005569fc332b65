import type { InlineConfig } from 'vitest/node';
import { conformanceReporters } from './reporters/index.ts';
import { parseRunOptions, runSettingsOf } from '../cli/run-options.ts';
import { UsageError } from '../src/usage-error.ts';
import { suiteGroups } from '../src/requirements/groups.ts';
import { suiteConfig } from './run-suites.ts';
import { RunWideValues } from '../src/checks/run-wide.ts';

/**
 * The suites under a project's own vitest configuration (`fds-conformance/vitest`): the same run as the
 * CLI's `run` with the same flags and environment (FDS_BASE_URL, FDS_API_KEY, FDS_PROFILE), the same
 * reporters and so the same report files under `--out`. The target must be given: the embedded mock lives
 * only as long as the CLI, so start it apart (`npx fds-conformance mock`) to run against it here. The exit
 * code is vitest's, which fails on every failed check, SHOULD ones and baseline entries included; the
 * verdict that counts is report.json's (and junit.xml's, which agrees with it).
 *
 *   // vitest.conformance.config.ts
 *   import { defineConfig } from 'vitest/config';
 *   import { conformanceConfig } from 'fds-conformance/vitest';
 *   export default defineConfig({ test: conformanceConfig(['--profile', 'fds-profile.json']) });
 */
export function conformanceConfig(args: string[] = [], env: NodeJS.ProcessEnv = process.env): InlineConfig {
  const config = parseRunOptions(args, env);
  if (!config.profile)
    throw new UsageError(
      'conformanceConfig needs a target: --base-url, FDS_BASE_URL or a profile with baseUrl',
    );
  // Checks are picked by requirement from the collected suites, which a synchronous configuration cannot
  // wait for: there a project's own vitest picks them (-t 'AUTH-05').
  if (config.requirements)
    throw new UsageError(
      'conformanceConfig takes --only groups; requirement ids and --rerun-failed select checks for the CLI only (under vitest, use -t ID)',
    );
  const profile = config.profile;
  const target = { baseUrl: profile.baseUrl, embeddedMock: false, version: profile.version };
  const { reporters } = conformanceReporters(config, target, env);
  const settings = runSettingsOf(config, profile);
  // Kept in this process, which vitest's workers are threads of, for as long as it runs (its channel holds
  // nothing open): the values made once across the workers, as the CLI's run keeps them.
  const runWide = new RunWideValues(`fds-conformance-run-wide-${settings.runId}`);
  return suiteConfig(
    config.only ?? suiteGroups,
    { ...settings, runWide: { channel: runWide.channelName } },
    reporters,
    config.shard,
    config.retries,
  );
}

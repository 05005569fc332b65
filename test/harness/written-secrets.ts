import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closingLines } from '../../cli/run-command.ts';
import { Secrets } from '../../src/http/secrets.ts';
import { Output } from '../../src/output.ts';
import { profileSecrets } from '../../src/profile/load-profile.ts';
import type { Profile } from '../../src/profile/profile.ts';
import type { CheckResult } from '../../src/report/model.ts';
import { buildReport } from '../../src/report/report.ts';
import { writeReports } from '../../src/report/write-reports.ts';
import { credentialLeaks, writtenFiles } from '../support/secret-scan.ts';

/** One run against a target, as a session saw it, and what the target itself knows it gave out. */
export interface WrittenRun {
  profile: Profile;
  checks: CheckResult[];
  errors: string[];
  /** What the run's workers reported learning (src/checks/run-context.ts, sealedNewSecrets). */
  secrets: readonly string[];
  /** The credentials the target vouches for, apart from the run's own account: its keys, every token it issued. */
  issued: readonly string[];
}

/**
 * Writes what the CLI writes for a run, through the run's writer (src/output.ts) as the CLI builds it:
 * every report file and the job summary into a folder of its own, and the console's closing lines (each
 * failure with its reproduction, the verdict, the counts); then scans every byte of them for every
 * credential the run saw, in every form (test/support/secret-scan.ts). The target is named as a service
 * (not the embedded mock), so the views hold the curl and token lines too. The lines name each leak.
 */
export function writtenLeaks(run: WrittenRun): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'fds-written-'));
  try {
    const secrets = new Secrets();
    for (const secret of [...profileSecrets(run.profile), ...run.secrets]) secrets.add(secret);
    const printed: string[] = [];
    const output = new Output(secrets, {
      stdout: (line) => printed.push(line),
      stderr: (line) => printed.push(line),
    });
    const { report, verdict } = buildReport({
      checks: run.checks,
      target: { baseUrl: run.profile.baseUrl, embeddedMock: false, version: run.profile.version },
      startedAt: new Date(),
      durationMs: 0,
      seed: 42,
      strict: false,
    });
    const files = { report, verdict, checks: run.checks, allowIncomplete: true, errors: run.errors };
    writeReports(join(folder, 'out'), files, output, { GITHUB_STEP_SUMMARY: join(folder, 'summary.md') });
    const outcome = { report, verdict, checks: run.checks, errors: run.errors };
    for (const line of closingLines(outcome, { out: 'out', allowIncomplete: true })) output.stdout(line);
    const written = [...writtenFiles(folder), { name: 'the console', text: printed.join('\n') }];
    return credentialLeaks(written, [...profileSecrets(run.profile), ...run.secrets, ...run.issued]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

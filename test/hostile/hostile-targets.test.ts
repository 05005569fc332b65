import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.ts';
import { credentialLeaks, writtenFiles } from '../support/secret-scan.ts';
import { hostileToken, startHostileTarget, type HostileKind } from './targets.ts';

// What JSON, URLs, HTML and base64 each write otherwise, so every form of it is looked for.
const apiKey = 'hostile+secret/key"9931';
const kinds: HostileKind[] = [
  'never-answers-after-token',
  'huge-body',
  'invalid-json',
  'reset-mid-response',
  'echoes-authorization',
  'echoes-encoded',
  'redirects-away',
];

describe('hostile targets', () => {
  it('never-answers: stopped before any check with one line, exit 3, no report, no secret', async () => {
    const target = await startHostileTarget('never-answers');
    const out = join(mkdtempSync(join(tmpdir(), 'fds-hostile-silent-')), 'report');
    try {
      const result = await runCli(['--base-url', `${target.url}/api`, '--timeout-ms', '800', '--out', out], {
        FDS_API_KEY: apiKey,
      });
      expect(result.code).toBe(3);
      expect(result.stderr).toBe(
        `fds-conformance: no answer from POST /token in 0.8 s at ${target.url}/api (from --base-url): it accepts connections and says nothing; check that the service is up, or raise --timeout-ms\n`,
      );
      // Stopped before any check: junit.xml alone, its one error the console's line (docs/design.md#setup-errors).
      expect(readdirSync(out)).toEqual(['junit.xml']);
      const written = [
        ...writtenFiles(out),
        { name: 'stdout', text: result.stdout },
        { name: 'stderr', text: result.stderr },
      ];
      expect(credentialLeaks(written, [apiKey])).toEqual([]);
    } finally {
      await target.close();
    }
  }, 60_000);

  it.each(kinds)(
    // In time: a run that hangs ends in the test's own time limit, below, never in a wall-clock assertion.
    '%s: failed checks with clear messages, in time, no stack trace, no secret',
    async (kind) => {
      const target = await startHostileTarget(kind);
      const out = mkdtempSync(join(tmpdir(), `fds-hostile-${kind}-`));
      try {
        const result = await runCli(
          [
            '--base-url',
            `${target.url}/api`,
            '--only',
            'token,institutions',
            '--timeout-ms',
            '800',
            '--out',
            out,
          ],
          {
            FDS_API_KEY: apiKey,
          },
        );
        expect(result.code).toBe(1);
        expect(result.stdout).toMatch(
          /^\d+ checks: \d+ passed, \d+ partly exercised, [1-9]\d* failed, \d+ not exercised$/m,
        );
        expect(result.stderr).not.toMatch(/\n\s+at /);
        const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
          requirements: { status: string; failures: { message: string }[] }[];
        };
        const messages = report.requirements.flatMap((r) => r.failures.map((f) => f.message));
        expect(messages.length).toBeGreaterThan(0);
        for (const message of messages) expect(message.length).toBeGreaterThan(10);
        // Every byte written, for the key and the token in every form (test/support/secret-scan.ts).
        const written = [
          ...writtenFiles(out),
          { name: 'stdout', text: result.stdout },
          { name: 'stderr', text: result.stderr },
        ];
        expect(credentialLeaks(written, [apiKey, hostileToken])).toEqual([]);
        expect(target.stolen.filter((r) => r.includes(apiKey) || r.includes('Bearer'))).toEqual([]);
      } finally {
        await target.close();
      }
    },
    60_000,
  );
});

import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

describe('fds-conformance requirements', () => {
  it('prints the catalogue as markdown by default, grouped, with out-of-scope items', async () => {
    const result = await runCli(['requirements']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^# Requirement catalogue/);
    expect(result.stdout).toContain('| TOKEN-01 | MUST |');
    expect(result.stdout).toContain('## affordability');
    expect(result.stdout).toContain('## Out of scope');
  });

  it('prints the catalogue as JSON with --format json', async () => {
    const result = await runCli(['requirements', '--format', 'json']);
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout) as { requirements: { id: string }[] };
    expect(parsed.requirements.length).toBeGreaterThan(100);
  });

  it('refuses an unknown format in one line with exit 2', async () => {
    const result = await runCli(['requirements', '--format', 'yaml']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe('fds-conformance: --format must be one of md, json, got "yaml"');
  });
});

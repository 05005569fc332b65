import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'fds-validate-'));
function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe('fds-conformance validate', () => {
  it('exits 0 for a valid payload', async () => {
    const path = file('ok.json', JSON.stringify({ access_token: 't', token_type: 'Bearer', expires_in: 60 }));
    const result = await runCli(['validate', 'token', path]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('valid token');
  });

  it('exits 1 for an invalid payload and names pointer, expectation and value', async () => {
    const path = file(
      'bad.json',
      JSON.stringify({ access_token: 't', token_type: 'bearer', expires_in: 60 }),
    );
    const result = await runCli(['validate', 'token', path]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('token /token_type: expected exactly "Bearer", found "bearer"');
  });

  it('truncates a long offending value', async () => {
    const path = file(
      'long.json',
      JSON.stringify({ access_token: 't', token_type: 'x'.repeat(500), expires_in: 1 }),
    );
    const result = await runCli(['validate', 'token', path]);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('x'.repeat(100));
    expect(result.stdout).toContain('…');
  });

  it.each([
    [
      'an unknown resource',
      ['validate', 'tokens', 'x.json'],
      /unknown resource "tokens"; expected one of: .*token/,
    ],
    ['a missing file', ['validate', 'token', join(dir, 'absent.json')], /cannot read .*absent\.json: ENOENT/],
    ['a non-JSON file', ['validate', 'token', '<non-json>'], /is not JSON/],
    ['missing arguments', ['validate', 'token'], /usage: fds-conformance validate <resource> <file.json>/],
    ['an unknown flag', ['validate', '--strict', 'token', 'x.json'], /unknown option --strict /],
    ['an unknown command', ['valdiate'], /unknown command "valdiate"/],
  ])('exits 2 with one line, no stack trace, for %s', async (_label, args, message) => {
    const resolved = args.map((arg) =>
      arg === '<non-json>' ? file('garbled.json', '{"access_token": ') : arg,
    );
    const result = await runCli(resolved);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

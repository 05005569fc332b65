import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/openapi/document.ts';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'fds-openapi-'));

describe('fds-conformance openapi', () => {
  it('prints the OpenAPI 3.1 document as JSON on stdout', async () => {
    const result = await runCli(['openapi']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const printed = JSON.parse(result.stdout) as { openapi: string; paths: object };
    expect(printed.openapi).toBe('3.1.0');
    expect(printed).toEqual(openApiDocument());
  });

  it('writes the document into the file --out names, and says so', async () => {
    const out = join(dir, 'fds-api.json');
    const result = await runCli(['openapi', '--out', out]);
    expect(result).toMatchObject({ code: 0, stderr: '', stdout: `wrote ${out}\n` });
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(openApiDocument());
  });

  it("prints the spec's operations alone with --spec-only", async () => {
    const result = await runCli(['openapi', '--spec-only']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toEqual(openApiDocument({ specOnly: true }));
  });

  it("names its server: the spec's {base_url} as a variable, or the URL --base-url gives", async () => {
    const variable = JSON.parse((await runCli(['openapi'])).stdout) as {
      servers: { url: string; variables?: Record<string, { default: string }> }[];
    };
    expect(variable.servers).toEqual([
      expect.objectContaining({ url: '{base_url}', variables: { base_url: expect.any(Object) } }),
    ]);
    const given = await runCli(['openapi', '--base-url', 'https://staging.example.com/api/']);
    expect(given.code).toBe(0);
    expect((JSON.parse(given.stdout) as typeof variable).servers).toEqual([
      expect.objectContaining({ url: 'https://staging.example.com/api' }),
    ]);
  });

  it.each([
    [
      ['openapi', '--base-url', 'staging'],
      /^fds-conformance: --base-url must be an absolute URL, not "staging"$/,
    ],
    [['openapi', '--format', 'yaml'], /^fds-conformance: unknown option --format /],
    [['openapi', 'extra'], /^fds-conformance: Unexpected argument 'extra'/],
    [['openapi', '--out'], /^fds-conformance: Option '--out <value>' argument missing/],
    [['openapi', '--out', join(dir, 'missing', 'fds-api.json')], /^fds-conformance: cannot write .* ENOENT$/],
  ])('refuses %j in one line with exit 2', async (args, message) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr.trim()).toMatch(message);
  });
});

import { describe, expect, it } from 'vitest';
import { sourceLocation } from '../../cli/trace.ts';
import { specUnits } from '../../src/requirements/spec-units.ts';
import { specMissing, specText } from '../spec-text.ts';
import { runCli } from './run-cli.ts';

describe('fds-conformance requirements', () => {
  it('prints the catalogue as markdown by default, grouped, with out-of-scope items', async () => {
    const result = await runCli(['requirements']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^# Requirement catalogue/);
    expect(result.stdout).toContain('| TOKEN-01 | MUST |');
    expect(result.stdout).toContain('## affordability');
    expect(result.stdout).toContain('## Out of scope');
    // The client group follows the server groups; its register entries follow the server's.
    expect(result.stdout).toMatch(
      /## affordability[\s\S]*## errors[\s\S]*## client\n[\s\S]*\| CLIENT-01 \| MUST \|/,
    );
    expect(result.stdout).toContain('### AMB-CLIENT-01: ');
    expect(result.stdout).toContain('## Ambiguity register');
    expect(result.stdout).toContain('### AMB-GEN-08: The status of a refused bearer token');
    expect(result.stdout).toContain(
      '(mock variant: `{"variants":{"refusalStatuses":{"unauthenticated":403}}}`)',
    );
  });

  it('prints the catalogue as JSON with --format json', async () => {
    const result = await runCli(['requirements', '--format', 'json']);
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout) as {
      requirements: { id: string }[];
      ambiguities: { id: string; readings: unknown[] }[];
    };
    expect(parsed.requirements.length).toBeGreaterThan(100);
    const levels = parsed.requirements as { id: string; level: string; whyMust?: string }[];
    expect(levels.find((r) => r.id === 'TOKEN-10')?.whyMust).toMatch(/^AMB-TOKEN-03: /);
    expect(levels.filter((r) => r.level === 'MUST').every((r) => typeof r.whyMust === 'string')).toBe(true);
    expect(parsed.ambiguities.find((entry) => entry.id === 'AMB-GEN-08')?.readings).toHaveLength(3);
    const ids = parsed.requirements.map((r) => r.id);
    expect(ids.indexOf('CLIENT-01')).toBeGreaterThan(ids.indexOf('ERR-01'));
    expect(parsed.ambiguities.some((entry) => entry.id === 'AMB-CLIENT-01')).toBe(true);
  });

  it('traces one requirement to its spec text, checks, faults and schemas with --trace', async () => {
    const result = await runCli(['requirements', '--trace', 'AFFORD-04']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^# AFFORD-04 \(MUST, affordability\)/);
    expect(result.stdout).toContain('> Affordability list envelope:');
    expect(result.stdout).toMatch(/^Why MUST: none: /m);
    expect(result.stdout).toMatch(
      /^- suites\/affordability\/paging\.check\.ts:\d+: When more transactions remain/m,
    );
    expect(result.stdout).toMatch(
      /^- affordability-next-missing: .*declared at mock\/faults\/affordability\.ts:\d+; enacted at mock\/policy\/affordability\.ts:\d+/m,
    );
    const json = await runCli(['requirements', '--trace', 'JOBS-05', '--format', 'json']);
    expect(json.code).toBe(0);
    const trace = JSON.parse(json.stdout) as {
      faults: { name: string }[];
      schema: string[];
      whyMust?: string;
    };
    expect(trace.whyMust).toMatch(/^none: /);
    expect(trace.faults.map((fault) => fault.name)).toContain('job-created-epoch');
    expect(trace.schema).toEqual([
      'job.schema.json#/properties/created',
      'job.schema.json#/properties/updated',
    ]);
    const unknown = await runCli(['requirements', '--trace', 'NOPE-01']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('traces an id given in any case, each check titled as a run names it, at its place in suites/', async () => {
    const result = await runCli(['requirements', '--trace', 'err-11', '--format', 'json']);
    expect(result.code).toBe(0);
    const trace = JSON.parse(result.stdout) as {
      id: string;
      checks: { location: string; title: string }[];
    };
    expect(trace.id).toBe('ERR-11');
    // Titles written as templates (`${parameter}`) are shown filled, one check per value.
    const titles = trace.checks.map((check) => check.title);
    expect(titles.filter((title) => title.includes('${'))).toEqual([]);
    expect(titles).toContain(
      'GET /enrich without the required parameter country is refused with 400 and an error list',
    );
    expect(
      trace.checks.every((check) => /^suites\/[a-z]+\/[\w-]+\.check\.ts:\d+$/.test(check.location)),
    ).toBe(true);
    const markdown = await runCli(['requirements', '--trace', 'auth-05']);
    expect(markdown.stdout).toMatch(
      /^- suites\/auth\/endpoints\.check\.ts:\d+: GET \/institutions refuses a request with no Authorization header$/m,
    );
    expect(markdown.stdout).not.toContain('${');
  });

  it('traces a register entry: its readings, the mock options of each, the requirements it touches', async () => {
    const result = await runCli(['requirements', '--trace', 'amb-gen-08']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^# AMB-GEN-08: The status of a refused bearer token$/m);
    expect(result.stdout).toMatch(
      /^- A missing, unknown or expired bearer token is refused with 401\. The embedded mock's default\.$/m,
    );
    expect(result.stdout).toContain(
      'Mock: `startMock({"variants":{"refusalStatuses":{"unauthenticated":403}}})`',
    );
    expect(result.stdout).toMatch(/^- AUTH-05 \(MUST\): Every endpoint except the token endpoint refuses/m);
    const json = await runCli(['requirements', '--trace', 'AMB-GEN-08', '--format', 'json']);
    const entry = JSON.parse(json.stdout) as { requirements: { id: string }[]; readings: unknown[] };
    expect(entry.requirements.map((r) => r.id)).toContain('AUTH-09');
    expect(entry.readings).toHaveLength(3);
    const unknown = await runCli(['requirements', '--trace', 'AMB-NOPE-01']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim()).toBe(
      'fds-conformance: --trace: no entry "AMB-NOPE-01" in the ambiguity register',
    );
  });

  it('traces a client requirement to the judge rules that judge it, the requests that break it and its readings', async () => {
    const result = await runCli(['requirements', '--trace', 'client-09', '--format', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const trace = JSON.parse(result.stdout) as {
      id: string;
      group: string;
      readings: { ambiguity: string }[];
      checks: { location: string }[];
      faults: { name: string; declared: string }[];
    };
    expect(trace).toMatchObject({ id: 'CLIENT-09', group: 'client' });
    expect(trace.readings.map((r) => r.ambiguity)).toContain('AMB-CLIENT-03');
    expect(trace.checks.map((c) => c.location)).toEqual([
      expect.stringMatching(/^src\/observe\/clients\/\w[\w-]*\.ts:\d+$/),
    ]);
    expect(trace.faults).toContainEqual(
      expect.objectContaining({
        name: 'enrich-country-alpha-3',
        declared: expect.stringMatching(/^src\/observe\/clients\/client-faults\.ts:\d+$/),
      }),
    );
    const entry = await runCli(['requirements', '--trace', 'AMB-CLIENT-03']);
    expect(entry.code, entry.stderr).toBe(0);
    expect(entry.stdout).toContain('For example `GET /enrich?');
    expect(entry.stdout).toContain('- CLIENT-09 (MUST)');
  });

  it('names a place installed as the TypeScript file it was compiled from, without a line', () => {
    expect(sourceLocation('suites/token/fields.check.js', 11, '.js')).toBe('suites/token/fields.check.ts');
    expect(sourceLocation('mock/faults/token.js', 3, '.js')).toBe('mock/faults/token.ts');
    expect(sourceLocation('suites/token/fields.check.ts', 11, '.ts')).toBe('suites/token/fields.check.ts:12');
  });

  it('refuses an unknown format in one line with exit 2', async () => {
    const result = await runCli(['requirements', '--format', 'yaml']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe('fds-conformance: --format must be one of md, json, got "yaml"');
  });
});

describe('fds-conformance requirements --spec-coverage', () => {
  // The spec is not part of the package: without it the flag is the user's mistake, one line naming where it looked.
  it('refuses in one line with exit 2 when the spec is not where it is looked for', async () => {
    const missing = await runCli(['requirements', '--spec-coverage', '--spec', 'no/such/spec.md']);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toMatch(
      /^fds-conformance: --spec-coverage: no spec at \S*no\/such\/spec\.md; /,
    );
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    const fromEnvironment = await runCli(['requirements', '--spec-coverage'], {
      FDS_SPEC: '/no/such/spec.md',
    });
    expect(fromEnvironment.code).toBe(2);
    expect(fromEnvironment.stderr).toContain('no spec at /no/such/spec.md');
    const alone = await runCli(['requirements', '--spec', 'spec.md']);
    expect(alone.code).toBe(2);
    expect(alone.stderr.trim()).toBe(
      'fds-conformance: --spec names the spec for --spec-coverage; give --spec-coverage too',
    );
  });

  it.skipIf(specMissing !== undefined)(
    'prints the spec annotated: each section, each unit with its requirements or why none, and the count',
    async () => {
      const result = await runCli(['requirements', '--spec-coverage']);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/^# The spec annotated with its requirements\n/);
      expect(result.stdout).toContain(
        '## Resources and their fields > Token response\n\n- access_token string, read-only the generated token\n  TOKEN-03\n',
      );
      expect(result.stdout).toMatch(/^- Rate limits: not shown\.\n {2}no obligation on the server: /m);
      const units = specUnits(specText).length;
      const count = new RegExp(
        `\\n${units} normative units: (\\d+) tested by requirements, (\\d+) with no obligation on the server(?:, (\\d+) pending)?\\n?$`,
      ).exec(result.stdout);
      expect(count, result.stdout.slice(-300)).not.toBeNull();
      const [tested, none, pending = '0'] = count!.slice(1);
      expect(Number(tested) + Number(none) + Number(pending)).toBe(units);
      const json = await runCli(['requirements', '--spec-coverage', '--format', 'json']);
      const parsed = JSON.parse(json.stdout) as {
        summary: { units: number; tested: number };
        units: { id: string; section: string; entry?: { requirements?: string[] } }[];
      };
      expect(parsed.summary).toMatchObject({ units, tested: Number(tested) });
      expect(parsed.units.find((unit) => unit.section === 'Limits')?.entry?.requirements).toContain(
        'ENRICH-04',
      );
    },
  );
});

describe('output into a reader that stops early', () => {
  it('ends quietly, without a stack trace, when stdout closes (`| head`)', async () => {
    const { spawn } = await import('node:child_process');
    const bin = new URL('../../bin/fds-conformance.js', import.meta.url).pathname;
    const child = spawn(process.execPath, [bin, 'requirements']);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // The reader is gone before the first line is written.
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(code).toBe(0);
  });
});

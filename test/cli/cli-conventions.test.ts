import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commands, main } from '../../cli/main.ts';
import { runCli } from './run-cli.ts';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** One invocation in this process: its exit code, what it printed (stdout) and what it said on stderr. */
async function invoke(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const printed: string[] = [];
  const said: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((line: string) => said.push(line));
  const code = await main(argv, (line) => printed.push(line));
  return { code, stdout: printed.join('\n'), stderr: said.join('\n') };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('--version', () => {
  it("prints package.json's version and exits 0, from the bin as a user runs it", async () => {
    const result = await runCli(['--version']);
    expect(result).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });
});

describe('--help', () => {
  it.each([['--help'], ['-h'], ['help']])('%s lists every command and exits 0', async (flag) => {
    const result = await invoke([flag]);
    expect(result.code).toBe(0);
    for (const command of commands) expect(result.stdout).toMatch(new RegExp(`^ {2}${command.name}\\b`, 'm'));
    expect(result.stdout).toContain('--version');
  });

  describe.each(commands.map((command) => [command.name, command] as const))('%s', (name, command) => {
    it.each([['--help'], ['-h']])(
      `${name} %s prints its usage and every flag its parser reads, exit 0`,
      async (flag) => {
        const result = await invoke([name, flag]);
        expect(result.code, result.stderr).toBe(0);
        expect(result.stdout.split('\n')[0]).toBe(
          `usage: fds-conformance ${name}${command.operands ? ` ${command.operands}` : ''} [options]`,
        );
        for (const [option, spec] of Object.entries(await command.options())) {
          const value = spec.type === 'string' ? ` ${spec.value}` : '';
          // The flag, its value's name and a description, on one line of its own.
          expect(result.stdout).toMatch(
            new RegExp(`^ {2}--${option}${value.replace(/[|.]/g, '\\$&')} +\\S`, 'm'),
          );
        }
        expect(result.stdout).toMatch(/^ {2}-h, --help +print this help$/m);
      },
    );

    it(`${name}: the parser accepts every flag of the help's table and refuses any other`, async () => {
      for (const [option, spec] of Object.entries(await command.options())) {
        // Parsing stops at the first flag it does not know: the unknown one after it, never the flag itself.
        const result = await invoke([
          name,
          `--${option}`,
          ...(spec.type === 'string' ? ['1'] : []),
          '--no-such-flag',
        ]);
        expect(result.code).toBe(2);
        expect(result.stderr).toMatch(/^fds-conformance: unknown option --no-such-flag /);
      }
    });
  });

  it('help COMMAND is COMMAND --help', async () => {
    expect(await invoke(['help', 'mock'])).toEqual(await invoke(['mock', '--help']));
  });

  it('is generated from the table the parser reads: a flag added to the table shows in the help', async () => {
    const run = commands.find((c) => c.name === 'run')!;
    const table = await run.options();
    vi.spyOn(run, 'options').mockResolvedValue({
      ...table,
      'added-flag': { type: 'string', value: 'X', description: 'a flag added for this test' },
    });
    expect((await invoke(['run', '--help'])).stdout).toMatch(
      /^ {2}--added-flag X +a flag added for this test$/m,
    );
  });

  it('run --help names FDS_EXPIRY_API_KEY, which has no flag', async () => {
    expect((await invoke(['run', '--help'])).stdout).toMatch(/^environment:\n {2}FDS_EXPIRY_API_KEY +\S/m);
  });
});

describe('unknown options: exit 2, one line, and the flag meant when one is close', () => {
  it.each([
    [
      ['--max-rsp', '3'],
      'unknown option --max-rsp; did you mean --max-rps? (see fds-conformance run --help)',
    ],
    [['run', '--stric'], 'unknown option --stric; did you mean --strict? (see fds-conformance run --help)'],
    [
      ['--timeout', '5'],
      'unknown option --timeout; did you mean --timeout-ms? (see fds-conformance run --help)',
    ],
    [
      ['--base', 'x'],
      'unknown option --base; did you mean --base-url or --baseline? (see fds-conformance run --help)',
    ],
    [
      ['mock', '--fualt', 'x'],
      'unknown option --fualt; did you mean --fault? (see fds-conformance mock --help)',
    ],
    [
      ['requirements', '--Trace', 'X'],
      'unknown option --Trace; did you mean --trace? (see fds-conformance requirements --help)',
    ],
    [['openapi', '--format', 'yaml'], 'unknown option --format (see fds-conformance openapi --help)'],
    [
      ['validate', '--strict', 'token', 'x.json'],
      'unknown option --strict (see fds-conformance validate --help)',
    ],
    [['diff-reports', '-x', 'a', 'b'], 'unknown option -x (see fds-conformance diff-reports --help)'],
  ])('%j', async (argv, message) => {
    const result = await invoke(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`fds-conformance: ${message}`);
    expect(result.stdout).toBe('');
  });

  it('is one line on stderr from the bin too', async () => {
    const result = await runCli(['--max-rsp', '3']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'fds-conformance: unknown option --max-rsp; did you mean --max-rps? (see fds-conformance run --help)\n',
    );
  });
});

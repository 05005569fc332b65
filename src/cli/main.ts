import { exitCodes, UsageError } from './usage-error.ts';

type Command = (args: string[], out: (line: string) => void) => number | Promise<number>;

/** Commands load on demand, so `validate` does not pay for the mock's world or the suite's runner. */
const commands: Record<string, Command> = {
  run: async (args, out) => (await import('./run-command.ts')).runCommand(args, out),
  'merge-reports': async (args, out) =>
    (await import('./merge-reports-command.ts')).mergeReportsCommand(args, out),
  'diff-reports': async (args, out) =>
    (await import('./diff-reports-command.ts')).diffReportsCommand(args, out),
  mock: async (args, out) => (await import('./mock-command.ts')).mockCommand(args, out),
  validate: async (args, out) => (await import('./validate-command.ts')).validateCommand(args, out),
  requirements: async (args, out) =>
    (await import('./requirements-command.ts')).requirementsCommand(args, out),
  openapi: async (args, out) => (await import('./openapi-command.ts')).openApiCommand(args, out),
};

const usage = `usage:
  fds-conformance [run] [--base-url URL] [--api-key KEY] [--profile FILE] [--only GROUPS] [--read-only]
                  [--out DIR] [--seed N] [--runs N] [--concurrency N] [--timeout-ms N] [--strict]
                  [--baseline FILE | --write-baseline FILE] [--shard i/n] [--retries N] [--fail-on-flaky] [--allow-incomplete]
  fds-conformance mock [--port N] [--host H] [--seed N] [--token-ttl S] [--api-key KEY=TTL]...
                       [--version-header NAME] [--supported-versions LIST] [--unsupported-versions LIST]
                       [--base-path /P] [--fault NAME]... [--fault-switching] [--list-faults] [--latency-ms N]
                       [--rate-limit-every N] [--fail-every N]
  fds-conformance merge-reports DIR... [--out DIR] [--strict] [--baseline FILE] [--allow-incomplete]
  fds-conformance diff-reports OLD NEW
  fds-conformance validate <resource> <file.json>
  fds-conformance requirements [--format md|json] [--trace ID]
  fds-conformance openapi [--out FILE] [--spec-only]`;

/** node:util parseArgs reports unknown or malformed flags with these codes; they are the user's mistakes. */
const parseArgsErrorCodes = new Set([
  'ERR_PARSE_ARGS_UNKNOWN_OPTION',
  'ERR_PARSE_ARGS_INVALID_OPTION_VALUE',
  'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL',
]);

/**
 * Runs one CLI invocation and returns its exit code. A user's mistake becomes one line on stderr and exit 2;
 * anything else is our bug, reported in one line too, since a stack trace helps no pipeline reading stdout.
 */
export async function main(argv: string[], out = (line: string) => console.log(line)): Promise<number> {
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    out(usage);
    return exitCodes.ok;
  }
  // `run` is the default command: no command, or options first, means run.
  const [name = 'run', ...args] = argv[0] === undefined || argv[0].startsWith('-') ? ['run', ...argv] : argv;
  const command = commands[name];
  try {
    if (!command) {
      throw new UsageError(`unknown command "${name}"; expected one of: ${Object.keys(commands).join(', ')}`);
    }
    return await command(args, out);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof UsageError || (code && parseArgsErrorCodes.has(code))) {
      // parseArgs explains some mistakes over several lines; the contract is one line.
      const message = (error as Error).message.split('\n')[0];
      console.error(`fds-conformance: ${message}${error instanceof UsageError ? '' : ' (see --help)'}`);
      return exitCodes.usage;
    }
    console.error(`fds-conformance: internal error: ${(error as Error).message}`);
    return exitCodes.failed;
  }
}

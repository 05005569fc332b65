import { secretsOfEnvironment } from '../src/http/secrets.ts';
import { Output } from '../src/output.ts';
import { packageVersion } from '../src/package-root.ts';
import { partnerKeyFixtures } from '../src/profile/profile.ts';
import { commandHelp, overviewHelp, type CommandDescription } from './help.ts';
import type { OptionTable } from './options.ts';
import { exitCodes } from './exit-codes.ts';
import { UsageError } from '../src/usage-error.ts';

/** A command writes all it writes through its output (src/output.ts), which masks what it knows of secrets. */
type Command = (args: string[], output: Output) => number | Promise<number>;

interface CommandEntry extends CommandDescription {
  /** The table the command's parser reads, so its help lists exactly the flags it accepts. */
  options: () => Promise<OptionTable>;
  run: Command;
}

/** Commands load on demand, so `validate` does not pay for the mock's world or the suite's runner. */
export const commands: CommandEntry[] = [
  {
    name: 'run',
    summary: 'run the suites against a target, or the embedded mock when none is given (the default command)',
    environment: [
      [
        'FDS_EXPIRY_API_KEY',
        'the key whose tokens live a few seconds, for the expiry checks (profile tokenExpiry.apiKey)',
      ],
      [
        partnerKeyFixtures.disabledPartnerApiKey,
        "a temporarily disabled partner's key, for TOKEN-17 (profile fixtures.disabledPartnerApiKey)",
      ],
      [
        partnerKeyFixtures.deletedPartnerApiKey,
        "a deleted partner's key, for TOKEN-18 (profile fixtures.deletedPartnerApiKey)",
      ],
      [
        partnerKeyFixtures.nonEnrichPartnerApiKey,
        'the key of a partner not enabled for enrich, for ENRICH-18 (profile fixtures.nonEnrichPartnerApiKey)',
      ],
    ],
    options: async () => (await import('./run-options.ts')).runOptions,
    run: async (args, output) => (await import('./run-command.ts')).runCommand(args, output),
  },
  {
    name: 'mock',
    summary: 'start the embedded mock standalone; stdout: its profile JSON only, other text on stderr',
    options: async () => (await import('./mock-command.ts')).mockOptions,
    run: async (args, output) => (await import('./mock-command.ts')).mockCommand(args, output),
  },
  {
    name: 'token',
    summary:
      "print an access token of the target (POST /token) for a curl line's $FDS_TOKEN; stdout: the token alone, a secret",
    options: async () => (await import('./token-command.ts')).tokenOptions,
    run: async (args, output) => (await import('./token-command.ts')).tokenCommand(args, output),
  },
  {
    name: 'proxy',
    summary:
      'forward live traffic to a target unchanged and judge both sides of each exchange; stdout: its URL first',
    options: async () => (await import('./proxy-command.ts')).proxyOptions,
    run: async (args, output) => (await import('./proxy-command.ts')).proxyCommand(args, output),
  },
  {
    name: 'merge-reports',
    operands: 'DIR...',
    summary: 'join the reports of --shard runs into one, as if the shards had been one run',
    options: async () => (await import('./merge-reports-command.ts')).mergeReportsOptions,
    run: async (args, output) =>
      (await import('./merge-reports-command.ts')).mergeReportsCommand(args, output),
  },
  {
    name: 'diff-reports',
    operands: 'OLD NEW',
    summary: "compare two runs' reports: what newly fails, passes, flakes; exit 1 when anything newly fails",
    options: async () => (await import('./diff-reports-command.ts')).diffReportsOptions,
    run: async (args, output) => (await import('./diff-reports-command.ts')).diffReportsCommand(args, output),
  },
  {
    name: 'history',
    operands: 'DIR...',
    summary:
      'the nights side by side from report folders: history.html and history.json (pass, fail and latency per night)',
    options: async () => (await import('./history-command.ts')).historyOptions,
    run: async (args, output) => (await import('./history-command.ts')).historyCommand(args, output),
  },
  {
    name: 'validate',
    operands: '<resource> <file.json>',
    summary: 'validate one payload against a resource schema',
    options: async () => (await import('./validate-command.ts')).validateOptions,
    run: async (args, output) => (await import('./validate-command.ts')).validateCommand(args, output),
  },
  {
    name: 'requirements',
    summary:
      'print the requirement catalogue and the ambiguity register, follow one requirement (--trace), or annotate the spec (--spec-coverage)',
    options: async () => (await import('./requirements-command.ts')).requirementsOptions,
    run: async (args, output) =>
      (await import('./requirements-command.ts')).requirementsCommand(args, output),
  },
  {
    name: 'openapi',
    summary: 'print the interface as an OpenAPI 3.1 document (JSON)',
    options: async () => (await import('./openapi-command.ts')).openApiOptions,
    run: async (args, output) => (await import('./openapi-command.ts')).openApiCommand(args, output),
  },
];

/** node:util parseArgs reports malformed flags with these codes; they are the user's mistakes. */
const parseArgsErrorCodes = new Set([
  'ERR_PARSE_ARGS_UNKNOWN_OPTION',
  'ERR_PARSE_ARGS_INVALID_OPTION_VALUE',
  'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL',
]);

/** `--help` or `-h` anywhere before a `--` asks for the command's help instead of running it. */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/**
 * Runs one CLI invocation and returns its exit code. A user's mistake becomes one line on stderr and exit 2;
 * anything else is our bug, reported in one line too, since a stack trace helps no pipeline reading stdout.
 */
export async function main(argv: string[], out?: (line: string) => void): Promise<number> {
  // One output for the invocation: what the command learns of secrets masks its last line too.
  const output = new Output(secretsOfEnvironment(process.env), out ? { stdout: out } : {});
  const [first, second] = argv;
  if (first === '--version') {
    output.stdout(packageVersion);
    return exitCodes.ok;
  }
  const helpOf = first === 'help' && second !== undefined ? second : undefined;
  if ((first === 'help' && helpOf === undefined) || first === '--help' || first === '-h') {
    output.stdout(overviewHelp(commands));
    return exitCodes.ok;
  }
  // `run` is the default command: no command, or options first, means run.
  const [name = 'run', ...args] =
    helpOf !== undefined
      ? [helpOf, '--help']
      : first === undefined || first.startsWith('-')
        ? ['run', ...argv]
        : argv;
  const command = commands.find((c) => c.name === name);
  try {
    if (!command) {
      throw new UsageError(
        `unknown command "${name}"; expected one of: ${commands.map((c) => c.name).join(', ')}`,
      );
    }
    if (asksForHelp(args)) {
      output.stdout(commandHelp(command, await command.options()));
      return exitCodes.ok;
    }
    return await command.run(args, output);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof UsageError || (code && parseArgsErrorCodes.has(code))) {
      // parseArgs explains some mistakes over several lines; the contract is one line.
      const message = (error as Error).message.split('\n')[0];
      const hint = error instanceof UsageError ? '' : ` (see fds-conformance ${name} --help)`;
      output.stderr(`fds-conformance: ${message}${hint}`);
      return exitCodes.usage;
    }
    output.stderr(`fds-conformance: internal error: ${(error as Error).message}`);
    return exitCodes.failed;
  }
}

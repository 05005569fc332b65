import { parseArgs } from 'node:util';
import { nearestNames } from '../src/nearest-names.ts';
import { UsageError } from '../src/usage-error.ts';

/**
 * One flag of a command: what node:util parseArgs reads, and what `<command> --help` says of it. A
 * command's help is generated from the very table its parser reads (help.ts), so it cannot omit a flag.
 */
export type OptionSpec =
  | { type: 'boolean'; default?: boolean; description: string }
  | {
      type: 'string';
      /** The value's name in the help: `N`, `FILE`, `URL`. */
      value: string;
      multiple?: boolean;
      default?: string;
      description: string;
    };

export type OptionTable = Record<string, OptionSpec>;

/** What parseArgs gives for a table: each flag's value typed by its spec. */
type ParsedOptions<T extends OptionTable> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T; allowPositionals: boolean; strict: true }>
>;

/**
 * parseArgs reads `--max-rps -1` as a flag missing its value ("ambiguous"); a negative number is a value,
 * so it is joined to its flag, and the flag's own rule then says what is wrong with it.
 */
function joinNegativeValues(options: OptionTable, args: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') return [...joined, ...args.slice(i)];
    const next = args[i + 1];
    if (/^--[^=]+$/.test(arg) && options[arg.slice(2)]?.type === 'string' && /^-[0-9.]/.test(next ?? '')) {
      joined.push(`${arg}=${next}`);
      i++;
    } else joined.push(arg);
  }
  return joined;
}

/**
 * Reads a command's flags with parseArgs (strict) from its table. An unknown flag is a UsageError of one
 * line naming it, with the flags it was probably meant to be; `command` names the help to see.
 */
export function parseOptions<T extends OptionTable>(
  command: string,
  options: T,
  args: string[],
  allowPositionals = false,
): ParsedOptions<T> {
  const prepared = joinNegativeValues(options, args);
  const { tokens } = parseArgs({
    args: prepared,
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind !== 'option' || Object.hasOwn(options, token.name)) continue;
    const guesses = nearestNames(token.name, Object.keys(options)).map((flag) => `--${flag}`);
    const guess = guesses.length > 0 ? `; did you mean ${guesses.join(' or ')}?` : '';
    throw new UsageError(`unknown option ${token.rawName}${guess} (see fds-conformance ${command} --help)`);
  }
  return parseArgs({ args: prepared, options, strict: true, allowPositionals });
}

/**
 * A whole-number flag within [min, max]; anything else (negative, zero where 0 is not legal, a fraction,
 * a word) is a UsageError naming the flag and its rule.
 */
export function wholeNumber(
  flag: string,
  raw: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (raw === undefined) return undefined;
  const value = /^[0-9]+$/.test(raw) ? Number(raw) : NaN;
  if (value >= min && value <= max) return value;
  const rule =
    min === 1
      ? `a positive integer (at most ${max})`
      : min === 0
        ? `a whole number ≥ 0 (at most ${max})`
        : `a whole number from ${min} to ${max}`;
  throw new UsageError(`--${flag} must be ${rule}, got "${raw}"`);
}

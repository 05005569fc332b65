import type { OptionTable } from './options.ts';

/** What the help says of a command beside its flags: its operands and what it does, in one line. */
export interface CommandDescription {
  name: string;
  /** As the usage line shows them: `DIR...`, `<resource> <file.json>`. */
  operands?: string;
  summary: string;
  /** Settings read from the environment alone, with no flag: the help would otherwise never mention them. */
  environment?: [name: string, description: string][];
}

/** Two columns, the second starting where the widest first one ends. */
function columns(rows: [string, string][]): string[] {
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`);
}

/** `<command> --help`: its usage line, what it does, and every flag of the table its parser reads. */
export function commandHelp(command: CommandDescription, options: OptionTable): string {
  const flags = Object.entries(options).map(([name, spec]): [string, string] => {
    const value = spec.type === 'string' ? ` ${spec.value}` : '';
    const repeat = spec.type === 'string' && spec.multiple ? ' (repeatable)' : '';
    return [`--${name}${value}`, `${spec.description}${repeat}`];
  });
  return [
    `usage: fds-conformance ${command.name}${command.operands ? ` ${command.operands}` : ''} [options]`,
    '',
    command.summary,
    '',
    'options:',
    ...columns([...flags, ['-h, --help', 'print this help']]),
    ...(command.environment ? ['', 'environment:', ...columns(command.environment)] : []),
  ].join('\n');
}

/** `fds-conformance --help`: every command in one line each, and where the flags are. */
export function overviewHelp(commands: CommandDescription[]): string {
  return [
    'usage: fds-conformance [command] [options]',
    '',
    'commands:',
    ...columns(commands.map((c) => [`${c.name}${c.operands ? ` ${c.operands}` : ''}`, c.summary])),
    '',
    ...columns([
      ['fds-conformance <command> --help', "the command's options"],
      ['fds-conformance --version', 'the version of fds-conformance'],
    ]),
  ].join('\n');
}

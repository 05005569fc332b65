import { readFileSync } from 'node:fs';
import type { Output } from '../src/output.ts';
import { formatViolations, resourceValidator } from '../src/validation/validator.ts';
import { parseOptions, type OptionTable } from './options.ts';
import { exitCodes } from './exit-codes.ts';
import { UsageError } from '../src/usage-error.ts';

/** `validate` takes no flags; the empty table still lets its help and its parser agree. */
export const validateOptions = {} as const satisfies OptionTable;

const validateUsage = 'fds-conformance validate <resource> <file.json>';

/** `validate <resource> <file.json>`: 0 when valid, 1 with readable errors when not, 2 for bad input. */
export function validateCommand(args: string[], output: Output): number {
  const { positionals } = parseOptions('validate', validateOptions, args, true);
  const [resource, file, ...extra] = positionals;
  if (!resource || !file || extra.length > 0) throw new UsageError(`usage: ${validateUsage}`);
  const validator = resourceValidator();
  if (!validator.has(resource)) {
    throw new UsageError(
      `unknown resource "${resource}"; expected one of: ${validator.resources.join(', ')}`,
    );
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not JSON: ${(error as Error).message}`);
  }
  const result = validator.validate(resource, payload);
  if (result.valid) {
    output.stdout(`${file}: valid ${resource}`);
    return exitCodes.ok;
  }
  output.stdout(`${file}: not a valid ${resource}`);
  output.stdout(formatViolations(result.violations));
  return exitCodes.failed;
}

import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openApiDocument } from '../openapi/document.ts';
import { exitCodes, UsageError } from './usage-error.ts';

/**
 * `openapi [--out FILE] [--spec-only]`: the OpenAPI 3.1 document of the interface as the embedded mock
 * serves it, or of the spec's operations alone, as JSON, on stdout or into FILE (relative to the folder
 * the command runs in).
 */
export function openApiCommand(args: string[], out: (line: string) => void): number {
  const { values } = parseArgs({
    args,
    options: { out: { type: 'string' }, 'spec-only': { type: 'boolean', default: false } },
  });
  const text = JSON.stringify(openApiDocument({ specOnly: values['spec-only'] }), null, 2);
  if (values.out === undefined) {
    out(text);
    return exitCodes.ok;
  }
  try {
    writeFileSync(values.out, `${text}\n`);
  } catch (error) {
    throw new UsageError(
      `cannot write ${values.out}: ${(error as NodeJS.ErrnoException).code ?? 'unwritable'}`,
    );
  }
  out(`wrote ${values.out}`);
  return exitCodes.ok;
}

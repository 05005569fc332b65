import { writeFileSync } from 'node:fs';
import { openApiDocument } from '../openapi/document.ts';
import { parseOptions, type OptionTable } from './options.ts';
import { exitCodes, UsageError } from './usage-error.ts';

/** The flags of `openapi`, as its parser reads them and its help lists them. */
export const openApiOptions = {
  out: { type: 'string', value: 'FILE', description: 'write the document to FILE instead of stdout' },
  'spec-only': {
    type: 'boolean',
    default: false,
    description: "the spec's operations alone, without the mock's own endpoints",
  },
} as const satisfies OptionTable;

/**
 * `openapi [--out FILE] [--spec-only]`: the OpenAPI 3.1 document of the interface as the embedded mock
 * serves it, or of the spec's operations alone, as JSON, on stdout or into FILE (relative to the folder
 * the command runs in).
 */
export function openApiCommand(args: string[], out: (line: string) => void): number {
  const { values } = parseOptions('openapi', openApiOptions, args);
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

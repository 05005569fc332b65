import { openApiDocument } from '../src/openapi/document.ts';
import type { Output } from '../src/output.ts';
import { parseOptions, type OptionTable } from './options.ts';
import { exitCodes } from './exit-codes.ts';
import { UsageError } from '../src/usage-error.ts';

/** The flags of `openapi`, as its parser reads them and its help lists them. */
export const openApiOptions = {
  out: { type: 'string', value: 'FILE', description: 'write the document to FILE instead of stdout' },
  'spec-only': {
    type: 'boolean',
    default: false,
    description: "the spec's operations alone, without the mock's own endpoints",
  },
  'base-url': {
    type: 'string',
    value: 'URL',
    description: "the document's server (default: the spec's {base_url} as a server variable)",
  },
} as const satisfies OptionTable;

/**
 * `openapi [--out FILE] [--spec-only] [--base-url URL]`: the OpenAPI 3.1 document of the interface as the
 * embedded mock serves it, or of the spec's operations alone, as JSON, on stdout or into FILE (relative to
 * the folder the command runs in); its server is URL, or the spec's {base_url} as a variable.
 */
export function openApiCommand(args: string[], output: Output): number {
  const { values } = parseOptions('openapi', openApiOptions, args);
  const baseUrl = values['base-url'];
  if (baseUrl !== undefined && !URL.canParse(baseUrl))
    throw new UsageError(`--base-url must be an absolute URL, not ${JSON.stringify(baseUrl)}`);
  const document = openApiDocument({
    specOnly: values['spec-only'],
    ...(baseUrl !== undefined ? { baseUrl: baseUrl.replace(/\/+$/, '') } : {}),
  });
  const text = JSON.stringify(document, null, 2);
  if (values.out === undefined) {
    output.stdout(text);
    return exitCodes.ok;
  }
  try {
    output.file(values.out, `${text}\n`);
  } catch (error) {
    throw new UsageError(
      `cannot write ${values.out}: ${(error as NodeJS.ErrnoException).code ?? 'unwritable'}`,
    );
  }
  output.stdout(`wrote ${values.out}`);
  return exitCodes.ok;
}

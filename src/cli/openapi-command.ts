import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openApiDocument } from '../openapi/document.ts';
import { exitCodes, UsageError } from './usage-error.ts';

/**
 * `openapi [--out FILE] [--spec-only] [--base-url URL]`: the OpenAPI 3.1 document of the interface as the
 * embedded mock serves it, or of the spec's operations alone, as JSON, on stdout or into FILE (relative to
 * the folder the command runs in); its server is URL, or the spec's {base_url} as a variable.
 */
export function openApiCommand(args: string[], out: (line: string) => void): number {
  const { values } = parseArgs({
    args,
    options: {
      out: { type: 'string' },
      'spec-only': { type: 'boolean', default: false },
      'base-url': { type: 'string' },
    },
  });
  const baseUrl = values['base-url'];
  if (baseUrl !== undefined && !URL.canParse(baseUrl))
    throw new UsageError(`--base-url must be an absolute URL, not ${JSON.stringify(baseUrl)}`);
  const document = openApiDocument({
    specOnly: values['spec-only'],
    ...(baseUrl !== undefined ? { baseUrl: baseUrl.replace(/\/+$/, '') } : {}),
  });
  const text = JSON.stringify(document, null, 2);
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

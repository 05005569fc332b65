import { decide, type Verdict } from './verdict.ts';
import { asRecord } from './values.ts';

// Spec: Errors > Error list.

/** ERR-06: an error list's data names at least one error; data that is no array is ERR-05's. */
export function errorListNotEmpty(body: unknown): Verdict {
  const data = asRecord(body)?.data;
  if (!Array.isArray(data)) return undefined;
  return decide(data.length > 0, () => 'the error list names no error (data is [])');
}

/** A JSON media type: application/json, or a structured syntax suffix +json (RFC 6839), any parameters. */
const jsonMediaType = /^application\/([a-z0-9!#$&^_.-]+\+)?json$/;

/** ERR-13: an error list is labelled with a JSON media type; `contentType` is the header as sent, if any. */
export function errorListLabelledJson(contentType: string | undefined): Verdict {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return decide(
    jsonMediaType.test(mediaType),
    () =>
      `the error list came with ${contentType === undefined ? 'no Content-Type' : `Content-Type ${contentType}`}; expected application/json or a +json media type`,
  );
}

/**
 * The member a `source.parameter` names, in any of the spellings a service may give it: as sent, or the
 * last step of a JSON pointer or a path (`/mobile`, `body.mobile`, `$.mobile`), without case.
 */
function memberNamed(parameter: string): string {
  return (
    parameter
      .split(/[/.[\]$]+/)
      .filter((step) => step !== '')
      .at(-1) ?? ''
  ).toLowerCase();
}

/**
 * ERR-15: source "holds `parameter`, the name of the offending parameter", so a refusal names none of the
 * members `valid`, which the request sent valid under every reading. An error without a parameter (left
 * out, null or empty, AMB-ERR-03) names nothing; a source of another type is ERR-09's.
 */
export function namesNoValidParameter(body: unknown, valid: readonly string[]): Verdict {
  const data = asRecord(body)?.data;
  if (!Array.isArray(data)) return undefined;
  const named = data
    .map((error) => asRecord(asRecord(error)?.source)?.parameter)
    .filter((parameter): parameter is string => typeof parameter === 'string' && parameter !== '');
  if (named.length === 0) return undefined;
  const wrong = named.filter((parameter) =>
    valid.some((member) => member.toLowerCase() === memberNamed(parameter)),
  );
  return decide(
    wrong.length === 0,
    () =>
      `the refusal names ${wrong.map((p) => JSON.stringify(p)).join(', ')} in source.parameter, a member sent valid (${valid.join(', ')}), not the offending one`,
  );
}

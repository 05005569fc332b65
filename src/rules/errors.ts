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

/**
 * Reading an error-list body (spec: Error list) whatever its shape, without judging it: the token and auth
 * suites use these to tell refusals apart, and the CLI's setup diagnosis (runner/setup-diagnosis.ts)
 * to recognise a refused API key before any check runs. Free of vitest, so the CLI's own thread can load it.
 */

type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The error objects of an error-list body, or undefined when it holds no array of them. */
export function errorObjects(body: unknown): Json[] | undefined {
  if (!isObject(body) || !Array.isArray(body.data)) return undefined;
  return body.data.filter(isObject);
}

/** What an error object says in words: its detail, else its title, when either says anything. */
export function errorWords(error: Json): string | undefined {
  const said = [error.detail, error.title].find((text) => typeof text === 'string' && text.trim() !== '');
  return said === undefined ? undefined : String(said);
}

/** The codes an error-list body carries (empty when it carries none). */
export function errorCodes(body: unknown): string[] {
  return (errorObjects(body) ?? []).map((e) => e.code).filter((c): c is string => typeof c === 'string');
}

/** Whether a body reads as an error list whatever its status (to tell a refusal sent with 200). */
export function looksLikeErrorList(body: unknown): boolean {
  if (!isObject(body)) return false;
  const errors = errorObjects(body);
  return (
    typeof body.correlationId === 'string' ||
    (errors !== undefined && errors.length > 0 && errors.every((e) => e.type === 'error' || 'code' in e))
  );
}

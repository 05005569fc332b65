import { errorObjects, errorWords, isObject, looksLikeErrorList } from '../checks/error-body.ts';
import type { Exchange } from '../http/exchange.ts';
import { preview } from '../validation/validator.ts';
import { shortened } from './shortened.ts';

/** A body member's value as the request line shows it; the curl line beside it sends it whole. */
const memberWidth = 40;
/** The start of a body that is no JSON, as the answer line shows it. */
const textWidth = 120;
/** An error's words (its detail or title) longer than this lose their middle, never their end. */
const errorWidth = 300;

/**
 * The request of a failure's evidence in one line, as a person reads it: the method, the path with every
 * query parameter decoded, and for a write its body's members, each value shortened. The path and its
 * parameters are never cut: they are what a person compares with the finding.
 */
export function requestSummary(exchange: Exchange): string {
  const { method, url, body } = exchange.request;
  const parsed = new URL(url);
  const query = [...parsed.searchParams].map(([name, value]) => `${name}=${value}`).join('&');
  const line = `${method} ${parsed.pathname}${query ? `?${query}` : ''}`;
  return singleLine(body === undefined ? line : `${line} ${bodySummary(body)}`);
}

/** A JSON object's members, each value shortened; any other body (a form, a deliberate non-JSON) as sent, shortened. */
function bodySummary(body: string): string {
  const value = parsedJson(body);
  if (!isObject(value)) return shortened(body, 2 * memberWidth);
  const members = Object.entries(value).map(
    ([name, member]) => `${name}: ${shortened(JSON.stringify(member) ?? String(member), memberWidth)}`,
  );
  return `{${members.join(', ')}}`;
}

/**
 * What came back, in the spec's words where the answer is an error list (spec: Error list): the status,
 * then each error's code, the parameter its source names, and its detail (or title), whole but for a
 * very long one's middle. Any other answer is its status and the start of its body; no answer, why.
 */
export function answerSummary(exchange: Exchange): string {
  const { response } = exchange;
  if (!response) return singleLine(`no answer: ${exchange.failure ?? 'unknown'}`);
  const body = response.body ?? parsedJson(response.text);
  const errors = looksLikeErrorList(body) ? (errorObjects(body) ?? []) : [];
  if (errors.length === 0) return singleLine(`${response.status} ${bodyStart(body, response.text)}`);
  return singleLine(`${response.status} ${errors.map(errorSummary).join('; ')}`);
}

/** One line whatever a target sent: report.md writes a summary as a shell comment, which a line break would end. */
function singleLine(text: string): string {
  return text.replace(/\s*[\r\n]\s*/g, ' ');
}

/** The start of an answer's body: JSON as JSON, any other text (or JSON cut short in the evidence) as it came. */
function bodyStart(body: unknown, text: string): string {
  if (text === '') return '(empty body)';
  if (body !== undefined) return preview(body);
  return text.length > textWidth ? `${text.slice(0, textWidth - 1)}…` : text;
}

/** `parameter-not-valid (filter): the filter expression is malformed` */
function errorSummary(error: Record<string, unknown>): string {
  const parameter = isObject(error.source) ? error.source.parameter : undefined;
  const said = errorWords(error);
  const code = typeof error.code === 'string' ? error.code : `code ${preview(error.code)}`;
  const where = typeof parameter === 'string' && parameter !== '' ? ` (${parameter})` : '';
  return `${code}${where}${said === undefined ? '' : `: ${shortened(said, errorWidth)}`}`;
}

/** The body parsed as JSON, or undefined when it is not JSON (or was cut short in the evidence). */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

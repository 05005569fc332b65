import { runSettings } from '../../src/checks/run-context.ts';

/**
 * Identifiers no service hands out, shared by every group whose paths carry one (connections, jobs,
 * institutions): here rather than in one group's support so no group's suite imports another's.
 */

/**
 * An id no target hands out: under the run id, so a person reading a log sees where it came from. Why
 * invalid under every reading: an unknown id is "not valid" and gets an error; which status (400, 404 or
 * another 4xx) is a reading, so the checks accept any client error.
 */
export function unknownId(what: string): string {
  return `fds-${runSettings().runId}-no-such-${what}`;
}

/**
 * Identifiers no service hands out and a naive one may choke on (ERR-11): quotes and angle brackets, a
 * NUL character (which some databases refuse to store or compare), and one far longer than any id. Each
 * is sent percent-encoded as one path segment. Why invalid under every reading: each is unknown (it
 * carries the run id), not because of its characters or length, which the spec never limits; so the
 * checks ask for an error of any 4xx (a 414 for the long one too), never for a particular status.
 */
export function invalidIds(what: string): string[] {
  const base = unknownId(what);
  return [`${base}'"<>;`, `${base}\u0000`, `${base}-${'x'.repeat(300)}`];
}

/**
 * An id of the form of a real one that no service has issued: `id` with each character of its last run of
 * letters and digits raised to the highest of its alphabet (digits to 9, hexadecimal to f, other letters
 * to z), so a UUID stays a well-formed UUID and a base-32 id a well-formed one. A service that refuses a
 * malformed id before it looks anything up must look this one up. Only for a run of eight characters or
 * more, where an id of all nines, efs or zeds is beyond any count of real resources; otherwise undefined.
 */
export function unknownIdOfForm(id: string): string | undefined {
  const match = /[0-9A-Za-z]+(?=[^0-9A-Za-z]*$)/.exec(id);
  if (!match || match[0].length < 8) return undefined;
  const run = match[0];
  const raised = /^[0-9]+$/.test(run)
    ? run.replace(/./g, '9')
    : /^[0-9a-f]+$/.test(run)
      ? run.replace(/./g, 'f')
      : /^[0-9A-F]+$/.test(run)
        ? run.replace(/./g, 'F')
        : run.replace(/[0-9]/g, '9').replace(/[a-z]/g, 'z').replace(/[A-Z]/g, 'Z');
  return raised === run
    ? undefined
    : `${id.slice(0, match.index)}${raised}${id.slice(match.index + run.length)}`;
}

/**
 * The text with its last letter or digit moved on by one (9 to 0, z to a): a near miss of an id or a
 * credential, of its form and never itself; undefined when it holds no letter or digit.
 */
export function nearMiss(text: string): string | undefined {
  const match = /[0-9A-Za-z](?=[^0-9A-Za-z]*$)/.exec(text);
  if (!match) return undefined;
  const c = match[0];
  const next = c === '9' ? '0' : c === 'z' ? 'a' : c === 'Z' ? 'A' : String.fromCharCode(c.charCodeAt(0) + 1);
  return `${text.slice(0, match.index)}${next}${text.slice(match.index + 1)}`;
}

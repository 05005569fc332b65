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
 * letters and digits raised to the highest of its kind (9, z, Z). A service that refuses a malformed id
 * before it looks anything up must look this one up. Only for a run of eight characters or more, where
 * an id of all nines and zeds is beyond any count of real resources; otherwise undefined. An id whose
 * alphabet is narrower (hex) becomes malformed, and is refused all the same.
 */
export function unknownIdOfForm(id: string): string | undefined {
  const match = /[0-9A-Za-z]+(?=[^0-9A-Za-z]*$)/.exec(id);
  if (!match || match[0].length < 8) return undefined;
  const raised = match[0].replace(/[0-9]/g, '9').replace(/[a-z]/g, 'z').replace(/[A-Z]/g, 'Z');
  return raised === match[0]
    ? undefined
    : `${id.slice(0, match.index)}${raised}${id.slice(match.index + match[0].length)}`;
}

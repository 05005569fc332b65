import { NotExercised } from '../../src/checks/check.ts';
import { errorCodes } from '../../src/checks/error-body.ts';
import { api, runSettings } from '../../src/checks/run-context.ts';
import { runWide } from '../../src/checks/run-wide.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { pollJob, stepsOf } from './jobs.ts';
import { tokenAccepted } from './refusals.ts';

/**
 * The fixture connection: the profile's fixture ids, the paths of the fixture user's connections and the
 * update of a connection with the fixture password. Shared by the users, connections, auth and jobs
 * suites: here rather than in the connections group's support so no group's suite imports another's.
 */

/** The fixtures a check declared in its needs; absent ones are caught by `needs` before the body runs. */
export function fixture(name: 'userId' | 'connectionId' | 'connectionPassword'): string {
  return runSettings().profile.fixtures[name] ?? '';
}

export function connectionsPath(userId: string): string {
  return `/users/${encodeURIComponent(userId)}/connections`;
}

export function connectionPath(userId: string, connectionId: string): string {
  return `${connectionsPath(userId)}/${encodeURIComponent(connectionId)}`;
}

/**
 * POST /users/{user.id}/connections/{connection.id} with the fixture password: a fresh job each call,
 * once the password's trial has not shown it refused (fixturePassword). The password is an end user's bank
 * password, masked like the API key in all the run writes, as every credential a request sends is
 * (src/http/http-client.ts).
 */
export async function updateFixtureConnection(connectionId = fixture('connectionId')): Promise<Exchange> {
  const password = await fixturePassword();
  return api().post(connectionPath(fixture('userId'), connectionId), { password });
}

// ---------------------------------------------------------------------------------------------------
// The fixture password is the end user's institution password: each update that sends it may make the
// institution try it, and an institution locks an account after a few wrong tries. So the run tries it
// once, before any other check sends it, and a password that try shows refused is sent no more.

/** What the trial of the fixture password showed: the password refused and how, or nothing against it. */
interface PasswordTrial {
  refused?: string;
}

/** A verify-credentials status that says it failed, in the words a service may use (the set is not shown). */
const failedStatus = /fail|error|refus|denied|invalid|locked/i;

/** The verify-credentials step of a job answer: its status and the code of its result, if any. */
function verification(exchange: Exchange | undefined): { status: string; code?: string } | undefined {
  const step = stepsOf(exchange)?.find(
    (s) => (s as { title?: unknown } | null)?.title === 'verify-credentials',
  ) as { status?: unknown; result?: { code?: unknown } | null } | undefined;
  if (typeof step?.status !== 'string') return undefined;
  const code = step.result?.code;
  return { status: step.status, ...(typeof code === 'string' ? { code } : {}) };
}

/**
 * One update of the fixture connection with the password, and its job read until verify-credentials
 * succeeds or fails: refused when the update is a client error (a wrong password may be refused at once),
 * or when the step fails. A refusal of the run's token (a 401, a 403, a code or source naming the
 * credential) is no refusal of the password: a SERVER_ACCESS token has "full access to all endpoints", so
 * the checks judge that answer. Anything else (a 5xx, no job, a job that does not finish in time) shows
 * nothing against the password either.
 */
async function tryPassword(password: string): Promise<PasswordTrial> {
  const update = await api().post(connectionPath(fixture('userId'), fixture('connectionId')), { password });
  const status = update.response?.status ?? 0;
  if (status >= 400 && status < 500 && status !== 429 && tokenAccepted(update)) {
    const codes = errorCodes(update.response?.body);
    return { refused: `the connection update answered ${[status, ...codes].join(' ')}` };
  }
  const jobId = (update.response?.body as { id?: unknown } | null | undefined)?.id;
  if (status < 200 || status >= 300 || typeof jobId !== 'string' || jobId === '') return {};
  const { snapshots } = await pollJob(jobId, (snapshot) => {
    const step = verification(snapshot);
    return (
      snapshot.response?.status !== 200 || step?.status === 'success' || failedStatus.test(step?.status ?? '')
    );
  });
  const step = verification(snapshots.at(-1));
  if (!step || !failedStatus.test(step.status)) return {};
  return {
    refused: `the update's job ended verify-credentials ${step.status}${step.code ? ` (${step.code})` : ''}`,
  };
}

/**
 * The fixture password, for a check to send, masked like the API key in anything recorded. The first
 * check of the run to ask tries it (tryPassword), in whichever worker; every other waits for that trial.
 * Once it shows the password refused, every check that would send it is not exercised, naming why: the
 * run never tries a wrong password again. Without a fixture connection there is nothing to try it on:
 * the password goes to no connection of the user's.
 */
export async function fixturePassword(): Promise<string> {
  const password = fixture('connectionPassword');
  api().secrets.add(password);
  if (!fixture('userId') || !fixture('connectionId')) return password;
  const { refused } = await runWide('fixture-password', () => tryPassword(password));
  if (refused)
    throw new NotExercised(
      `fixtures.connectionPassword was refused (${refused}): not sent again this run, lest the institution lock the account`,
      'a fixtures.connectionPassword the institution accepts',
    );
  return password;
}

import { NotExercised } from '../../src/checks/check.ts';
import { describeAnswer } from '../../src/checks/failures.ts';
import { perRun, probeNotRun, runSettings } from '../../src/checks/run-context.ts';
import { nearMiss, unknownId } from './identifiers.ts';
import { createUser, freshEmail } from './users.ts';

/**
 * Users other than the fixture user, for object-level authorisation: one user's resources are never
 * served, changed or listed through another user's path. Shared by the connections, expenses and
 * affordability suites: here so no group's suite imports another's.
 */

export interface OtherUser {
  /** How the report names the user: "an unknown user", "a user just created". */
  what: string;
  id: string;
}

/**
 * Users other than the fixture user: an id no service issued and one of the fixture's form, always; the
 * profile's other user (fixtures.otherUserId), when it gives one; and a user the run creates, when it may
 * write (once per worker). A target that checks only that the path's user exists refuses the first two
 * and serves the fixture's resources under a real user's path: without a real other user, the probe that
 * shows it is recorded not run (the checks are then partly exercised, never passed).
 */
export function otherUsers(): Promise<OtherUser[]> {
  return perRun('shared:other-users', async () => {
    const { fixtures, readOnly } = runSettings().profile;
    // The fixture user's id one character off: of the form the service issues, so a service that refuses
    // a malformed id first still has to look it up. It may name another real user, which is as good.
    const neighbour = nearMiss(fixtures.userId ?? '');
    const readable = [
      { what: 'an unknown user', id: unknownId('user') },
      ...(neighbour ? [{ what: "a user id of the fixture user's form", id: neighbour }] : []),
      ...(fixtures.otherUserId
        ? [{ what: "the profile's other user (fixtures.otherUserId)", id: fixtures.otherUserId }]
        : []),
    ];
    if (!readOnly) return [...readable, ...(await userJustCreated())];
    if (!fixtures.otherUserId)
      probeNotRun({
        probe: 'under another user of the target',
        reason: 'the run is read-only, so it creates no user, and the profile gives no fixtures.otherUserId',
      });
    return readable;
  });
}

/**
 * The user just created, as a probe: one the target would not create (a 409 for an address it holds,
 * say) is a probe not run, the others still sent.
 */
async function userJustCreated(): Promise<OtherUser[]> {
  try {
    return [await createdUser()];
  } catch (error) {
    if (!(error instanceof NotExercised)) throw error;
    probeNotRun({ probe: 'under a user just created', reason: error.message });
    return [];
  }
}

/** A user the run has just created, who holds no connection and no account (once per worker). */
export function createdUser(): Promise<OtherUser> {
  return perRun('shared:created-user', async () => {
    const created = await createUser({ email: freshEmail('another-user') });
    const id = (created.response?.body as { id?: unknown } | null | undefined)?.id;
    // The creation's own rules (USERS-*) judge a failed creation; here it only leaves the probe undone.
    if (created.response?.status !== 201 || typeof id !== 'string' || id === '')
      throw new NotExercised(`no other user could be created to probe with: ${describeAnswer(created)}`);
    return { what: 'a user just created', id };
  });
}

import type { MockContext } from './router.ts';
import type { StepFailure } from './state.ts';
import type { InstitutionRecord } from './world/world.ts';

/**
 * The credentials that drive each outcome of creating or updating a connection, an extension of the mock
 * (docs/mock.md#what-the-mock-adds), so that an application can test its own screens: a wrong password, an institution
 * that is unavailable, a slow job. Any other non-empty credentials at an available institution get in.
 * The failure codes are from the real service's published list of a job step's result codes, which has
 * no code for a wrong password alone: `user-action-required` is the one that asks the person to act.
 */
export const testCredentials = {
  /**
   * This password is wrong: verify-credentials fails with `user-action-required` (log in again), for a
   * connection created with it and for an update that sends it.
   */
  wrongPassword: 'wrong-password',
  /** This loginId's job is slow: each step takes `slowJobFactor` times the mock's step time. */
  slowLoginId: 'slow-job',
} as const;

/**
 * API keys of partner accounts in the states the spec names (spec: Errors, the token table; GET /enrich,
 * "Only partners enabled for the enrich service may call it"), an extension of the mock like the
 * credentials above, so that a client's handling of them can be tested and the suite provokes the rows
 * nothing else can (TOKEN-17, TOKEN-18, ENRICH-18). `fds-conformance mock` names them in its profile.
 */
export const partnerApiKeys = {
  /** A partner account temporarily disabled: POST /token refuses the key with 403 access-denied. */
  disabled: 'mock-disabled-partner-key',
  /** A deleted partner account: POST /token refuses the key with 404 parameter-not-valid. */
  deleted: 'mock-deleted-partner-key',
  /** A partner not enabled for the enrich service: its key gets tokens, which GET /enrich refuses with 403 access-denied. */
  nonEnrich: 'mock-non-enrich-partner-key',
} as const;

/**
 * How many times longer each step of the slow job takes than the mock's `jobStepMs` (50 ms by default, so
 * 2 s a step): long enough for an application's "still connecting" screen to show while its test looks.
 */
export const slowJobFactor = 40;

/** How a connection's creation goes: verify-credentials fails with `failure`, or every step succeeds. */
export interface CreationOutcome {
  failure?: StepFailure;
  /** How long each step takes. */
  stepMs: number;
}

/**
 * The outcome the credentials and the institution drive. An institution whose status is not `available`
 * (`under-maintenance`, spec: States and transitions) cannot be reached whatever the credentials; the
 * failure details never repeat a credential.
 */
export function creationOutcome(
  loginId: string,
  password: string,
  institution: InstitutionRecord,
  context: MockContext,
): CreationOutcome {
  const stepMs =
    loginId === testCredentials.slowLoginId
      ? context.options.jobStepMs * slowJobFactor
      : context.options.jobStepMs;
  if (institution.status !== 'available')
    return {
      stepMs,
      failure: {
        code: 'institution-not-available',
        title: 'Institution not available',
        detail: `${institution.name} is ${institution.status}; try again later.`,
      },
    };
  const failure = passwordFailure(password, institution);
  return failure ? { stepMs, failure } : { stepMs };
}

/**
 * Why verify-credentials fails for this password, of a connection created or updated: the wrong password
 * fails it with `user-action-required`; any other passes. The detail never repeats a credential.
 */
export function passwordFailure(password: unknown, institution: InstitutionRecord): StepFailure | undefined {
  if (password !== testCredentials.wrongPassword) return undefined;
  return {
    code: 'user-action-required',
    title: 'Cannot log in to the institution with the credentials supplied',
    detail: `${institution.name} refused the login id and password; check them and try again.`,
  };
}

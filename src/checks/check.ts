import { test } from 'vitest';
import {
  createdBy,
  curlOf,
  evidenceOf,
  transientAnswer,
  type CreatedResource,
  type Exchange,
} from '../http/exchange.ts';
import { RequestRefused } from '../http/http-client.ts';
import { enablers, type Enabler } from '../profile/enablers.ts';
import { partnerKeyFixtures, type RunSettings } from '../profile/profile.ts';
import { requirementById } from '../requirements/catalogue.ts';
import type { RequirementId } from '../requirements/requirement-ids.generated.ts';
import { expectRetriedErrorLists, RetriedAnswerFailure } from './error-list.ts';
import { Failure } from './failures.ts';
import { PropertyFailure } from './property.ts';
import {
  api,
  forgetSharedAnswers,
  probeNotRun,
  runningCheck,
  runSettings,
  sealedNewSecrets,
  type ProbeNotRun,
} from './run-context.ts';

/** What a failed check carries to the report (docs/design.md#reports). */
export interface FailureEvidence {
  /**
   * The requirements whose rule the failed assertion holds: the failure fails these and no other of the
   * check's requirements (docs/design.md#a-failure-fails-only-what-its-evidence-breaks).
   */
  requirements?: RequirementId[];
  exchange?: Exchange;
  curl?: string;
  /**
   * The request before `exchange`, where the finding lies between the two (the page before a walk's page
   * boundary, `exchange` being the page after it), with its curl line: the pair a person sends to see it.
   */
  before?: { exchange: Exchange; curl: string };
  seed?: number;
  path?: string;
  counterexample?: string;
  /**
   * Under --retry-transient, the transient answer the failure came from (a 502, 503, 504 or reset, still
   * there after the retries): the environment's noise, not the interface's. A check whose every failed
   * attempt has one is flaky, never failed (docs/design.md#run-options).
   */
  transient?: string;
}

declare module 'vitest' {
  interface TaskMeta {
    /** Requirement ids the check proves; the report groups results by them. */
    requirements?: RequirementId[];
    /** Requirement ids the check holds on its way to its own (CheckOptions.preconditions). */
    preconditions?: RequirementId[];
    /** Why a check was not exercised (a missing fixture or capability). */
    notExercised?: string;
    /** What the user could give to exercise it (a flag, an environment variable, a profile field). */
    enableBy?: string;
    /** The condition of a check that applies only when it holds (CheckOptions.onlyWhen), as declared. */
    onlyWhen?: string;
    /** Set when that condition did not hold on the target: the check is then no missing probe. */
    conditionUnmet?: boolean;
    /** The probes a check that passed did not send: it is partly exercised, never passed. */
    notRun?: ProbeNotRun[];
    failure?: FailureEvidence;
    /** Resources the check's requests created on the target (report.json `created`). */
    created?: CreatedResource[];
    /** Every failed attempt of a check run again by --retries, so a flaky one keeps its evidence. */
    failedAttempts?: (FailureEvidence & { message: string })[];
    /**
     * The secrets the check's worker learnt, sealed for the run's writers (sealedNewSecrets): a reporter
     * that writes the meta as it is (vitest's json or blob) writes no secret.
     */
    secrets?: string[];
  }
}

/**
 * Thrown by a check that finds nothing to judge (the target gave no instance of what it checks): the check
 * is reported "not exercised, because …", never a vacuous pass.
 */
export class NotExercised extends Error {
  override name = 'NotExercised';
  constructor(
    message: string,
    /** What the user could give to exercise the check, where what stopped it is the profile's (a fixture refused). */
    readonly enableBy?: string,
  ) {
    super(message);
  }
}

/** Something a check needs from the profile; without it the check is reported not exercised. */
export type Need =
  | 'apiKey'
  | 'write'
  | 'tokenExpiry'
  | 'unsupportedVersion'
  | 'userId'
  | 'connectionId'
  | 'connectionPassword'
  | 'institutionId'
  | 'affordabilityId'
  | 'enrich'
  | 'enrichMatch'
  | 'enrichNoMatch'
  | 'disabledPartnerApiKey'
  | 'deletedPartnerApiKey'
  | 'nonEnrichPartnerApiKey'
  /** A job to read: fixtures.jobId, or the one an update of the fixture connection returns. */
  | 'job';

/**
 * Why a need is missing, and what the user could give to meet it (docs/design.md#exit-codes, 4: what the user
 * could have enabled makes a run incomplete). A write under --read-only is the user's choice: it names
 * nothing to give, and never makes a run incomplete.
 */
export interface MissingNeed {
  reason: string;
  enableBy?: string;
}

/** A profile field's need: `what` names it in the reason, where the field alone says too little. */
function fixtureNeed(present: unknown, field: Enabler, what: string = field): MissingNeed | undefined {
  return present ? undefined : { reason: `the profile gives no ${what}`, enableBy: enablers[field] };
}

/**
 * A partner's key: given in the profile or by its environment variable (a secret, like the API key). Test
 * data a service may have no way to stage (a disabled or deleted partner account), so its absence names
 * what to give and never makes a run incomplete (docs/design.md#exit-codes, 4), as when nothing could
 * provoke the answer.
 */
function partnerKeyNeed(s: RunSettings, field: keyof typeof partnerKeyFixtures): MissingNeed | undefined {
  return s.profile.fixtures[field]
    ? undefined
    : { reason: `the profile gives no fixtures.${field} (nor ${partnerKeyFixtures[field]})` };
}

/**
 * A job to read: the profile's finished one, or the job an update of the fixture connection returns,
 * which needs a run that may write and the connection's fixtures. Under --read-only the job id only
 * stands in for the write the user chose to leave out, so its absence never makes the run incomplete;
 * otherwise what to give is what the update lacks (or the job id, as the reason says).
 */
function jobNeed(s: RunSettings): MissingNeed | undefined {
  const f = s.profile.fixtures;
  if (f.jobId) return undefined;
  if (s.profile.readOnly)
    return {
      reason:
        'the run is read-only, so no connection update makes a job, and the profile gives no fixtures.jobId',
    };
  const lacking = (['userId', 'connectionId', 'connectionPassword'] as const).find((field) => !f[field]);
  if (lacking === undefined) return undefined;
  return {
    reason: `the profile gives no fixtures.${lacking} to update the connection for a job, nor a fixtures.jobId`,
    enableBy: enablers[`fixtures.${lacking}`],
  };
}

const missingNeeds: Record<Need, (s: RunSettings) => MissingNeed | undefined> = {
  apiKey: (s) =>
    s.profile.apiKey ? undefined : { reason: 'no API key was given', enableBy: enablers.apiKey },
  write: (s) => (s.profile.readOnly ? { reason: 'it sends a write and the run is read-only' } : undefined),
  tokenExpiry: (s) =>
    s.profile.tokenExpiry
      ? undefined
      : { reason: 'no tokenExpiry key was given', enableBy: enablers['tokenExpiry.apiKey'] },
  unsupportedVersion: (s) => fixtureNeed(s.profile.unsupportedVersion, 'unsupportedVersion'),
  userId: (s) => fixtureNeed(s.profile.fixtures.userId, 'fixtures.userId'),
  connectionId: (s) => fixtureNeed(s.profile.fixtures.connectionId, 'fixtures.connectionId'),
  connectionPassword: (s) =>
    fixtureNeed(s.profile.fixtures.connectionPassword, 'fixtures.connectionPassword'),
  institutionId: (s) => fixtureNeed(s.profile.fixtures.institutionId, 'fixtures.institutionId'),
  affordabilityId: (s) => fixtureNeed(s.profile.fixtures.affordabilityId, 'fixtures.affordabilityId'),
  enrich: (s) => {
    const e = s.profile.fixtures.enrich;
    return fixtureNeed(
      e?.institution && e.country,
      'fixtures.enrich',
      'fixtures.enrich institution and country',
    );
  },
  enrichMatch: (s) => fixtureNeed(s.profile.fixtures.enrich?.matchingQuery, 'fixtures.enrich.matchingQuery'),
  enrichNoMatch: (s) => fixtureNeed(s.profile.fixtures.enrich?.noMatchQuery, 'fixtures.enrich.noMatchQuery'),
  disabledPartnerApiKey: (s) => partnerKeyNeed(s, 'disabledPartnerApiKey'),
  deletedPartnerApiKey: (s) => partnerKeyNeed(s, 'deletedPartnerApiKey'),
  nonEnrichPartnerApiKey: (s) => partnerKeyNeed(s, 'nonEnrichPartnerApiKey'),
  job: jobNeed,
};

/** The first of a check's needs the run does not meet, with why and what would meet it; undefined when it meets them all. */
export function missingNeed(needs: readonly Need[], settings: RunSettings): MissingNeed | undefined {
  return needs.map((need) => missingNeeds[need](settings)).find((missing) => missing !== undefined);
}

/**
 * Whether the running check may send a probe that needs these, beyond what the check's own `needs` gave
 * it; when it may not, the probe is recorded not run (`probeNotRun`), with why and what would enable it,
 * and the check is partly exercised, never passed. For a helper that sends several probes and leaves
 * some out: `if (canProbe('POST /users with a body that is not JSON', ['write'])) …`.
 */
export function canProbe(probe: string, needs: readonly Need[]): boolean {
  const missing = missingNeed(needs, runSettings());
  if (missing) probeNotRun({ probe, ...missing });
  return missing === undefined;
}

export interface CheckOptions {
  needs?: Need[];
  /**
   * For a check that applies only on some targets: the condition, in words. It says the check ending
   * NotExercised (the condition did not hold there) leaves no probe of its requirements missing, so
   * their other checks alone can pass them; skipped for a need, or with a probe not run, it is missing
   * like any other, and a requirement none of whose checks ran is not exercised all the same. The one
   * way to excuse a check that did not run: each use says in a comment why the requirement's other
   * checks prove it without this one (docs/design.md#reports, `partly-exercised`).
   */
  onlyWhen?: string;
  /**
   * Requirements the check holds on its way to those it proves: the 201 of the user whose fields it
   * reads, the first page of a walk. A failure there fails them, not the check's own; the check index
   * (runner/check-index.ts) lists the check under them too, so the fault matrix runs it against
   * their faults and `requirements --trace` shows it.
   */
  preconditions?: readonly RequirementId[];
  /** Longer than the default for checks that wait (token expiry, job progress). */
  timeoutMs?: number;
}

/**
 * The requirements a failure breaks: those its Failure names, else the check's primary (first) one. A
 * check may exercise several requirements; each assertion fails only the rule it holds.
 */
function brokenBy(error: unknown, requirements: readonly RequirementId[]): RequirementId[] {
  const named = error instanceof Failure ? error.requirements : undefined;
  if (named && named.length > 0) return [...new Set(named)];
  return requirements.slice(0, 1);
}

/**
 * The transient answer an exchange ended on, with the retries it had, in a few words; `sentAgain` for a
 * retried answer (RetriedAnswerFailure), which the request did not end on.
 */
function transientOf(exchange: Exchange, sentAgain: boolean): string | undefined {
  const answer = transientAnswer(exchange);
  if (answer === undefined) return undefined;
  if (sentAgain) return `${answer}, then sent again`;
  const retried = exchange.retries.filter((retry) => retry.status !== 429).length;
  return retried === 0
    ? `${answer}, not sent again (a write is sent once)`
    : `${answer} after ${retried} ${retried === 1 ? 'retry' : 'retries'}`;
}

/**
 * Declares one check: one behaviour, named by the requirement ids it proves, the first its primary
 * one. Its name carries the ids, so vitest's own reporters (a project's JUnit among them) show them. A
 * failure carries the requirements its assertion holds, the last exchange (secrets masked) and a curl
 * line; a missing need makes the check "not exercised, because …".
 */
export function check(
  title: string,
  requirements: readonly RequirementId[],
  body: () => Promise<void>,
  options: CheckOptions = {},
): void {
  const preconditions = (options.preconditions ?? []).filter((id) => !requirements.includes(id));
  for (const id of [...requirements, ...preconditions]) {
    if (!requirementById(id)) throw new Error(`check "${title}" names unknown requirement ${id}`);
  }
  const needs: Need[] = ['apiKey', ...(options.needs ?? [])];
  // Declared in the test's meta, so that collecting the file, which runs no check, indexes it.
  const meta = {
    requirements: [...requirements],
    preconditions: [...preconditions],
    ...(options.onlyWhen === undefined ? {} : { onlyWhen: options.onlyWhen }),
  };
  const testOptions = { timeout: options.timeoutMs ?? 30_000, meta };
  test(`${title} [${requirements.join(', ')}]`, testOptions, async (context) => {
    context.task.meta.requirements = [...requirements];
    const settings = runSettings();
    const missing = missingNeed(needs, settings);
    if (missing) {
      context.task.meta.notExercised = missing.reason;
      if (missing.enableBy) context.task.meta.enableBy = missing.enableBy;
      context.skip(`not exercised: ${missing.reason}`);
      return;
    }
    if (context.task.meta.failedAttempts?.length) forgetSharedAnswers();
    const exchanges: Exchange[] = [];
    const notRun: ProbeNotRun[] = [];
    // What leaves the check for vitest (a skip's note, a failure's message and evidence) is masked here:
    // a reporter of vitest's own (a project's JUnit under fds-conformance/vitest) writes it where the
    // run's writers (src/output.ts) never see it.
    const masked = (text: string) => api().secrets.redactWire(text);
    try {
      await runningCheck.run({ requirements, exchanges, notRun }, async () => {
        await body();
        // In check() rather than in each check: the answers the client retried, judged by the error list.
        expectRetriedErrorLists(exchanges);
      });
      // An attempt's own: a retry that sends every probe passes.
      if (notRun.length > 0) context.task.meta.notRun = notRun;
      else delete context.task.meta.notRun;
    } catch (error) {
      if (error instanceof RequestRefused || error instanceof NotExercised) {
        const reason = masked(error.message);
        context.task.meta.notExercised = reason;
        if (options.onlyWhen !== undefined && error instanceof NotExercised && notRun.length === 0)
          context.task.meta.conditionUnmet = true;
        if (error instanceof NotExercised && error.enableBy) context.task.meta.enableBy = error.enableBy;
        context.skip(`not exercised: ${reason}`);
        return;
      }
      const exchange = error instanceof Failure && error.exchange ? error.exchange : exchanges.at(-1);
      const broken = brokenBy(error, requirements);
      // An assertion may hold a rule the check does not name (the error-list shape of a refusal): the
      // check then exercises that requirement too, and the report lists it there.
      context.task.meta.requirements = [...new Set([...requirements, ...broken])];
      const failure: FailureEvidence = {
        requirements: broken,
        ...(error instanceof PropertyFailure
          ? { seed: error.seed, path: error.path, counterexample: error.counterexample }
          : {}),
      };
      if (exchange) {
        const evidence = evidenceOf(exchange, api().secrets);
        failure.exchange = evidence;
        failure.curl = curlOf(evidence);
        const transient = settings.retryTransient
          ? transientOf(exchange, error instanceof RetriedAnswerFailure)
          : undefined;
        if (transient) failure.transient = transient;
      }
      if (error instanceof Failure && error.before) {
        const before = evidenceOf(error.before, api().secrets);
        failure.before = { exchange: before, curl: curlOf(before) };
      }
      context.task.meta.failure = failure;
      // vitest serialises a thrown error's own properties into its reports; the raw exchange would carry
      // credentials there. Only a masked message leaves the check.
      const message = masked(error instanceof Error ? error.message : String(error));
      context.task.meta.failedAttempts = [
        ...(context.task.meta.failedAttempts ?? []),
        { message, ...failure },
      ];
      const reported = new Error(message);
      reported.name = error instanceof Error ? error.name : 'Error';
      reported.stack = `${reported.name}: ${reported.message}`;
      throw reported;
    } finally {
      // What the run leaves behind on the target, whatever the check's outcome.
      context.task.meta.created = [...(context.task.meta.created ?? []), ...createdBy(exchanges)];
      // Kept from attempt to attempt, as the failed ones are: each attempt seals what it learnt.
      const sealed = sealedNewSecrets();
      if (sealed) context.task.meta.secrets = [...(context.task.meta.secrets ?? []), sealed];
    }
  });
}

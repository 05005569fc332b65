import type {
  Account,
  AffordabilityTransaction,
  Connection,
  ConnectionDetail,
  Institution,
  User,
} from '../src/types/resources.generated.ts';
import type { MockContext } from './router.ts';
import type { JobRecord, StepFailure, UserRecord } from './state.ts';
import type { AccountRecord, ConnectionRecord, InstitutionRecord, TransactionRecord } from './world/world.ts';

/**
 * Turn stored records into the resources of the spec (spec: Resources and their fields): add `type`, add
 * links for the base URL the mock serves under, drop what is never returned (a connection's password).
 */

export function institutionResource(record: InstitutionRecord, context: MockContext): Institution {
  return {
    type: 'institution' as const,
    ...record,
    links: { self: `${context.baseUrl}/institutions/${record.id}` },
  };
}

export function userResource(user: UserRecord, context: MockContext): User {
  return { type: 'user', ...user, links: { self: `${context.baseUrl}/users/${user.id}` } };
}

function connectionPath(connection: ConnectionRecord, context: MockContext): string {
  return `${context.baseUrl}/users/${connection.userId}/connections/${connection.id}`;
}

/** The list form of a connection (spec: Connection, links "the list form also has institution"). */
export function connectionSummary(connection: ConnectionRecord, context: MockContext): Connection {
  const self = connectionPath(connection, context);
  const institutionLink = `${context.baseUrl}/institutions/${connection.institutionId}`;
  const summary: Connection = {
    type: 'connection',
    id: connection.id,
    status: connection.status,
    createdDate: connection.createdDate,
    lastUsed: connection.lastUsed,
    institution: { type: 'institution', id: connection.institutionId, links: { self: institutionLink } },
    links: {
      self,
      accounts: `${self}/accounts`,
      transactions: `${self}/transactions`,
      institution: institutionLink,
    },
  };
  // The fault deliberately breaks the type: a connection never carries its password.
  return context.fault('connection-leaks-password')
    ? ({ ...summary, password: connection.password } as unknown as Connection)
    : summary;
}

/** Single retrieval: the summary plus mfaEnabled, profile and the accounts list envelope. */
export function connectionDetail(
  connection: ConnectionRecord,
  accounts: AccountRecord[],
  context: MockContext,
): ConnectionDetail {
  const summary = connectionSummary(connection, context);
  return {
    ...summary,
    mfaEnabled: connection.mfaEnabled,
    profile: connection.profile,
    accounts: {
      type: 'list' as const,
      data: accounts.map((account) => accountResource(account, connection, context)),
    },
  };
}

/**
 * An account, its links under the user (the mock's own account routes), where the affordability
 * transaction's links.account and the expenses resource's links.accounts already point.
 */
export function accountResource(
  account: AccountRecord,
  connection: ConnectionRecord,
  context: MockContext,
): Account {
  const { connectionId: _connectionId, ...fields } = account;
  const self = `${context.baseUrl}/users/${connection.userId}/accounts/${account.id}`;
  return { type: 'account', ...fields, links: { self, transactions: `${self}/transactions` } };
}

export function transactionResource(
  transaction: TransactionRecord,
  userId: string,
  context: MockContext,
): AffordabilityTransaction {
  // The fault links each transaction to the institution after its own in the catalogue.
  const institutions = context.world.institutions;
  const linked = context.fault('affordability-institution-link-of-another')
    ? (institutions[
        (institutions.findIndex((i) => i.id === transaction.institution) + 1) % institutions.length
      ]?.id ?? transaction.institution)
    : transaction.institution;
  return {
    type: 'transaction',
    ...transaction,
    // No self link (spec: Affordability transaction, links).
    links: {
      account: `${context.baseUrl}/users/${userId}/accounts/${transaction.account}`,
      institution: `${context.baseUrl}/institutions/${linked}`,
    },
  };
}

/** Steps of a connection job advance with time: each spends `jobStepMs` pending, then in progress. */
export const jobStepTitles = ['verify-credentials', 'retrieve-accounts', 'retrieve-transactions'] as const;

/** A step's status: the spec's three, and `failed`, which a job shows whose credentials did not get in (an extension). */
export type StepStatus = 'pending' | 'in-progress' | 'success' | 'failed';

/**
 * A job step as the mock builds it: the spec's Step, but that a failed step's result is the failure (an
 * extension); the variants may leave an empty result out (AMB-JOBS-04).
 */
export interface MockJobStep {
  title: string;
  status: string;
  result?: { type: 'link'; url: string } | StepFailure | null;
}

/** A job as the mock builds it: the spec's Job (schemas/job.schema.json) with the mock's steps. */
export interface MockJob {
  type: 'job';
  id: string;
  created: string;
  updated: string;
  steps: MockJobStep[];
  links: { self: string; source?: string };
}

/** The slots of `stepMs` the job has run at `now`. */
function elapsedSlots(job: JobRecord, context: MockContext, now: number): number {
  return Math.floor((now - job.createdAt) / (job.stepMs ?? context.options.jobStepMs));
}

/**
 * Each step's status at `now`. Step i starts in progress once the steps before it have each taken a slot,
 * and ends a slot later: in success, or failed for verify-credentials of a job with a failure, after which
 * no step starts.
 */
export function stepStatuses(job: JobRecord, context: MockContext, now = Date.now()): StepStatus[] {
  const elapsed = elapsedSlots(job, context, now);
  return jobStepTitles.map((_title, index) => {
    if (job.failure && index > 0) return 'pending';
    if (elapsed <= index) return 'pending';
    if (elapsed === index + 1) return 'in-progress';
    return job.failure ? 'failed' : 'success';
  });
}

export function jobResource(job: JobRecord, context: MockContext, now = Date.now()): MockJob {
  const connection = `${context.baseUrl}/users/${job.userId}/connections/${job.connectionId}`;
  const results = [connection, `${connection}/accounts`, `${connection}/transactions`];
  const steps = stepStatuses(job, context, now).map((status, index): MockJobStep => {
    const result =
      status === 'success'
        ? { type: 'link' as const, url: results[index] as string }
        : status === 'failed'
          ? (job.failure ?? null)
          : null;
    return { title: jobStepTitles[index] as string, status, result };
  });
  // Updated is the moment of the latest step change, so polling does not move it; a failure is the last.
  const lastChange = job.failure ? 2 : jobStepTitles.length + 1;
  const stepMs = job.stepMs ?? context.options.jobStepMs;
  const updated = new Date(
    job.createdAt + Math.min(elapsedSlots(job, context, now), lastChange) * stepMs,
  ).toISOString();
  // A creation that failed made no connection: it has no source to link to. A failed update's connection is still there.
  const source = job.failure && job.creates ? {} : { source: connection };
  return {
    type: 'job',
    id: job.id,
    created: new Date(job.createdAt).toISOString(),
    updated,
    steps,
    links: { self: `${context.baseUrl}/jobs/${job.id}`, ...source },
  };
}

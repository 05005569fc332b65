import { randomUUID } from 'node:crypto';
import type { Expenses } from '../src/types/resources.generated.ts';
import type { AccountRecord, ConnectionRecord } from './world/world.ts';

export interface IssuedToken {
  scope: string;
  /** Epoch milliseconds after which the token is refused. */
  expiresAt: number;
  /** Issued to a partner not enabled for the enrich service (test-credentials.ts, partnerApiKeys). */
  enrichDenied?: true;
}

export interface UserRecord {
  id: string;
  email?: string;
  mobile?: string;
  firstName?: string;
  lastName?: string;
}

export interface JobRecord {
  id: string;
  userId: string;
  connectionId: string;
  /** Epoch milliseconds; step progress is derived from the time since creation, so jobs need no timers. */
  createdAt: number;
  /** How long each step takes, for a slow job of a created connection; others take the mock's `jobStepMs`. */
  stepMs?: number;
  /** Why verify-credentials fails, for credentials that do not get in (test-credentials.ts); no step after it runs. */
  failure?: StepFailure;
  /** The job makes its connection (POST /users/{user.id}/connections): failed, it made none to link to. */
  creates?: true;
}

/** A failed step's `result`, as the real service words it (an extension: the spec shows no failed step). */
export interface StepFailure {
  code: string;
  title: string;
  detail: string;
}

/**
 * A connection POST /users/{user.id}/connections made (an extension of the mock), with the accounts its
 * job retrieves. Its transactions are the template accounts' (mock/holdings.ts), derived when read so
 * that a connection costs bytes, not the template's history.
 */
export interface CreatedConnection {
  connection: ConnectionRecord;
  accounts: AccountRecord[];
  /** The world account each of `accounts` copies, by the copy's id. */
  templateOf: Map<string, string>;
  /** The job making it: the connection, its accounts and its transactions appear as its steps succeed. */
  job: JobRecord;
}

/** An expenses resource as POST /users/{user.id}/expenses created it, kept for its links.self to resolve. */
export interface ExpensesRecord {
  userId: string;
  resource: Expenses;
}

/**
 * What changes while the mock runs: issued tokens, users created through POST /users, jobs started by
 * connection updates and creations, expenses resources created through POST /users/{user.id}/expenses,
 * connections created and deleted. Everything else is the immutable world, shared by every mock of a seed:
 * a deleted world connection is hidden for this mock alone. Maps are bounded so a client that creates without end cannot exhaust the
 * mock's memory.
 */
export class MockState {
  readonly tokens = new Map<string, IssuedToken>();
  readonly users = new Map<string, UserRecord>();
  readonly jobs = new Map<string, JobRecord>();
  readonly expenses = new Map<string, ExpensesRecord>();
  readonly createdConnections = new Map<string, CreatedConnection>();
  /** Ids of the world's connections deleted through this mock. */
  readonly deletedConnections = new Set<string>();

  static readonly maxEntries = 100_000;
  /** An expenses resource runs to kilobytes, where a token or a job is some bytes: fewer are kept. */
  static readonly maxExpenses = 1_000;

  issueToken(
    scope: string,
    lifetimeSeconds: number,
    partner: Pick<IssuedToken, 'enrichDenied'> = {},
    now = Date.now(),
  ): string {
    const token = randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');
    remember(this.tokens, token, { scope, expiresAt: now + lifetimeSeconds * 1000, ...partner });
    return token;
  }

  addUser(user: UserRecord): void {
    remember(this.users, user.id, user);
  }

  addJob(job: JobRecord): void {
    remember(this.jobs, job.id, job);
  }

  addExpenses(expenses: ExpensesRecord): void {
    remember(this.expenses, expenses.resource.id, expenses, MockState.maxExpenses);
  }

  addConnection(created: CreatedConnection): void {
    remember(this.createdConnections, created.connection.id, created);
  }

  /** Whether a connection was created or deleted: until then the world's connections are the mock's. */
  get connectionsChanged(): boolean {
    return this.createdConnections.size > 0 || this.deletedConnections.size > 0;
  }
}

/** Insert, dropping the oldest entry when the map is full (Maps iterate in insertion order). */
function remember<V>(map: Map<string, V>, key: string, value: V, max = MockState.maxEntries): void {
  if (map.size >= max) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(key, value);
}

import { randomUUID } from 'node:crypto';
import type { Expenses } from '../src/types/resources.generated.ts';

export interface IssuedToken {
  scope: string;
  /** Epoch milliseconds after which the token is refused. */
  expiresAt: number;
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
}

/** An expenses resource as POST /users/{user.id}/expenses created it, kept for its links.self to resolve. */
export interface ExpensesRecord {
  userId: string;
  resource: Expenses;
}

/**
 * What changes while the mock runs: issued tokens, users created through POST /users, jobs started by
 * connection updates, expenses resources created through POST /users/{user.id}/expenses. Everything else
 * is the immutable world. Maps are bounded so a client that creates without end cannot exhaust the
 * mock's memory.
 */
export class MockState {
  readonly tokens = new Map<string, IssuedToken>();
  readonly users = new Map<string, UserRecord>();
  readonly jobs = new Map<string, JobRecord>();
  readonly expenses = new Map<string, ExpensesRecord>();

  static readonly maxEntries = 100_000;
  /** An expenses resource runs to kilobytes, where a token or a job is some bytes: fewer are kept. */
  static readonly maxExpenses = 1_000;

  issueToken(scope: string, lifetimeSeconds: number, now = Date.now()): string {
    const token = randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');
    remember(this.tokens, token, { scope, expiresAt: now + lifetimeSeconds * 1000 });
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
}

/** Insert, dropping the oldest entry when the map is full (Maps iterate in insertion order). */
function remember<V>(map: Map<string, V>, key: string, value: V, max = MockState.maxEntries): void {
  if (map.size >= max) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(key, value);
}

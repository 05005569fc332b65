import { randomUUID } from 'node:crypto';

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

/**
 * What changes while the mock runs: issued tokens, users created through POST /users, jobs started by
 * connection updates. Everything else is the immutable world. Maps are bounded so a client that creates
 * without end cannot exhaust the mock's memory.
 */
export class MockState {
  readonly tokens = new Map<string, IssuedToken>();
  readonly users = new Map<string, UserRecord>();
  readonly jobs = new Map<string, JobRecord>();

  static readonly maxEntries = 100_000;

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
}

/** Insert, dropping the oldest entry when the map is full (Maps iterate in insertion order). */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= MockState.maxEntries) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(key, value);
}

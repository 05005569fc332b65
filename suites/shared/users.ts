import { runEmail, withUniqueSuffix } from '../../src/checks/arbitraries/users.ts';
import { api, runSettings } from '../../src/checks/run-context.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { threadId } from 'node:worker_threads';

/**
 * Users made by the run with addresses of its own, shared by the users suite and the connections check
 * that makes a user of its own: here rather than in the users group's support so no group's suite
 * imports another's.
 */

let sequence = 0;
/**
 * Which worker makes the address: vitest's threads share a process, each with its own count from 0, so the
 * process id alone let two workers make the same address and a service refusing the second with 409.
 */
const workerTag = `${process.pid}-${threadId}`;

/**
 * A fresh, recognisable e-mail address of this run (docs/design.md#safe-on-shared-environments). The sequence keeps every
 * address of the run distinct, so a service that refuses a second user with the same address (the spec
 * is silent on that) cannot turn a valid body into a refusal.
 */
export function freshEmail(label: string): string {
  sequence += 1;
  return runEmail(runSettings().runId, `${label}-${workerTag}-${sequence}`);
}

/**
 * Makes a generated body's address unique to this request, keeping it under the run id and its local
 * part within the 64 octets of RFC 5321 (a strict service refuses a longer one).
 */
export function uniqueAddress<T extends { email?: unknown }>(body: T): T {
  if (typeof body.email !== 'string' || !body.email.includes('@')) return body;
  sequence += 1;
  return { ...body, email: withUniqueSuffix(body.email, `${workerTag}-${sequence}`) };
}

export function createUser(body: unknown): Promise<Exchange> {
  return api().post('/users', body);
}

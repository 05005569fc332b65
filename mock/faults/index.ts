/**
 * The fault registry: named faults that each make the mock break exactly one requirement of the
 * catalogue. Faults exist so the suite can prove its worth: the fault-detection matrix runs the suite
 * against the mock with each fault in force, and a fault no check catches is a gap in the suite. The
 * faults live one file per group of the spec; this file assembles them and applies them to replies.
 * Beside them, the faults of the mock's own endpoints (mock-own.ts) break no requirement: they are
 * switched on the same ways, and only the mock's own tests are asked to catch them.
 */

import type { IncomingHttpHeaders } from 'node:http';
import type { MockContext, MockReply, Route } from '../router.ts';
import type { Fault } from './fault.ts';
import type { FaultName } from './names.ts';
import { tokenFaults } from './token.ts';
import { authFaults } from './auth.ts';
import { errorFaults } from './errors.ts';
import { enrichFaults } from './enrich.ts';
import { userFaults } from './users.ts';
import { connectionFaults } from './connections.ts';
import { jobFaults } from './jobs.ts';
import { institutionFaults } from './institutions.ts';
import { expenseFaults } from './expenses.ts';
import { affordabilityFaults } from './affordability.ts';
import { mockOwnFaults } from './mock-own.ts';

/** Every fault as declared, group by group: its literal names give `FaultName`. */
const declared = [
  ...tokenFaults,
  ...authFaults,
  ...errorFaults,
  ...enrichFaults,
  ...userFaults,
  ...connectionFaults,
  ...jobFaults,
  ...institutionFaults,
  ...expenseFaults,
  ...affordabilityFaults,
] as const satisfies readonly Fault[];

/** One member per declared fault, the mock's own included: the names `FaultName` (names.ts) is made of. */
type DeclaredNames = Record<(typeof declared)[number]['name'] | (typeof mockOwnFaults)[number]['name'], true>;

declare module './names.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface DeclaredFaults extends DeclaredNames {}
}

export type { FaultName } from './names.ts';
export { mockOwnFaults, type MockOwnFault } from './mock-own.ts';

/** Every fault of the spec's requirements, group by group: those the fault matrix runs. */
export const faults: readonly Fault[] = declared;

const byName = new Map(faults.map((fault) => [fault.name, fault]));

/** Every name a mock takes: the spec's faults and those of its own endpoints. */
const knownNames = new Set<string>([...byName.keys(), ...mockOwnFaults.map((fault) => fault.name)]);

export function isFaultName(name: string): name is FaultName {
  return knownNames.has(name);
}

export function assertKnownFaults(names: readonly string[]): asserts names is readonly FaultName[] {
  const unknown = names.filter((name) => !isFaultName(name));
  if (unknown.length > 0) throw new RangeError(`unknown fault ${unknown.join(', ')}; see --list-faults`);
}

/** Applies the reply-level faults in force for the request (`context.faults`) to its finished reply. */
export function applyReplyFaults(
  reply: MockReply,
  route: Route | undefined,
  context: MockContext,
  headers: IncomingHttpHeaders,
): MockReply {
  let result = reply;
  for (const name of context.faults) {
    const alter = byName.get(name)?.alter;
    if (alter) result = alter(result, route, context, headers);
  }
  return result;
}

import { decide, type Verdict } from './verdict.ts';

// Spec: Resources and their fields > Connection.

const credentialMembers = new Set(['loginId', 'password', 'securityCode']);

/** JSON pointers of every loginId, password or securityCode member, at any depth of a body. */
export function credentialPointers(body: unknown, pointer = ''): string[] {
  if (body === null || typeof body !== 'object') return [];
  return Object.entries(body).flatMap(([key, value]) => {
    const here = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    return [...(credentialMembers.has(key) ? [here] : []), ...credentialPointers(value, here)];
  });
}

/** CONN-21: "`loginId`, `password` and `securityCode` are never returned", named by where (never the value). */
export function carriesNoCredentials(body: unknown): Verdict {
  const found = credentialPointers(body);
  return decide(
    found.length === 0,
    () => `the response carries credentials the spec says are never returned: ${found.join(', ')}`,
  );
}

/** CONN-40: a single retrieval answers the connection its path names; an id of another type is CONN-11's. */
export function answersConnectionAsked(body: unknown, connectionId: string): Verdict {
  const id = (body as { id?: unknown } | null | undefined)?.id;
  if (typeof id !== 'string') return undefined;
  return decide(
    id === connectionId,
    () => `expected the connection ${connectionId}, got the connection ${id}`,
  );
}

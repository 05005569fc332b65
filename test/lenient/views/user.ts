import { enc, link } from '../server/links.ts';
import type { UserRecord } from '../world/types.ts';

/** Members the user never gave are left out rather than sent empty or null. */
export function userView(user: UserRecord): Record<string, unknown> {
  return {
    type: 'user',
    id: user.id,
    ...(user.email !== undefined ? { email: user.email } : {}),
    ...(user.mobile !== undefined ? { mobile: user.mobile } : {}),
    ...(user.firstName !== undefined ? { firstName: user.firstName } : {}),
    ...(user.lastName !== undefined ? { lastName: user.lastName } : {}),
    links: { self: link(`/users/${enc(user.id)}`) },
  };
}

import type { Context } from '../server/context.ts';
import { param } from '../server/context.ts';
import { invalid, notFound } from '../server/errors.ts';
import { ID_PATTERNS } from '../world/ids.ts';
import type { AccountRecord, ConnectionRecord, UserRecord } from '../world/types.ts';

/** Malformed ids are a 400, well-formed unknown ones a 404 (our split; the spec leaves it open). */
export function checkId(ctx: Context, name: string, kind: keyof typeof ID_PATTERNS, label: string): string {
  const id = param(ctx, name);
  if (!ID_PATTERNS[kind].test(id)) throw invalid(label, `"${id}" is not a valid ${label}.`);
  return id;
}

export function findUser(ctx: Context): UserRecord {
  const id = checkId(ctx, 'userId', 'user', 'user.id');
  const user = ctx.world.users.get(id);
  if (!user) throw notFound('user.id', `User ${id} does not exist.`);
  return user;
}

export function findConnection(ctx: Context, user: UserRecord): ConnectionRecord {
  const id = checkId(ctx, 'connectionId', 'connection', 'connection.id');
  const connection = ctx.world.connections.get(id);
  if (!connection || connection.userId !== user.id)
    throw notFound('connection.id', `Connection ${id} does not exist for this user.`);
  return connection;
}

export function accountsOf(ctx: Context, connection: ConnectionRecord): AccountRecord[] {
  return connection.accountIds
    .map((id) => ctx.world.accounts.get(id))
    .filter((a): a is AccountRecord => a !== undefined);
}

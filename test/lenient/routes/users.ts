import { isRecord, jsonBody } from '../server/context.ts';
import type { Context, Reply } from '../server/context.ts';
import { ApiError, invalid, notFound } from '../server/errors.ts';
import type { Route } from '../server/router.ts';
import type { UserRecord } from '../world/types.ts';
import { accountView } from '../views/connection.ts';
import { userView } from '../views/user.ts';
import { checkId, findUser } from './lookup.ts';

/** Body problems are 422: the JSON parsed, its content did not pass. */
function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid(name, `${name} must be a string.`, 422);
  return value;
}

function createUser(ctx: Context): Reply {
  const body = jsonBody(ctx);
  if (!isRecord(body))
    throw new ApiError(400, 'invalid-request', 'Malformed request body.', 'The body must be a JSON object.');
  const email = optionalString(body, 'email');
  const mobileRaw = optionalString(body, 'mobile');
  const firstName = optionalString(body, 'firstName');
  const lastName = optionalString(body, 'lastName');
  if (email !== undefined && email.trim() === '') throw invalid('email', 'email must not be empty.', 422);
  let mobile: string | undefined;
  if (mobileRaw !== undefined) {
    // Spaces, dashes and brackets are tolerated and stripped; the stored value is "+<digits>".
    const compact = mobileRaw.replace(/[\s\-()]/g, '');
    if (!/^\+[1-9]\d{6,14}$/.test(compact))
      throw invalid('mobile', 'mobile must be in international format, e.g. +61410000000.', 422);
    mobile = compact;
  }
  if (email === undefined && mobile === undefined)
    throw invalid('email', 'Either email or mobile is required.', 422);
  const user: UserRecord = {
    id: ctx.world.ids.next('user'),
    ...(email !== undefined ? { email: email.trim() } : {}),
    ...(mobile !== undefined ? { mobile } : {}),
    ...(firstName !== undefined ? { firstName } : {}),
    ...(lastName !== undefined ? { lastName } : {}),
  };
  ctx.world.users.set(user.id, user);
  ctx.world.transactionsByUser.set(user.id, []);
  return { status: 201, body: userView(user) };
}

function getUser(ctx: Context): Reply {
  return { status: 200, body: userView(findUser(ctx)) };
}

/** Target of account `self` links; shape is ours since the spec does not show it. */
function getAccount(ctx: Context): Reply {
  const user = findUser(ctx);
  const id = checkId(ctx, 'accountId', 'account', 'account.id');
  const account = ctx.world.accounts.get(id);
  if (!account || account.userId !== user.id)
    throw notFound('account.id', `Account ${id} does not exist for this user.`);
  return { status: 200, body: accountView(account) };
}

export const userRoutes: Route[] = [
  { method: 'POST', pattern: '/users', auth: true, clientAccess: false, handle: createUser },
  { method: 'GET', pattern: '/users/:userId', auth: true, clientAccess: true, handle: getUser },
  {
    method: 'GET',
    pattern: '/users/:userId/accounts/:accountId',
    auth: true,
    clientAccess: true,
    handle: getAccount,
  },
];

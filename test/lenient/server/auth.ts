import { randomBytes } from 'node:crypto';
import type { ApiKeyRecord, TokenRecord } from '../world/types.ts';
import type { World } from '../world/world.ts';
import { header } from './context.ts';
import type { Context } from './context.ts';
import { ApiError } from './errors.ts';

const MAX_TOKENS = 50_000;

/**
 * Resolves `Basic <API_KEY>`. The key is accepted as sent, or base64-encoded
 * alone or as "key:" (clients differ in how they treat a Basic credential).
 */
export function apiKeyFrom(ctx: Context): ApiKeyRecord {
  const value = header(ctx, 'authorization');
  if (value === undefined || value.trim() === '') {
    throw new ApiError(
      400,
      'parameter-not-valid',
      'Authorization header required.',
      'The Authorization header is missing.',
      'Authorization',
    );
  }
  const match = /^\s*basic\s+(\S+)\s*$/i.exec(value);
  const credential = match?.[1];
  if (credential === undefined) {
    throw new ApiError(
      400,
      'parameter-not-valid',
      'Authorization header not valid.',
      'Expected "Basic <API_KEY>".',
      'Authorization',
    );
  }
  const decoded = Buffer.from(credential, 'base64').toString('utf8');
  const candidates = [credential, decoded, decoded.endsWith(':') ? decoded.slice(0, -1) : decoded];
  for (const candidate of candidates) {
    const found = ctx.world.apiKeys.get(candidate);
    if (found) return found;
  }
  throw new ApiError(
    400,
    'invalid-grant',
    'Invalid API key.',
    'The API key is invalid, expired or revoked.',
    'Authorization',
  );
}

export function issueToken(
  world: World,
  key: ApiKeyRecord,
  scope: TokenRecord['scope'],
): { token: string; expiresIn: number } {
  const now = Date.now();
  // Keep the table bounded: expired tokens are useless, and a flood of token requests must not grow memory forever.
  if (world.tokens.size >= MAX_TOKENS) {
    for (const [token, record] of world.tokens) if (record.expiresMs <= now) world.tokens.delete(token);
    const oldest = world.tokens.keys().next();
    if (world.tokens.size >= MAX_TOKENS && oldest.done !== true) world.tokens.delete(oldest.value);
  }
  const token = randomBytes(24).toString('base64url');
  world.tokens.set(token, { scope, expiresMs: now + key.tokenLifetimeSeconds * 1000 });
  return { token, expiresIn: key.tokenLifetimeSeconds };
}

/** Bearer check for every endpoint but the token one. Statuses follow the token error table. */
export function requireBearer(ctx: Context): TokenRecord {
  const value = header(ctx, 'authorization');
  if (value === undefined || value.trim() === '') {
    throw new ApiError(
      400,
      'parameter-not-valid',
      'Authorization header required.',
      'A bearer access token is required.',
      'Authorization',
    );
  }
  const token = /^\s*bearer\s+(\S+)\s*$/i.exec(value)?.[1];
  if (token === undefined) {
    throw new ApiError(
      400,
      'parameter-not-valid',
      'Authorization header not valid.',
      'Expected "Bearer <ACCESS_TOKEN>".',
      'Authorization',
    );
  }
  const record = ctx.world.tokens.get(token);
  if (record === undefined || record.expiresMs <= Date.now()) {
    if (record !== undefined) ctx.world.tokens.delete(token);
    throw new ApiError(
      400,
      'invalid-grant',
      'Invalid access token.',
      'The access token is invalid, expired or revoked.',
      'Authorization',
    );
  }
  return record;
}

import type { IncomingHttpHeaders } from 'node:http';
import type { TokenRecord } from '../world/types.ts';
import type { World } from '../world/world.ts';
import { ApiError } from './errors.ts';

export interface Context {
  world: World;
  method: string;
  /** Path below the API prefix, e.g. "/users/usr_x/connections". */
  path: string;
  /** Host-relative request target as received, used for `self` links. */
  target: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  token: TokenRecord | null;
}

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export function header(ctx: Context, name: string): string | undefined {
  const value = ctx.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export function param(ctx: Context, name: string): string {
  const value = ctx.params[name];
  if (value === undefined) throw new Error(`route has no :${name}`);
  return value;
}

/**
 * JSON body, whatever Content-Type says (lenient). An empty body reads as
 * undefined so handlers decide whether that is acceptable.
 */
export function jsonBody(ctx: Context): unknown {
  const text = ctx.body.toString('utf8').trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(
      400,
      'invalid-request',
      'Malformed request body.',
      'The request body is not valid JSON.',
    );
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

import { apiKeyFrom, issueToken } from '../server/auth.ts';
import { header, isRecord } from '../server/context.ts';
import type { Context, Reply } from '../server/context.ts';
import { ApiError } from '../server/errors.ts';
import type { Route } from '../server/router.ts';
import { VERSION_HEADER } from '../world/world.ts';

/** Versions below 2 are retired; a missing or unknown version is served as the current one. */
function checkVersion(ctx: Context): void {
  const version = header(ctx, VERSION_HEADER)?.trim();
  if (version === undefined || version === '') return;
  const major = /^v?(\d+)(?:\.\d+)*$/i.exec(version)?.[1];
  if (major !== undefined && Number(major) < 2) {
    throw new ApiError(
      400,
      'parameter-not-valid',
      'Version no longer supported.',
      `Version ${version} is no longer supported; use 2.0.`,
      VERSION_HEADER,
    );
  }
}

/** Form body as specified, or (leniently) a JSON object; chosen by Content-Type, else by sniffing. */
function readFields(ctx: Context): Record<string, string> {
  const text = ctx.body.toString('utf8').trim();
  const type = (header(ctx, 'content-type') ?? '').toLowerCase();
  const looksJson = type.includes('json') || (!type.includes('form') && text.startsWith('{'));
  if (!looksJson) return Object.fromEntries(new URLSearchParams(text));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text === '' ? '{}' : text);
  } catch {
    throw new ApiError(400, 'invalid-request', 'Malformed request.', 'The request body could not be parsed.');
  }
  if (!isRecord(parsed))
    throw new ApiError(400, 'invalid-request', 'Malformed request.', 'The request body must be an object.');
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed))
    if (typeof value === 'string') out[name] = value;
    else if (value !== undefined && value !== null)
      throw new ApiError(
        400,
        'invalid-request',
        'Malformed request.',
        `Field ${name} must be a string.`,
        name,
      );
  return out;
}

function token(ctx: Context): Reply {
  const key = apiKeyFrom(ctx);
  if (key.state === 'disabled')
    throw new ApiError(
      403,
      'access-denied',
      'Access denied.',
      'The partner account is temporarily disabled.',
    );
  if (key.state === 'deleted')
    throw new ApiError(
      404,
      'parameter-not-valid',
      'Partner account deleted.',
      'The partner account has been deleted.',
      'Authorization',
    );
  checkVersion(ctx);
  const fields = readFields(ctx);
  const grant = fields.grant_type?.trim();
  if (grant !== undefined && grant !== '' && grant !== 'client_credentials') {
    throw new ApiError(
      400,
      'unsupported-grant-type',
      'Unsupported grant type.',
      `Grant type "${grant}" is not supported.`,
      'grant_type',
    );
  }
  // Scope defaults to SERVER_ACCESS when absent and is read case-insensitively.
  const rawScope = fields.scope?.trim() ?? '';
  const scope = rawScope === '' ? 'SERVER_ACCESS' : rawScope.toUpperCase();
  if (scope !== 'SERVER_ACCESS' && scope !== 'CLIENT_ACCESS') {
    throw new ApiError(
      400,
      'invalid-request',
      'Invalid scope.',
      `Scope "${rawScope}" is not one of SERVER_ACCESS, CLIENT_ACCESS.`,
      'scope',
    );
  }
  const issued = issueToken(ctx.world, key, scope);
  return {
    status: 200,
    body: { access_token: issued.token, token_type: 'Bearer', expires_in: issued.expiresIn },
  };
}

export const tokenRoutes: Route[] = [
  { method: 'POST', pattern: '/token', auth: false, clientAccess: true, handle: token },
];

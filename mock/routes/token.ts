import { credential } from '../auth.ts';
import { MockError } from '../errors.ts';
import type { Route } from '../router.ts';

const scopes = new Set(['SERVER_ACCESS', 'CLIENT_ACCESS']);

/** POST /token (spec: Endpoints > POST {base_url}/token, Authentication, Errors). */
export const issueToken: Route = {
  method: 'POST',
  path: '/token',
  auth: 'basic',
  body: 'form',
  handle(request, context) {
    const form = request.body as Record<string, string>;
    const scope = form.scope;
    if (scope === undefined || scope === '') {
      if (!context.fault('token-scope-not-required')) {
        throw new MockError(
          400,
          'invalid-request',
          'Invalid request',
          'the scope parameter is required',
          'scope',
        );
      }
    } else if (!scopes.has(scope) && !context.fault('token-unsupported-scope-accepted')) {
      throw new MockError(
        400,
        'invalid-request',
        'Invalid request',
        `scope ${scope} is not supported`,
        'scope',
      );
    } else if (scope === 'CLIENT_ACCESS' && context.fault('token-client-scope-refused')) {
      throw new MockError(
        400,
        'invalid-request',
        'Invalid request',
        'scope CLIENT_ACCESS is not supported',
        'scope',
      );
    }
    const key = credential(request.headers, 'basic') ?? '';
    const lifetime = context.options.apiKeys[key] ?? 3600;
    const token = context.state.issueToken(scope ?? 'SERVER_ACCESS', lifetime);
    return {
      status: 200,
      body: {
        access_token: token,
        token_type: 'Bearer',
        expires_in: lifetime,
      },
      // Tokens are credentials; a cache must not keep them.
      headers: { 'cache-control': 'no-store' },
    };
  },
};

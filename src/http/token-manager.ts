import type { Exchange } from './exchange.ts';
import type { HttpClient } from './http-client.ts';

export interface TokenSettings {
  apiKey: string;
  version: string;
  versionHeader: string;
  scope?: 'SERVER_ACCESS' | 'CLIENT_ACCESS';
}

/** Thrown when no token can be had; checks that need one fail with this message. */
export class TokenUnavailable extends Error {
  override name = 'TokenUnavailable';
}

/**
 * Obtains bearer tokens (spec: Authentication), refreshes them before `expires_in` runs out, and once
 * after a refusal, so a nightly run longer than a token's life keeps going. Concurrent callers share
 * one token request.
 */
export class TokenManager {
  private token: { value: string; renewAt: number } | undefined;
  private pending: Promise<string> | undefined;
  /** A failed token request is remembered briefly, so a target that hangs costs one time-out, not one per check. */
  private failure: { error: TokenUnavailable; until: number } | undefined;
  static readonly failureHoldMs = 5_000;

  constructor(
    private readonly client: HttpClient,
    private readonly settings: TokenSettings,
  ) {
    client.settings.secrets.add(settings.apiKey);
  }

  /** POST /token with the given key and scope; the raw exchange, for checks of the token endpoint itself. */
  requestToken(options: { apiKey?: string; scope?: string; version?: string } = {}): Promise<Exchange> {
    const apiKey = options.apiKey ?? this.settings.apiKey;
    this.client.settings.secrets.add(apiKey);
    return this.client.send({
      method: 'POST',
      path: '/token',
      authorization: `Basic ${apiKey}`,
      credential: 'api-key',
      headers: { [this.settings.versionHeader]: options.version ?? this.settings.version },
      form: { scope: options.scope ?? this.settings.scope ?? 'SERVER_ACCESS' },
    });
  }

  /** A token from a token exchange, registered as a secret; undefined when the exchange gave none. */
  tokenFrom(exchange: Exchange): { value: string; expiresIn: number } | undefined {
    const body = exchange.response?.body as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (exchange.response?.status !== 200 || typeof body?.access_token !== 'string') return undefined;
    this.client.settings.secrets.add(body.access_token);
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in);
    return { value: body.access_token, expiresIn: Number.isFinite(expiresIn) ? expiresIn : 60 };
  }

  async current(): Promise<string> {
    if (this.token && Date.now() < this.token.renewAt) return this.token.value;
    if (this.failure && Date.now() < this.failure.until) throw this.failure.error;
    this.pending ??= this.obtain()
      .catch((error: unknown) => {
        if (error instanceof TokenUnavailable)
          this.failure = { error, until: Date.now() + TokenManager.failureHoldMs };
        throw error;
      })
      .finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Forget the token, so the next request obtains a new one (after a refusal). */
  invalidate(): void {
    this.token = undefined;
  }

  private async obtain(): Promise<string> {
    const exchange = await this.requestToken();
    const token = this.tokenFrom(exchange);
    if (!token) {
      const answer = exchange.response ? `status ${exchange.response.status}` : exchange.failure;
      throw new TokenUnavailable(`POST /token gave no access token (${answer})`);
    }
    // Renew when 80% of the life has gone, and at least a second early, so no request races the expiry.
    const lifeMs = token.expiresIn * 1000;
    this.token = { value: token.value, renewAt: Date.now() + Math.min(lifeMs * 0.8, lifeMs - 1000) };
    return token.value;
  }
}

import { profileSecrets } from '../profile/load-profile.ts';
import type { RunSettings } from '../profile/profile.ts';
import type { Exchange } from './exchange.ts';
import { HttpClient, type RequestOptions } from './http-client.ts';
import { Secrets } from './secrets.ts';
import type { TrafficGate } from './traffic.ts';
import { TokenManager, TokenUnavailable } from './token-manager.ts';

/**
 * What a check talks to: requests to the target with the run's bearer token, refreshed before it
 * expires and once more after a refusal, and raw requests for probes that set their own credentials.
 */
export class Api {
  readonly secrets = new Secrets();
  readonly http: HttpClient;
  readonly tokens: TokenManager | undefined;

  constructor(
    readonly settings: RunSettings,
    /** The run's traffic budget in this worker, when the runner keeps one (src/http/traffic.ts). */
    private readonly traffic?: TrafficGate,
  ) {
    const { profile } = settings;
    this.http = new HttpClient({
      ...(traffic ? { traffic } : {}),
      baseUrl: profile.baseUrl,
      timeoutMs: settings.timeoutMs,
      concurrency: settings.concurrency,
      maxBodyBytes: settings.maxBodyBytes,
      transientRetries: settings.retryTransient ?? 0,
      readOnly: profile.readOnly,
      secrets: this.secrets,
    });
    // Masked from the start: a target may echo the profile's keys and password before a check sends them.
    for (const secret of profileSecrets(profile)) this.secrets.add(secret);
    this.tokens = profile.apiKey
      ? new TokenManager(this.http, {
          apiKey: profile.apiKey,
          version: profile.version,
          versionHeader: profile.versionHeader,
        })
      : undefined;
  }

  /** A request with the run's bearer token. Throws TokenUnavailable when the profile has no API key. */
  async authorized(options: RequestOptions): Promise<Exchange> {
    if (!this.tokens) throw new TokenUnavailable('the profile gives no API key');
    const token = await this.tokens.current();
    const exchange = await this.http.send({
      ...options,
      authorization: `Bearer ${token}`,
      credential: 'token',
    });
    if (!refusedToken(exchange)) return exchange;
    // A token may expire between the check of its age and its arrival; one fresh token settles it.
    this.tokens.invalidate();
    const fresh = await this.tokens.current();
    return this.http.send({ ...options, authorization: `Bearer ${fresh}`, credential: 'token' });
  }

  get(path: string, query?: Record<string, string | undefined>): Promise<Exchange> {
    return this.authorized({ path, ...(query ? { query } : {}) });
  }

  post(path: string, json: unknown): Promise<Exchange> {
    return this.authorized({ method: 'POST', path, json });
  }

  /** A request exactly as given: no token is added (auth probes, the token endpoint). */
  raw(options: RequestOptions): Promise<Exchange> {
    return this.http.send(options);
  }

  close(): Promise<void> {
    this.traffic?.close();
    return this.http.close();
  }
}

/**
 * Whether an answer refuses the token: 401 or 403, or a 400 with the token table's code for a token
 * "invalid, expired or revoked" (invalid-grant), which a service may answer for a bearer token too.
 */
function refusedToken(exchange: Exchange): boolean {
  const status = exchange.response?.status;
  if (status === 401 || status === 403) return true;
  if (status !== 400) return false;
  const data = (exchange.response?.body as { data?: unknown } | null | undefined)?.data;
  return (
    Array.isArray(data) &&
    data.some((error) => (error as { code?: unknown } | null)?.code === 'invalid-grant')
  );
}

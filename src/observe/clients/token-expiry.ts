import { createHash } from 'node:crypto';
import type { ClientExchange } from '../types.ts';
import { broken, held, requestLine, type ClientJudgement, type ClientRequest } from './request.ts';

/**
 * The one client rule that holds over time, CLIENT-32: a bearer token is not used after the expires_in its
 * token answer gave has passed. Stateful, unlike the other rules: it remembers each token answer the
 * observer saw pass (a 2xx of POST /token with access_token and expires_in) and when it saw it, and judges
 * every later request carrying that token by the time the observer received it. A token the observer never
 * saw issued is not judged: its lifetime is unknown.
 *
 * The time of issue is when the observer had the whole answer, later than the service wrote it, so the
 * expiry it computes is never earlier than the service's: a use after it is after the token ran out under
 * every clock. Tokens are remembered by their SHA-256, never as themselves, and no message names one.
 */

/** Token answers remembered; past this the oldest is forgotten (a long session issues one token after another). */
const tokensKept = 10_000;

interface Told {
  /** Epoch milliseconds at which the observer had the token answer. */
  issuedAt: number;
  /** The answer's expires_in, in seconds. */
  expiresIn: number;
}

const keyOf = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** The credential of a Bearer Authorization header (the scheme in any case, AMB-CLIENT-02). */
function bearerToken(request: ClientRequest): string | undefined {
  return /^bearer\s+(\S+)$/i.exec(request.header('authorization') ?? '')?.[1];
}

const iso = (epochMs: number): string => new Date(epochMs).toISOString();

export class TokenLifetimes {
  private readonly told = new Map<string, Told>();

  /** Remembers the token of a token answer, as of the time the observer had it; any other answer is ignored. */
  learn(request: ClientRequest, answer: NonNullable<ClientExchange['answer']>): void {
    if (request.operation !== 'issueToken' || answer.status < 200 || answer.status > 299) return;
    const body = answer.json();
    if (typeof body !== 'object' || body === null) return;
    const { access_token: token, expires_in: expiresIn } = body as Record<string, unknown>;
    // An answer without a usable token or lifetime is the server's failure (TOKEN-*), not a lifetime to hold a client to.
    if (typeof token !== 'string' || token === '') return;
    if (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn) || expiresIn < 0) return;
    const key = keyOf(token);
    // Deleted first so that the map's order is the order of the last answers: a token handed out again is kept longest.
    this.told.delete(key);
    this.told.set(key, { issuedAt: answer.at, expiresIn });
    if (this.told.size > tokensKept) {
      const oldest = this.told.keys().next();
      if (!oldest.done) this.told.delete(oldest.value);
    }
  }

  /** CLIENT-32 on a request received at `receivedAt`: held or broken where its bearer token was seen issued, else nothing. */
  judge(request: ClientRequest, receivedAt: number): ClientJudgement[] {
    if (this.told.size === 0 || request.operation === 'issueToken') return [];
    const token = bearerToken(request);
    const told = token === undefined ? undefined : this.told.get(keyOf(token));
    if (!told) return [];
    const expiredAt = told.issuedAt + told.expiresIn * 1000;
    // Strictly after: the last millisecond the answer allowed is still in time.
    if (receivedAt <= expiredAt) return [held('CLIENT-32')];
    return [
      broken(
        'CLIENT-32',
        // Not "bearer token": redaction masks the word after "Bearer" (src/http/secrets.ts).
        `${requestLine(request)} at ${iso(receivedAt)} uses a token issued at ${iso(told.issuedAt)} ` +
          `with expires_in ${told.expiresIn}: ${((receivedAt - expiredAt) / 1000).toFixed(3)} s after it ran out`,
      ),
    ];
  }
}

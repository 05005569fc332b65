import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ClientObserver } from '../../mock/client-observer.ts';

/**
 * The mock's observer of its clients on its own clock (tests give it one): the token answers it sent and
 * the requests it received are timed by that clock, so a token's expiry is judged without waiting for it.
 */

const token = 'tok-5e4d3c2b1a0f9e8d7c6b';
const received = (url: string, headers: Record<string, string>) =>
  ({ url, method: url === '/api/token' ? 'POST' : 'GET', headers }) as unknown as IncomingMessage;
const tokenRequest = received('/api/token', {
  authorization: 'Basic mock-api-key',
  'content-type': 'application/x-www-form-urlencoded',
  'acme-version': '2.0',
});
const tokenBody = Buffer.from('scope=SERVER_ACCESS');
const use = received('/api/institutions', { authorization: `Bearer ${token}` });

function observer() {
  const clock = { now: Date.parse('2025-03-01T09:00:00.000Z') };
  const observing = new ClientObserver('/api', { versionHeader: 'acme-version' }, () => clock.now);
  const issued = clock.now;
  observing.observe(tokenRequest, tokenBody, clock.now, {
    status: 200,
    body: { access_token: token, token_type: 'Bearer', expires_in: 600 },
  });
  return { observing, clock, issued };
}

describe('ClientObserver', () => {
  it('times a token answer by its clock and finds the token used past expires_in', () => {
    const { observing, clock, issued } = observer();
    clock.now = issued + 600_000;
    observing.observe(use, undefined, clock.now, { status: 200, body: {} });
    expect(observing.findings()).toEqual([]);
    clock.now += 1;
    observing.observe(use, undefined, clock.now, { status: 401, body: {} });
    const [finding, ...more] = observing.findings();
    expect(more).toEqual([]);
    expect(finding?.requirement).toBe('CLIENT-32');
    expect(finding?.message).toBe(
      'GET /institutions at 2025-03-01T09:10:00.001Z uses a token issued at 2025-03-01T09:00:00.000Z ' +
        'with expires_in 600: 0.001 s after it ran out',
    );
    expect(finding?.request.headers.authorization).toBe('Bearer ***');
  });

  it('forgets its findings on reset, not the tokens it issued', () => {
    const { observing, clock, issued } = observer();
    observing.reset();
    clock.now = issued + 3_600_000;
    observing.observe(use, undefined, clock.now, { status: 401, body: {} });
    expect(observing.findings().map((finding) => finding.requirement)).toEqual(['CLIENT-32']);
  });
});

import { describe, expect, it } from 'vitest';
import { conformantRequests } from '../../src/observe/clients/client-faults.ts';
import { ClientJudge, judgeClientRequest } from '../../src/observe/clients/judge.ts';
import type { ClientExchange, Judgement, ObservedRequest } from '../../src/observe/types.ts';
import { answeredAt, tokenAnswer } from './judge-fault.ts';

/**
 * ClientJudge: what the client was told. CLIENT-03 by the version header's name the service was
 * configured with; CLIENT-32 by the expires_in of each token answer the judge saw, at the times it is
 * given (it reads no clock, so nothing here depends on the machine's speed).
 */

const broken = (judgements: Judgement[]) => judgements.filter((j) => !j.held);
const ofExpiry = (judgements: Judgement[]) => judgements.filter((j) => j.requirement === 'CLIENT-32');

const token = 'tok-9f8e7d6c5b4a39281706';
const institutions = (bearer: string, receivedAt: number): ClientExchange => ({
  request: { method: 'GET', path: '/institutions', headers: { authorization: `Bearer ${bearer}` } },
  receivedAt,
});
const seconds = (n: number) => n * 1000;

function tokenRequest(headers: Record<string, string>): ObservedRequest {
  return {
    method: 'POST',
    path: '/token',
    headers: {
      authorization: 'Basic key',
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body: Buffer.from('scope=SERVER_ACCESS'),
  };
}

describe('the version header the service was configured with (CLIENT-03)', () => {
  it('under basiq-version: basiq-version 2.0, as the profile says, breaks nothing', () => {
    const judge = new ClientJudge({ versionHeader: 'basiq-version' });
    const judgements = judge.judge({ request: tokenRequest({ 'basiq-version': '2.0' }), receivedAt: 0 });
    expect(broken(judgements)).toEqual([]);
    expect(judgements).toContainEqual({ requirement: 'CLIENT-03', held: true });
    expect(judgements).toContainEqual({ requirement: 'CLIENT-04', held: true });
  });

  it('under basiq-version: service-version is no version header, and the message names both', () => {
    const judge = new ClientJudge({ versionHeader: 'Basiq-Version' });
    const judgements = judge.judge({ request: tokenRequest({ 'service-version': '2.0' }), receivedAt: 0 });
    expect(broken(judgements).map((j) => j.requirement)).toEqual(['CLIENT-03']);
    expect(broken(judgements)[0]?.message).toBe(
      'POST /token carries no basiq-version header; the version went under service-version',
    );
  });

  it('by default: service-version, as before; basiq-version is no version header', () => {
    expect(broken(judgeClientRequest(tokenRequest({ 'service-version': '2.0' })))).toEqual([]);
    const judgements = new ClientJudge().judge({
      request: tokenRequest({ 'basiq-version': '2.0' }),
      receivedAt: 0,
    });
    expect(broken(judgements)).toEqual([
      {
        requirement: 'CLIENT-03',
        held: false,
        message: 'POST /token carries no service-version header; the version went under basiq-version',
      },
    ]);
  });
});

describe('a token used after its expires_in (CLIENT-32)', () => {
  it('is found, with the time of the answer, its expires_in and the time of use, and never the token', () => {
    const judge = new ClientJudge();
    judge.judge(tokenAnswer(token, 60, answeredAt));
    const [judgement, ...more] = ofExpiry(judge.judge(institutions(token, answeredAt + seconds(61.25))));
    expect(more).toEqual([]);
    expect(judgement).toEqual({
      requirement: 'CLIENT-32',
      held: false,
      message:
        'GET /institutions at 2025-03-01T09:01:01.250Z uses a token issued at ' +
        '2025-03-01T09:00:00.000Z with expires_in 60: 1.250 s after it ran out',
    });
    expect(JSON.stringify(judgement)).not.toContain(token);
  });

  it('holds up to the last millisecond the answer allowed, and is broken one millisecond later', () => {
    const judge = new ClientJudge();
    judge.judge(tokenAnswer(token, 60, answeredAt));
    expect(ofExpiry(judge.judge(institutions(token, answeredAt)))).toEqual([
      { requirement: 'CLIENT-32', held: true },
    ]);
    expect(ofExpiry(judge.judge(institutions(token, answeredAt + seconds(60))))).toEqual([
      { requirement: 'CLIENT-32', held: true },
    ]);
    expect(ofExpiry(judge.judge(institutions(token, answeredAt + seconds(60) + 1)))[0]?.held).toBe(false);
  });

  it('a client that asks again in time and uses the new token is clean; the old token, used late, is not', () => {
    const judge = new ClientJudge();
    const fresh = 'tok-0a1b2c3d4e5f60718293';
    judge.judge(tokenAnswer(token, 60, answeredAt));
    judge.judge(tokenAnswer(fresh, 60, answeredAt + seconds(55)));
    expect(broken(judge.judge(institutions(fresh, answeredAt + seconds(100))))).toEqual([]);
    expect(ofExpiry(judge.judge(institutions(fresh, answeredAt + seconds(100))))).toHaveLength(1);
    expect(
      broken(judge.judge(institutions(token, answeredAt + seconds(100)))).map((j) => j.requirement),
    ).toEqual(['CLIENT-32']);
  });

  it('judges a token handed out again by its last answer', () => {
    const judge = new ClientJudge();
    judge.judge(tokenAnswer(token, 60, answeredAt));
    judge.judge(tokenAnswer(token, 60, answeredAt + seconds(50)));
    expect(broken(judge.judge(institutions(token, answeredAt + seconds(100))))).toEqual([]);
  });

  it('judges nothing of a token it never saw issued, nor of one whose answer was no token answer', () => {
    const judge = new ClientJudge();
    const unjudged = [
      // refused: no token was issued
      {
        ...tokenAnswer('tok-refused-000000', 1, answeredAt),
        answer: {
          status: 400,
          at: answeredAt,
          json: () => ({ access_token: 'tok-refused-000000', expires_in: 1 }),
        },
      },
      // no expires_in, or not a number: the server's failure, no lifetime to hold the client to
      {
        ...tokenAnswer('tok-no-lifetime-00', 1, answeredAt),
        answer: { status: 200, at: answeredAt, json: () => ({ access_token: 'tok-no-lifetime-00' }) },
      },
      {
        ...tokenAnswer('tok-text-lifetime', 1, answeredAt),
        answer: {
          status: 200,
          at: answeredAt,
          json: () => ({ access_token: 'tok-text-lifetime', expires_in: '1' }),
        },
      },
      // not the token endpoint
      { ...tokenAnswer('tok-elsewhere-0000', 1, answeredAt), request: conformantRequests.createUser },
    ];
    for (const exchange of unjudged) judge.judge(exchange);
    for (const bearer of [
      'tok-never-issued-0',
      'tok-refused-000000',
      'tok-no-lifetime-00',
      'tok-text-lifetime',
      'tok-elsewhere-0000',
    ])
      expect(ofExpiry(judge.judge(institutions(bearer, answeredAt + seconds(3600)))), bearer).toEqual([]);
  });

  it('judges the token request itself by no lifetime, whatever its Authorization', () => {
    const judge = new ClientJudge();
    judge.judge(tokenAnswer(token, 1, answeredAt));
    const late = {
      ...tokenRequest({ 'service-version': '2.0' }),
      headers: { ...tokenRequest({}).headers, 'service-version': '2.0', authorization: `Bearer ${token}` },
    };
    expect(ofExpiry(judge.judge({ request: late, receivedAt: answeredAt + seconds(10) }))).toEqual([]);
  });
});

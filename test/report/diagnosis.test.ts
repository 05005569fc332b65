import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/http/exchange.ts';
import { diagnosisOf, minJudgedChecks, otherOriginChecks } from '../../src/report/diagnosis.ts';
import type { CheckResult } from '../../src/report/model.ts';

const base = 'https://fds.example';

function exchange(
  answer: { status?: number; failure?: string; text?: string },
  credential?: string,
): Exchange {
  return {
    request: {
      method: 'GET',
      url: `${base}/institutions`,
      headers: {},
      ...(credential ? { credential: credential as 'token' } : {}),
    },
    ...(answer.status !== undefined
      ? {
          response: {
            status: answer.status,
            headers: {},
            body: undefined,
            text: answer.text ?? '',
            durationMs: 1,
          },
        }
      : {}),
    ...(answer.failure ? { failure: answer.failure } : {}),
    retries: [],
  };
}

const passed = (n: number): CheckResult[] =>
  Array.from({ length: n }, (_, i) => ({
    name: `passed ${i}`,
    file: 'f',
    requirements: [],
    state: 'passed',
    durationMs: 1,
  }));

const failed = (n: number, evidence: Exchange): CheckResult[] =>
  Array.from({ length: n }, (_, i) => ({
    name: `failed ${i}`,
    file: 'f',
    requirements: [],
    state: 'failed',
    message: 'failed',
    failure: { exchange: evidence },
    durationMs: 1,
  }));

describe('the diagnosis of the setup', () => {
  it('names time-outs when more than half of the judged checks ended on one', () => {
    const checks = [...passed(5), ...failed(6, exchange({ failure: 'no complete answer within 10000 ms' }))];
    expect(diagnosisOf(checks, base)).toMatchObject({
      kind: 'timeouts',
      line: expect.stringMatching(/^6 of 11 checks ended without an answer in time .*--timeout-ms$/),
    });
  });

  it('says nothing when half or fewer did, or when too few checks were judged', () => {
    expect(diagnosisOf([...passed(6), ...failed(6, exchange({ status: 503 }))], base)).toBeUndefined();
    expect(diagnosisOf(failed(minJudgedChecks - 1, exchange({ status: 503 })), base)).toBeUndefined();
  });

  it("counts refusals of the run's own credentials, never of a probe malformed on purpose", () => {
    expect(diagnosisOf(failed(12, exchange({ status: 401 }, 'probe')), base)).toBeUndefined();
    expect(diagnosisOf(failed(12, exchange({ status: 401 })), base)).toBeUndefined();
    expect(diagnosisOf(failed(12, exchange({ status: 403 }, 'token')), base)?.kind).toBe('auth-refused');
    expect(
      diagnosisOf(
        failed(12, exchange({ status: 400, text: '{"errors":[{"code":"invalid-grant"}]}' }, 'api-key')),
        base,
      )?.line,
    ).toMatch(/\(400 invalid-grant most often\): check FDS_API_KEY/);
  });

  it('names links to another origin from a few checks, naming the origin', () => {
    const link = exchange({ failure: 'refused to follow a link to another origin (http://internal:8080)' });
    expect(diagnosisOf([...passed(30), ...failed(otherOriginChecks - 1, link)], base)).toBeUndefined();
    expect(diagnosisOf([...passed(30), ...failed(otherOriginChecks, link)], base)).toMatchObject({
      kind: 'other-origin',
      line: expect.stringContaining('a link to another origin (http://internal:8080) than the target'),
    });
  });
});

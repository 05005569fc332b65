import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { curlOf, evidenceOf, type Exchange } from '../../src/http/exchange.ts';
import { Secrets } from '../../src/http/secrets.ts';
import { failureLines } from '../../src/report/console-lines.ts';
import { answerSummary, requestSummary } from '../../src/report/exchange-summary.ts';
import { escape } from '../../src/report/escape.ts';
import { reportHtml } from '../../src/report/html.ts';
import { reportMarkdown } from '../../src/report/markdown.ts';
import type { RequirementFailure, RequirementResult } from '../../src/report/model.ts';
import type { Report } from '../../src/report/report.ts';
import { reproductionOf } from '../../src/report/reproduction.ts';
import { ownServer } from '../support/own-server.ts';
import { sample } from './fixture-report.ts';

const target = 'https://staging.example.com/api';
const onTarget: Report = {
  ...sample.report,
  target: { baseUrl: target, embeddedMock: false, version: '2.0' },
};
const onTheMock: Report = { ...onTarget, target: { ...onTarget.target, embeddedMock: true } };

// What decides comes last in a detail, after words a cut would otherwise keep.
const why = 'the expression country.eq has no closing parenthesis';
const refusal = {
  type: 'list',
  correlationId: '3f1c0a52-0000-4000-8000-000000000000',
  data: [
    {
      type: 'error',
      code: 'parameter-not-valid',
      title: 'Invalid parameter',
      detail: `${'The filter could not be read: '.repeat(3)}\n${why}`,
      source: { parameter: 'filter' },
    },
  ],
};

function exchange(request: Partial<Exchange['request']>, status: number, text: string): Exchange {
  return {
    request: {
      method: 'GET',
      url: `${target}/institutions`,
      headers: { authorization: 'Bearer ***', 'service-version': '2.0' },
      credential: 'token',
      ...request,
    },
    response: { status, headers: {}, body: undefined, text, durationMs: 4 },
    retries: [],
  };
}

const listRefused = exchange(
  { url: `${target}/institutions?filter=${encodeURIComponent("country.eq('AU'")}&limit=5` },
  400,
  JSON.stringify(refusal),
);
const failure: RequirementFailure = {
  check: 'GET /institutions with an eq filter answers the institutions of that country',
  message: `GET /institutions?filter=…: expected status 200, got 400 ${JSON.stringify(refusal).slice(0, 60)}…`,
  exchange: listRefused,
  curl: curlOf(listRefused),
};

// A transaction lost where page 1 of a walk gives way to page 2: the evidence is page 2, led to by page 1.
const firstPage = exchange({ url: `${target}/transactions?limit=2` }, 200, '{"type":"list"}');
const secondPage = exchange({ url: `${target}/transactions?limit=2&next=Mg` }, 200, '{"type":"list"}');
const walkFailure: RequirementFailure = {
  check: 'A walk through all pages visits each transaction exactly once',
  message: 'the walk limit=2 lost 1 transaction(s) at page boundaries (after page 1)',
  exchange: secondPage,
  curl: curlOf(secondPage),
  before: { exchange: firstPage, curl: curlOf(firstPage) },
};

describe('a failure summed up for a person', () => {
  it('names the request with every query parameter, decoded', () => {
    expect(requestSummary(listRefused)).toBe("GET /api/institutions?filter=country.eq('AU'&limit=5");
  });

  it("names a write's body members, each value shortened; a form as sent", () => {
    const address = `${'a'.repeat(80)}@example.com`;
    const write = exchange(
      {
        method: 'POST',
        url: `${target}/users`,
        body: JSON.stringify({ email: address, name: 'Ann' }),
      },
      201,
      '{}',
    );
    expect(requestSummary(write)).toMatch(/^POST \/api\/users \{email: "a+…a+@example\.com", name: "Ann"\}$/);
    expect(requestSummary(write).length).toBeLessThan(80);
    const token = exchange({ method: 'POST', url: `${target}/token`, body: 'scope=SERVER_ACCESS' }, 200, '');
    expect(requestSummary(token)).toBe('POST /api/token scope=SERVER_ACCESS');
  });

  it("answers with each error's code, parameter and detail, its end whole, on one line", () => {
    const answer = answerSummary(listRefused);
    expect(answer).toMatch(/^400 parameter-not-valid \(filter\): The filter could not be read: /);
    expect(answer.endsWith(why)).toBe(true);
    expect(answer).not.toContain('\n');
  });

  it('answers with the start of any other body, and why nothing came when nothing did', () => {
    expect(answerSummary(exchange({}, 200, '{"type":"list","totalCount":"3"}'))).toBe(
      '200 {"type":"list","totalCount":"3"}',
    );
    expect(answerSummary(exchange({}, 502, `<html>${'x'.repeat(300)}`))).toMatch(/^502 <html>x+…$/);
    expect(answerSummary(exchange({}, 204, ''))).toBe('204 (empty body)');
    const { response: _none, ...unanswered } = exchange({}, 0, '');
    expect(answerSummary({ ...unanswered, failure: 'no answer within 10000 ms' })).toBe(
      'no answer: no answer within 10000 ms',
    );
  });
});

describe('what reproduces a failure', () => {
  it('against a target: the rerun as given, the token line, then the curl line carrying $FDS_TOKEN', () => {
    const given: Report = {
      ...onTarget,
      selection: { readOnly: true, profile: 'fds profile.json', selected: 257 },
    };
    expect(reproductionOf(given, 'INST-04', failure)).toEqual({
      request: requestSummary(listRefused),
      answer: answerSummary(listRefused),
      rerun: `npx fds-conformance --only INST-04 --seed ${onTarget.seed} --base-url '${target}' --profile 'fds profile.json' --read-only`,
      token: `export FDS_TOKEN="$(npx fds-conformance token --base-url '${target}' --profile 'fds profile.json')"`,
      curl: failure.curl,
    });
    expect(failure.curl).toContain('"Authorization: Bearer $FDS_TOKEN"');
  });

  it("replays a property's counter-example, and sets no token for a curl line carrying the key", () => {
    const tokenRequest = {
      ...failure,
      seed: 7,
      path: '3:1',
      curl: 'curl -H "Authorization: Basic $FDS_API_KEY"',
    };
    const reproduction = reproductionOf(onTarget, 'TOKEN-04', tokenRequest);
    expect(reproduction.rerun).toBe(
      `npx fds-conformance --only TOKEN-04 --seed 7 --path '3:1' --base-url '${target}'`,
    );
    expect(reproduction.token).toBeUndefined();
    expect(reproduction.curl).toBe(tokenRequest.curl);
  });

  it('a finding between two requests: the curl line of the request before it, just ahead of its own', () => {
    const reproduction = reproductionOf(onTarget, 'AFFORD-11', walkFailure);
    expect(Object.keys(reproduction)).toEqual(['request', 'answer', 'rerun', 'token', 'before', 'curl']);
    expect(reproduction.before).toBe(walkFailure.before?.curl);
    expect(reproduction.curl).toBe(walkFailure.curl);
    expect(reproduction.request).toBe(requestSummary(secondPage));
    expect(reproductionOf(onTheMock, 'AFFORD-11', walkFailure)).not.toHaveProperty('before');
  });

  it('on the embedded mock, which stopped with its run: the rerun alone reaches it, no curl line', () => {
    const reproduction = reproductionOf(
      { ...onTheMock, selection: { readOnly: false, profile: 'ignored.json', selected: 257 } },
      'INST-04',
      failure,
    );
    expect(reproduction.rerun).toBe(`npx fds-conformance --only INST-04 --seed ${onTarget.seed}`);
    expect(reproduction).not.toHaveProperty('curl');
    expect(reproduction).not.toHaveProperty('token');
  });
});

describe('a curl line of a write whose body carries a credential', () => {
  // A password with what the shell and JSON read: a quote of each kind, a dollar, a space.
  const password = `it's "my" $pass word`;
  const securityCode = 'fds-run-security-code';
  const sent: Exchange = {
    request: {
      method: 'POST',
      url: `${target}/users/u-1/connections/c-1`,
      headers: { 'content-type': 'application/json', authorization: 'Bearer the-token-5521' },
      credential: 'token',
      body: JSON.stringify({ password, securityCode, note: "it's kept" }),
    },
    retries: [],
  };
  const secrets = new Secrets();
  for (const secret of [password, securityCode, 'the-token-5521']) secrets.add(secret);
  const curl = curlOf(evidenceOf(sent, secrets));

  it('sends each masked credential as its shell variable, the rest of the body as it was', () => {
    expect(curl).toContain(
      `--data-raw '{"password":"'"$FDS_CONNECTION_PASSWORD"'","securityCode":"'"$FDS_SECURITY_CODE"'","note":"it'\\''s kept"}'`,
    );
    expect(curl).not.toContain('***');
    const reproduction = reproductionOf(onTarget, 'CONN-45', { ...failure, curl });
    expect(reproduction.set).toBe(
      "FDS_CONNECTION_PASSWORD to the connection's password (the profile's fixtures.connectionPassword), FDS_SECURITY_CODE to a security code; the run's own values are not written",
    );
    expect(Object.keys(reproduction)).toEqual(['request', 'answer', 'rerun', 'token', 'set', 'curl']);
    expect(reproductionOf(onTarget, 'INST-04', failure)).not.toHaveProperty('set');
  });

  it.skipIf(spawnSync('curl', ['--version']).status !== 0)(
    'runs as copied: with the variables set, the request carries the credentials (needs curl)',
    async () => {
      let received = '';
      const server = await ownServer((req, res) => {
        req.setEncoding('utf8');
        req.on('data', (chunk: string) => (received += chunk));
        req.on('end', () => res.end('{}'));
      });
      try {
        const line = curl.replace(target, server.url);
        await promisify(execFile)('sh', ['-c', line], {
          env: {
            ...process.env,
            FDS_TOKEN: 't',
            FDS_CONNECTION_PASSWORD: "pass'word",
            FDS_SECURITY_CODE: '4321',
          },
        });
        expect(JSON.parse(received)).toEqual({
          password: "pass'word",
          securityCode: '4321',
          note: "it's kept",
        });
      } finally {
        await server.close();
      }
    },
  );
});

const failed: RequirementResult = {
  id: 'INST-04',
  level: 'MUST',
  group: 'institutions',
  title: 'eq filters',
  specRef: 'Endpoints',
  status: 'failed',
  checks: [failure.check],
  failures: [failure],
};
const withFailure: Report = {
  ...onTarget,
  requirements: onTarget.requirements.map((r) => (r.id === 'INST-04' ? failed : r)),
};

describe('each view gives the reproduction under the failure', () => {
  it('console: the finding, then a labelled line each, none cut', () => {
    const report: Report = { ...onTarget, selection: { readOnly: false, profile: 'p.json', selected: 257 } };
    const lines = failureLines('FAILED', failed, report);
    const reproduction = reproductionOf(report, 'INST-04', failure);
    expect(reproduction.rerun).toContain("--profile 'p.json'");
    expect(lines.slice(-5)).toEqual([
      `      request: ${reproduction.request}`,
      `      answer:  ${reproduction.answer}`,
      `      rerun:   ${reproduction.rerun}`,
      `      token:   ${reproduction.token}`,
      `      curl:    ${reproduction.curl}`,
    ]);
  });

  it('report.md: one shell block, the request and the answer as comments above the commands', () => {
    const markdown = reportMarkdown(withFailure, { ...sample.verdict, blocking: ['INST-04'] });
    const { request, answer, rerun, token, curl } = reproductionOf(withFailure, 'INST-04', failure);
    const block = [
      '<details><summary>INST-04: reproduce it</summary>',
      '',
      'With `FDS_API_KEY` set as for the run (no report records the key):',
      '',
      '```sh',
      `# request: ${request}`,
      `# answer:  ${answer}`,
      rerun,
      token,
      curl,
      '```',
    ].join('\n');
    expect(markdown).toContain(block);
  });

  it('console, report.md and report.html: the pair of curl lines of a finding between two requests, in turn', () => {
    const walked: RequirementResult = {
      ...failed,
      id: 'AFFORD-11',
      group: 'affordability',
      checks: [walkFailure.check],
      failures: [walkFailure],
    };
    const report: Report = { ...onTarget, requirements: [...onTarget.requirements, walked] };
    const before = walkFailure.before?.curl ?? '';
    const curl = walkFailure.curl ?? '';
    expect(failureLines('FAILED', walked, report).slice(-2)).toEqual([
      `      before:  ${before}`,
      `      curl:    ${curl}`,
    ]);
    const markdown = reportMarkdown(report, { ...sample.verdict, blocking: ['AFFORD-11'] });
    expect(markdown).toContain(`\n# the request before it, then the request itself:\n${before}\n${curl}\n`);
    const html = reportHtml(report);
    const at = html.indexOf(`<pre class="curl">${escape(before)}</pre>`);
    expect(at).toBeGreaterThan(-1);
    expect(html.indexOf(`<pre class="curl">${escape(curl)}</pre>`, at)).toBeGreaterThan(at);
    expect(html).toContain('<p>The exchange before it:</p>');
  });

  it('report.md: a fence longer than any backtick run the target sent', () => {
    const ticked = exchange({}, 400, JSON.stringify({ ...refusal, data: [{ code: '```rm```' }] }));
    const report: Report = {
      ...withFailure,
      requirements: withFailure.requirements.map((r) =>
        r.id === 'INST-04' ? { ...failed, failures: [{ ...failure, exchange: ticked }] } : r,
      ),
    };
    const markdown = reportMarkdown(report, sample.verdict);
    expect(markdown).toContain('````sh\n');
    expect(markdown).toContain('# answer:  400 ```rm```\n');
  });

  it('report.html: the token command in its own block, before the curl line it serves', () => {
    const html = reportHtml(withFailure);
    const token = reproductionOf(withFailure, 'INST-04', failure).token ?? '';
    const at = html.indexOf(
      `<pre class="token">${token.replaceAll('"', '&#34;').replaceAll("'", '&#39;')}</pre>`,
    );
    expect(at).toBeGreaterThan(-1);
    expect(html.indexOf('<pre class="curl">curl', at)).toBeGreaterThan(at);
    // The sample's TOKEN-04 curl line carries the key, not a token: no token line before it.
    expect(reportHtml(sample.report).match(/<pre class="token">/g)).toBeNull();
  });
});

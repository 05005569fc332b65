import { appendFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { escape } from '../src/report/escape.ts';
import { Output } from '../src/output.ts';
import type { CheckResult } from '../src/report/model.ts';
import { writtenLeaks, type WrittenRun } from './harness/written-secrets.ts';

/**
 * Secrets are masked where output is written (src/output.ts), whatever message path carries them: a run
 * whose every message path holds a credential, in every form, writes none, and the scan that the fault
 * matrix runs on every run (test/harness/written-secrets.ts) finds each writer left unmasked.
 */

// Credentials with what each form writes otherwise: JSON, URLs, HTML and markdown cells, base64's padding.
const apiKey = 'run-key+/"9931&<';
const expiryKey = 'expiry-key|5521';
const password = `it's "my" pass word`;
const token = 'cf82c7358771491a8278a194d9fb8a97aa56a374cf5d44fdafa099eec9c5f7aa';
const securityCode = 'fds-run-security-code';

const base64 = (text: string) => Buffer.from(text).toString('base64');

/** A message that quotes every credential on its way, as a careless check or a target's echo would. */
const quoting = [
  `200 ${JSON.stringify({ access_token: token, expires_in: '3600' })}`,
  `sent Authorization: Basic ${base64(`${apiKey}:`)} and ${base64(expiryKey)}`,
  `a link ${encodeURIComponent(`Bearer ${token}`)}&p=${encodeURIComponent(password)}`,
  `an echo <b>${escape(password)}</b> | ${expiryKey} | ${securityCode}`,
  `and a preview cut short {"access_token":"${token.slice(0, 40)}…`,
].join('\n');

const failed: CheckResult = {
  name: 'A freshly issued token reports a positive expires_in',
  file: 'suites/token/issue.check.ts',
  requirements: ['TOKEN-05'],
  state: 'failed',
  message: quoting,
  durationMs: 3,
  failure: {
    requirements: ['TOKEN-05'],
    exchange: {
      request: {
        method: 'POST',
        url: `https://staging.example.com/api/users/u/connections/c?token=${token}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ password, securityCode }),
        credential: 'token',
      },
      response: { status: 200, headers: { 'x-echo': apiKey }, body: undefined, text: quoting, durationMs: 2 },
      retries: [],
    },
    curl: `curl -H "Authorization: Bearer ${token}" --data-raw '${JSON.stringify({ password })}'`,
  },
};

/** The path of Why item 2 of issue 39: a check not exercised, whose reason quotes the token response. */
const notExercised: CheckResult = {
  name: "A token of the run's own key that reports a short life is refused once its expires_in seconds have passed",
  file: 'suites/auth/expiry.check.ts',
  requirements: ['AUTH-09'],
  state: 'not-exercised',
  message: `POST /token gave no token with a positive expires_in: ${quoting}`,
  durationMs: 1,
};

const run: WrittenRun = {
  profile: {
    baseUrl: 'https://staging.example.com/api',
    apiKey,
    version: '2.0',
    versionHeader: 'service-version',
    tokenExpiry: { apiKey: expiryKey, maxWaitSeconds: 10 },
    readOnly: false,
    fixtures: { userId: 'u', connectionId: 'c', connectionPassword: password },
  },
  checks: [failed, notExercised],
  errors: [`a suite error quoting ${token}`],
  // The token and the security code reach the writers from the workers, as sealed meta does.
  secrets: [token, securityCode],
  issued: [token],
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('what a run writes', () => {
  it('holds no credential, though every message path quotes each one in every form', () => {
    expect(writtenLeaks(run)).toEqual([]);
  });

  // Each writer of src/output.ts in turn writes what it is given as given: the scan names what it wrote.
  const unmasked = {
    'report.json': () => spyOnFile('report.json'),
    'report.md': () => spyOnFile('report.md'),
    'report.html': () => spyOnFile('report.html'),
    'junit.xml': () => spyOnFile('junit.xml'),
    'checks.json': () => spyOnFile('checks.json'),
    'the job summary': () =>
      vi.spyOn(Output.prototype, 'append').mockImplementation((path, text) => appendFileSync(path, text)),
    'the console': () =>
      vi.spyOn(Output.prototype, 'stdout').mockImplementation(function (this: Output, line: string) {
        this.askedFor(line);
      }),
  };

  it.each(Object.entries(unmasked))(
    'is found holding credentials when %s is written unmasked',
    (writer, leave) => {
      leave();
      const leaks = writtenLeaks(run);
      const where = writer === 'the job summary' ? 'summary.md' : writer;
      expect(leaks.length).toBeGreaterThan(0);
      expect(leaks.filter((leak) => !leak.replace(/^out\//, '').startsWith(`${where}: `))).toEqual([]);
    },
  );
});

/** Output.file, writing one file of the report folder as given. */
function spyOnFile(name: string) {
  const masked = Output.prototype.file;
  return vi.spyOn(Output.prototype, 'file').mockImplementation(function (this: Output, path, text) {
    if (basename(path) === name) writeFileSync(path, text);
    else masked.call(this, path, text);
  });
}

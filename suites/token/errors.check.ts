import type { Exchange } from '../../src/client/exchange.ts';
import { unsupportedScope } from '../../src/checks/arbitraries/token.ts';
import { check, NotExercised } from '../../src/checks/check.ts';
import { describeAnswer, describeRequest, Finding } from '../../src/checks/findings.ts';
import { forAll } from '../../src/checks/property.ts';
import { runSettings } from '../../src/checks/run-context.ts';
import {
  apiKey,
  errorCodes,
  expectRefusal,
  issuedTokens,
  sendTokenRequest,
  tokenExchangesSeen,
  tokenRefusals,
  watchTokenEndpoint,
} from './token-requests.ts';

/** The token error table (spec: Errors; Versioning), row by row, as far as a client can provoke it. */

watchTokenEndpoint();

check(
  'POST /token naming an older, no longer supported version is refused with 400 parameter-not-valid',
  ['TOKEN-09'],
  async () => {
    const { oldVersion } = await tokenRefusals();
    if (!oldVersion) throw new NotExercised('the profile names no unsupportedVersion');
    const { versionHeader, unsupportedVersion } = runSettings().profile;
    expectRefusal(oldVersion, {
      what: `${versionHeader}: ${unsupportedVersion ?? ''}`,
      status: [400],
      code: ['parameter-not-valid'],
    });
  },
  { needs: ['unsupportedVersion'] },
);

check(
  'POST /token without an Authorization header is refused with 400 parameter-not-valid',
  ['TOKEN-10'],
  async () => {
    const { noAuthorization } = await tokenRefusals();
    expectRefusal(noAuthorization, {
      what: 'no Authorization header',
      status: [400],
      code: ['parameter-not-valid'],
    });
  },
);

// The malformed header is also a "malformed request" of the invalid-request row: either code will do.
check(
  'POST /token with the API key under the Bearer scheme instead of Basic is refused with 400',
  ['TOKEN-11'],
  async () => {
    const { otherScheme } = await tokenRefusals();
    expectRefusal(otherScheme, {
      what: 'Authorization: Bearer <API_KEY>',
      status: [400],
      code: ['parameter-not-valid', 'invalid-request'],
    });
  },
);

check(
  'POST /token with "Authorization: Basic" and no key after it is refused with 400',
  ['TOKEN-11'],
  async () => {
    const { emptyBasic } = await tokenRefusals();
    expectRefusal(emptyBasic, {
      what: 'Authorization: Basic, with no key',
      status: [400],
      code: ['parameter-not-valid', 'invalid-request'],
    });
  },
);

// The parameter-not-valid row ("Authorization header parameter … invalid") overlaps invalid-grant here.
check('POST /token with an unknown API key is refused with 400 invalid-grant', ['TOKEN-12'], async () => {
  const { unknownKey } = await tokenRefusals();
  expectRefusal(unknownKey, {
    what: 'an API key nobody issued',
    status: [400],
    code: ['invalid-grant', 'parameter-not-valid'],
  });
});

check(
  'POST /token without the scope parameter is refused with 400 invalid-request',
  ['TOKEN-13'],
  async () => {
    const { noScope } = await tokenRefusals();
    expectRefusal(noScope, { what: 'an empty form, no scope', status: [400], code: ['invalid-request'] });
  },
);

check(
  `POST /token with a scope other than SERVER_ACCESS or CLIENT_ACCESS is refused with 400 invalid-request`,
  ['TOKEN-14'],
  async () => {
    const { otherScope } = await tokenRefusals();
    expectRefusal(otherScope, {
      what: 'scope FULL_ACCESS',
      status: [400],
      code: ['invalid-request'],
    });
  },
);

check(
  'POST /token refuses every scope value the spec does not name with 400 invalid-request (property)',
  ['TOKEN-14'],
  async () => {
    const basic = `Basic ${apiKey()}`;
    await forAll(unsupportedScope, async (scope) => {
      const exchange = await sendTokenRequest({
        authorization: basic,
        credential: 'api-key',
        form: { scope },
      });
      expectRefusal(exchange, { what: `scope ${scope}`, status: [400], code: ['invalid-request'] });
    });
  },
);

check(
  'POST /token with a JSON body instead of the form body is refused with 400 invalid-request',
  ['TOKEN-15'],
  async () => {
    const { jsonBody } = await tokenRefusals();
    expectRefusal(jsonBody, {
      what: 'a JSON body {"scope":"SERVER_ACCESS"}',
      status: [400],
      code: ['invalid-request'],
    });
  },
);

check(
  'POST /token with an unsupported grant_type is refused with 400 unsupported-grant-type',
  ['TOKEN-16'],
  async () => {
    const { grantType } = await tokenRefusals();
    expectRefusal(grantType, {
      what: 'grant_type urn:fds-conformance:unsupported-grant-type',
      status: [400],
      code: ['unsupported-grant-type'],
    });
  },
);

// ---------------------------------------------------------------------------------------------------
// Rows that only show when they happen: judged on every token-endpoint answer this run has seen.

/** Every token exchange seen so far, after this file's own requests have come back. */
async function everyTokenAnswer(): Promise<Exchange[]> {
  await Promise.allSettled([tokenRefusals(), issuedTokens()]);
  return tokenExchangesSeen().filter((exchange) => exchange.response !== undefined);
}

function observedRow(id: string, status: number, code: string, condition: string): void {
  check(
    `Any ${status} from POST /token carries code ${code} (${condition}; judged when seen)`,
    [id],
    async () => {
      const answers = await everyTokenAnswer();
      const withStatus = answers.filter((exchange) => exchange.response?.status === status);
      if (withStatus.length === 0) {
        throw new NotExercised(
          `the token endpoint gave no ${status} in ${answers.length} answers (${condition} cannot be provoked)`,
        );
      }
      const wrong = withStatus.find((exchange) => !errorCodes(exchange.response?.body).includes(code));
      if (wrong) {
        const codes = errorCodes(wrong.response?.body);
        throw new Finding(
          `${describeRequest(wrong)}: a ${status} from the token endpoint must carry code ${code} (${condition}), got ${
            codes.length > 0 ? `code ${codes.join(', ')}` : `no code: ${describeAnswer(wrong)}`
          }`,
          wrong,
        );
      }
    },
  );
}

observedRow('TOKEN-17', 403, 'access-denied', 'partner account temporarily disabled');
observedRow('TOKEN-18', 404, 'parameter-not-valid', 'partner account deleted');
observedRow('TOKEN-19', 500, 'internal-server-error', 'unexpected condition');

check(
  'POST /token never answers with code unauthorized-client (no longer returned)',
  ['TOKEN-20'],
  async () => {
    const answers = await everyTokenAnswer();
    const retired = answers.find((exchange) =>
      errorCodes(exchange.response?.body).includes('unauthorized-client'),
    );
    if (retired) {
      throw new Finding(
        `${describeRequest(retired)}: the code unauthorized-client is no longer returned, got ${describeAnswer(retired)}`,
        retired,
      );
    }
  },
);

check(
  'POST /token never answers with code invalid-client nor status 401 (no longer returned)',
  ['TOKEN-21'],
  async () => {
    const answers = await everyTokenAnswer();
    const retired = answers.find(
      (exchange) =>
        exchange.response?.status === 401 || errorCodes(exchange.response?.body).includes('invalid-client'),
    );
    if (retired) {
      throw new Finding(
        `${describeRequest(retired)}: invalid-client (401) is no longer returned, got ${describeAnswer(retired)}`,
        retired,
      );
    }
  },
);

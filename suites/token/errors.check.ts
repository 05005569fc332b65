import type { Exchange } from '../../src/http/exchange.ts';
import fc from 'fast-check';
import { scopeCaseVariant, unsupportedScope } from '../../src/checks/arbitraries/token.ts';
import { check, NotExercised } from '../../src/checks/check.ts';
import { errorCodes } from '../../src/checks/error-body.ts';
import { describeAnswer, describeRequest, Failure } from '../../src/checks/failures.ts';
import { forAll } from '../../src/checks/property.ts';
import { runSettings } from '../../src/checks/run-context.ts';
import {
  apiKey,
  issuedTokens,
  sendTokenRequest,
  tokenExchangesSeen,
  tokenRefusals,
  truncatedJson,
  unnamedScope,
  watchTokenEndpoint,
} from '../shared/token.ts';
import { expectRefusal } from '../shared/refusals.ts';
import {
  accessDeniedWhenDisabled,
  internalServerErrorWhenUnexpected,
  noInvalidClient,
  noUnauthorizedClient,
  parameterNotValidWhenDeleted,
  tokenErrorRows,
} from '../../src/rules/token.ts';
import { reasonOf, type Verdict } from '../../src/rules/verdict.ts';
import { expectRefusalOrToken } from './support.ts';

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
    // The other scope too: a version is retired whatever the scope asked.
    const client = await sendTokenRequest({
      authorization: `Basic ${apiKey()}`,
      credential: 'api-key',
      version: unsupportedVersion ?? '',
      form: { scope: 'CLIENT_ACCESS' },
    });
    expectRefusal(client, {
      what: `${versionHeader}: ${unsupportedVersion ?? ''} with scope CLIENT_ACCESS`,
      status: [400],
      code: ['parameter-not-valid'],
    });
  },
  { needs: ['unsupportedVersion'] },
);

// Two rows fit: "Authorization header parameter required" and "required parameter missing".
check(
  'POST /token without an Authorization header is refused with 400 parameter-not-valid or invalid-request',
  ['TOKEN-10'],
  async () => {
    const { noAuthorization } = await tokenRefusals();
    expectRefusal(noAuthorization, {
      what: 'no Authorization header',
      status: [400],
      code: ['parameter-not-valid', 'invalid-request'],
    });
  },
);

// The malformed header is also a "malformed request" of the invalid-request row, and a header without a
// usable key an invalid grant: any of the three codes will do, the 400 is held (AMB-TOKEN-04).
check(
  'POST /token with the API key under the Bearer scheme instead of Basic is refused with 400',
  ['TOKEN-11'],
  async () => {
    const { otherScheme } = await tokenRefusals();
    expectRefusal(otherScheme, {
      what: 'Authorization: Bearer <API_KEY>',
      status: [400],
      code: ['parameter-not-valid', 'invalid-request', 'invalid-grant'],
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
      code: ['parameter-not-valid', 'invalid-request', 'invalid-grant'],
    });
  },
);

/** Rows of the token table, each a status and the codes it may carry there. */
type Rows = readonly { status: number; code: readonly string[] }[];

/**
 * Three rows fit a key the service does not know (AMB-TOKEN-02): invalid-grant, parameter-not-valid 400
 * ("Authorization header parameter … invalid") and parameter-not-valid 404 ("partner account deleted": the
 * key names no partner account).
 */
const unknownKeyRows: Rows = [
  { status: 400, code: ['invalid-grant', 'parameter-not-valid'] },
  { status: 404, code: ['parameter-not-valid'] },
];

/** A refusal by one of the rows: the row of the answer's status, whose codes it must carry. */
function expectRefusalByRow(exchange: Exchange, what: string, rows: Rows): void {
  const row = rows.find(({ status }) => status === exchange.response?.status) ?? rows[0];
  expectRefusal(exchange, {
    what,
    status: rows.map(({ status }) => status),
    code: row?.code ?? [],
  });
}

check(
  'POST /token with an unknown API key is refused with 400 invalid-grant or parameter-not-valid, or 404 parameter-not-valid',
  ['TOKEN-12'],
  async () => {
    const { unknownKey } = await tokenRefusals();
    expectRefusalByRow(unknownKey, 'an API key nobody issued', unknownKeyRows);
  },
);

// A partner account's state is no client's to change: the profile names keys of partners in that state.
// Where the service keeps no partner state beside its keys, such a key is one it does not know
// (AMB-TOKEN-10, AMB-TOKEN-11): its rows are accepted too. A 5xx is ERR-11's as well (auth/error-list).
check(
  "POST /token with a temporarily disabled partner's API key is refused with 403 access-denied, or as a key the service does not know",
  ['TOKEN-17'],
  async () => {
    const { disabledPartner } = await tokenRefusals();
    const { status, code } = tokenErrorRows['TOKEN-17'];
    // The check needs the key, so its request was sent.
    expectRefusalByRow(disabledPartner as Exchange, "a disabled partner's API key", [
      { status, code: [code] },
      ...unknownKeyRows,
    ]);
  },
  { needs: ['disabledPartnerApiKey'] },
);

check(
  "POST /token with a deleted partner's API key is refused with 404 parameter-not-valid, or as a key the service does not know",
  ['TOKEN-18'],
  async () => {
    const { deletedPartner } = await tokenRefusals();
    // The check needs the key, so its request was sent.
    expectRefusalByRow(deletedPartner as Exchange, "a deleted partner's API key", unknownKeyRows);
  },
  { needs: ['deletedPartnerApiKey'] },
);

// Scope is never marked required: a service may give it a default.
check(
  'POST /token without the scope parameter is refused with 400 invalid-request, or answered 200 with a token',
  ['TOKEN-13'],
  async () => {
    const { noScope } = await tokenRefusals();
    expectRefusalOrToken(noScope, {
      what: 'an empty form, no scope',
      status: [400],
      code: ['invalid-request'],
    });
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
    // A named scope with more after it: a service matching scopes by prefix takes it for the scope named.
    // Why invalid under every reading: neither is one of the two values, in any letter case.
    for (const value of ['SERVER_ACCESS_ADMIN', 'CLIENT_ACCESS_EXTRA']) {
      const exchange = await sendTokenRequest({
        authorization: `Basic ${apiKey()}`,
        credential: 'api-key',
        form: { scope: value },
      });
      expectRefusal(exchange, { what: `scope ${value}`, status: [400], code: ['invalid-request'] });
    }
  },
);

check(
  'POST /token refuses every scope value the spec does not name with 400 invalid-request, and refuses or honours a named scope in another letter case (property)',
  ['TOKEN-14'],
  async () => {
    const basic = `Basic ${apiKey()}`;
    const scope = fc.oneof(
      unsupportedScope.map((value) => ({ value, caseVariant: false })),
      scopeCaseVariant.map((value) => ({ value, caseVariant: true })),
    );
    await forAll(scope, async ({ value, caseVariant }) => {
      const exchange = await sendTokenRequest({
        authorization: basic,
        credential: 'api-key',
        form: { scope: value },
      });
      const expected = { what: `scope ${value}`, status: [400], code: ['invalid-request'] };
      // Whether scopes match ignoring letter case is not said: a case variant may be read as its scope.
      if (caseVariant) expectRefusalOrToken(exchange, expected);
      else expectRefusal(exchange, expected);
    });
  },
);

// The client is told to send a form; a service may read JSON too, but then reads it like the form.
check(
  'POST /token with a JSON body instead of the form body is refused with 400 invalid-request, or answered 200 with a token',
  ['TOKEN-15'],
  async () => {
    const { jsonBody } = await tokenRefusals();
    expectRefusalOrToken(jsonBody, {
      what: 'a JSON body {"scope":"SERVER_ACCESS"}',
      status: [400],
      code: ['invalid-request'],
    });
  },
);

/**
 * A service that gives a missing scope its default and reads only the form sees no parameters in a body
 * of another type: for it such a body is an empty form, which it answers with a token (AMB-TOKEN-01, -05).
 */
function expectRefusalUnlessReadAsEmptyForm(
  exchange: Exchange,
  noScope: Exchange,
  expected: Parameters<typeof expectRefusal>[1],
): void {
  if (noScope.response?.status === 200) {
    expectRefusalOrToken(exchange, { ...expected, what: `${expected.what}; an empty form got a token` });
  } else expectRefusal(exchange, expected);
}

check(
  'POST /token with a JSON body naming a scope the spec does not name is refused with 400 invalid-request',
  ['TOKEN-15'],
  async () => {
    const { jsonOtherScope, noScope } = await tokenRefusals();
    expectRefusalUnlessReadAsEmptyForm(jsonOtherScope, noScope, {
      what: `a JSON body {"scope":"${unnamedScope}"}, refused as malformed or for its scope`,
      status: [400],
      code: ['invalid-request'],
    });
  },
);

check(
  'POST /token with a body that is not JSON at all under content type application/json is refused with 400 invalid-request',
  ['TOKEN-22'],
  async () => {
    const { notJson, noScope } = await tokenRefusals();
    expectRefusalUnlessReadAsEmptyForm(notJson, noScope, {
      what: `the body ${truncatedJson} under content-type: application/json`,
      status: [400],
      code: ['invalid-request'],
    });
  },
);

// The spec's token request names no grant type: a service may ignore the field or refuse it.
check(
  'POST /token with an unsupported grant_type is refused with 400 unsupported-grant-type (invalid-request where grant_type client_credentials is refused too), or answered 200 with a token',
  ['TOKEN-16'],
  async () => {
    const { grantType, supportedGrantType } = await tokenRefusals();
    // A service that takes grant_type client_credentials reads the field as the grant type, and the
    // table's invalid-request is for "unsupported parameter value (other than grant type)": its refusal
    // of another grant type is unsupported-grant-type. One that refuses the field whatever it names may
    // say invalid-request (AMB-TOKEN-07).
    const readsGrantType = supportedGrantType.response?.status === 200;
    expectRefusalOrToken(grantType, {
      what: 'grant_type urn:fds-conformance:unsupported-grant-type',
      status: [400],
      code: readsGrantType ? ['unsupported-grant-type'] : ['unsupported-grant-type', 'invalid-request'],
    });
  },
);

// The client is told to send the version header; whether the service requires it is not said.
check(
  'POST /token without the version header is answered 200 with a token, or refused with 400 parameter-not-valid or invalid-request',
  ['TOKEN-08'],
  async () => {
    const { noVersion } = await tokenRefusals();
    expectRefusalOrToken(noVersion, {
      what: `no ${runSettings().profile.versionHeader} header`,
      status: [400],
      code: ['parameter-not-valid', 'invalid-request'],
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

/** Fails where the rule is broken on an answer of the token endpoint: the first such answer, with its reason. */
function expectEveryAnswer(answers: Exchange[], rule: (status: number, codes: string[]) => Verdict): void {
  for (const exchange of answers) {
    const reason = reasonOf(rule(exchange.response?.status ?? 0, errorCodes(exchange.response?.body)));
    if (reason !== undefined)
      throw new Failure(`${describeRequest(exchange)}: ${reason}: ${describeAnswer(exchange)}`, exchange);
  }
}

/** The fixture whose key provokes a row; TOKEN-19's condition no client can provoke. */
const provokedBy = { 'TOKEN-17': 'disabledPartnerApiKey', 'TOKEN-18': 'deletedPartnerApiKey' } as const;

function observedRow(
  id: keyof typeof tokenErrorRows,
  rule: (status: number, codes: string[]) => Verdict,
): void {
  const { status, code, condition } = tokenErrorRows[id];
  check(
    `Any ${status} from POST /token carries code ${code} (${condition}; judged when seen)`,
    [id],
    async () => {
      const answers = await everyTokenAnswer();
      const withStatus = answers.filter((exchange) => exchange.response?.status === status);
      if (withStatus.length === 0) {
        const field = id === 'TOKEN-19' ? undefined : provokedBy[id];
        // A key given and answered by another row of its reading (AMB-TOKEN-10, -11) leaves the row unseen.
        const why =
          field === undefined
            ? `${condition} cannot be provoked`
            : runSettings().profile.fixtures[field]
              ? `${condition}: the fixtures.${field} given was answered by another row`
              : `${condition}: the profile gives no fixtures.${field} to provoke it`;
        throw new NotExercised(`the token endpoint gave no ${status} in ${answers.length} answers (${why})`);
      }
      expectEveryAnswer(withStatus, rule);
    },
  );
}

observedRow('TOKEN-17', accessDeniedWhenDisabled);
observedRow('TOKEN-18', parameterNotValidWhenDeleted);
observedRow('TOKEN-19', internalServerErrorWhenUnexpected);

check(
  'POST /token never answers with code unauthorized-client (no longer returned)',
  ['TOKEN-20'],
  async () => expectEveryAnswer(await everyTokenAnswer(), noUnauthorizedClient),
);

check(
  'POST /token never answers with code invalid-client nor status 401 (no longer returned)',
  ['TOKEN-21'],
  async () => expectEveryAnswer(await everyTokenAnswer(), noInvalidClient),
);

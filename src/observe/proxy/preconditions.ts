import { internationalMobile, isJsonMediaType } from '../clients/bodies.ts';
import { hasScheme } from '../clients/headers.ts';
import { readRequest, type ClientRequest } from '../clients/request.ts';
import type { ObservedRequest } from '../types.ts';
import { operations, type OperationName } from '../../operations/table.ts';
import { profileDefaults } from '../../profile/profile.ts';
import type { RequirementId } from '../../requirements/requirement-ids.generated.ts';

/**
 * What a request must be for its answer to count toward a requirement (issue 31). A requirement that
 * says "a request like this answers so" is observed to hold only on a request like this: a token request
 * without the version header that gets its token proves nothing of TOKEN-01, whose words ask for the header,
 * since a service may refuse that request (the level rule's point 2). So the operation's "answers with"
 * requirements (operation.ts, answersWithOf) ask for the request their words name: the operation's scheme
 * of authentication, its required parameters, its body's media type and the members their words give.
 * What the proxy cannot see (whether a key is valid, whether an id names anything) its 2xx shows.
 *
 * The other requirements the proxy credits need nothing beyond their operation, or check their condition
 * where they are judged: a rule of any answer of its kind (the schema's requirements, the error list's,
 * CONN-21, JOBS-06, INST-03, EXP-13, EXP-18, AFFORD-12, AFFORD-29, the token endpoint's codes), an identity
 * asked for (CONN-40, JOBS-03: the id in the path), or a condition on what was asked (ENRICH-15 without
 * accountType and amount, EXP-04 given a range, EXP-11 unless that very range was asked, AFFORD-06,
 * AFFORD-07 and AFFORD-09 by the limit, AFFORD-11 on a walk the proxy saw begin: success-rules.ts).
 */

type Members = Record<string, unknown>;

/** The request's JSON object body, or undefined for anything else (none, not JSON, not an object). */
function members(request: ClientRequest): Members | undefined {
  const body = request.json();
  if (body?.kind !== 'value') return undefined;
  const { value } = body;
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Members)
    : undefined;
}

/**
 * The operation as the spec tells a client to send it: the Authorization its scheme asks for, every
 * required query and header parameter with a value (the version header, enrich's q, institution and
 * country), a body under its media type. The version header goes under the name the service was
 * configured with (`versionHeader`), which the table writes as the default.
 */
function asSpecified(name: OperationName, request: ClientRequest, versionHeader: string): boolean {
  const operation = operations[name];
  if (!hasScheme(request.header('authorization'), operation.auth)) return false;
  for (const { name: parameter, in: where, required } of operation.parameters) {
    if (!required) continue;
    const header = parameter === profileDefaults.versionHeader ? versionHeader : parameter;
    const value = where === 'query' ? request.query.get(parameter) : request.header(header.toLowerCase());
    if (value === null || value === undefined || value.trim() === '') return false;
  }
  const body: string | undefined = 'body' in operation ? operation.body : undefined;
  if (body === 'form') return request.mediaType === 'application/x-www-form-urlencoded';
  if (body === 'json')
    return (
      request.mediaType !== undefined && isJsonMediaType(request.mediaType) && members(request) !== undefined
    );
  return true;
}

/** The token request's one scope. */
const scopeIs = (scope: string) => (request: ClientRequest) => {
  const scopes = new URLSearchParams(request.bodyText ?? '').getAll('scope');
  return scopes.length === 1 && scopes[0] === scope;
};

const nonEmpty = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const absent = (value: unknown) => value === undefined || value === null;
const email = (body: Members) => nonEmpty(body.email);
const mobile = (body: Members) => typeof body.mobile === 'string' && internationalMobile.test(body.mobile);

/** The body's members the requirement's words give; the body is a JSON object (asSpecified holds it). */
const bodyWith = (given: (body: Members) => boolean) => (request: ClientRequest) =>
  given(members(request) ?? {});

/** Beyond the operation as specified, what each "answers with" requirement's words ask of the request. */
const asked: Partial<
  Record<RequirementId, { operation: OperationName; holds?: (request: ClientRequest) => boolean }>
> = {
  // "with a valid API key as Basic credentials, the version header and scope SERVER_ACCESS in a form body"
  'TOKEN-01': { operation: 'issueToken', holds: scopeIs('SERVER_ACCESS') },
  // "also": the same request, with scope CLIENT_ACCESS
  'TOKEN-02': { operation: 'issueToken', holds: scopeIs('CLIENT_ACCESS') },
  // "with only an email"
  'USERS-01': { operation: 'createUser', holds: bodyWith((b) => email(b) && absent(b.mobile)) },
  // "with only a mobile number in international format"
  'USERS-02': { operation: 'createUser', holds: bodyWith((b) => mobile(b) && absent(b.email)) },
  // "accepts the optional firstName and lastName": strings, beside the email or mobile a user needs
  'USERS-06': {
    operation: 'createUser',
    holds: bodyWith(
      (b) =>
        (typeof b.firstName === 'string' || typeof b.lastName === 'string') &&
        [b.firstName, b.lastName].every((name) => absent(name) || typeof name === 'string') &&
        (email(b) || mobile(b)) &&
        (absent(b.mobile) || mobile(b)),
    ),
  },
  // "with both an email and a mobile number in international format"
  'USERS-15': { operation: 'createUser', holds: bodyWith((b) => email(b) && mobile(b)) },
  // "with a valid q, institution and country": the operation's required parameters
  'ENRICH-01': { operation: 'enrich' },
  'CONN-01': { operation: 'listConnections' },
  'CONN-09': { operation: 'getConnection' },
  // "with the password"
  'CONN-31': { operation: 'updateConnection', holds: bodyWith((b) => nonEmpty(b.password)) },
  'JOBS-01': { operation: 'getJob' },
  'INST-01': { operation: 'listInstitutions' },
  'INST-08': { operation: 'getInstitution' },
  // "with an empty JSON object"
  'EXP-01': { operation: 'createExpenses', holds: bodyWith((b) => Object.keys(b).length === 0) },
  'AFFORD-01': { operation: 'listAffordabilityTransactions' },
};

/**
 * Whether `request` is one whose answer may count toward `requirement`: true for a requirement with no
 * precondition beyond its operation.
 */
export function meetsPreconditions(
  requirement: RequirementId,
  request: ObservedRequest,
  versionHeader: string = profileDefaults.versionHeader,
): boolean {
  const precondition = asked[requirement];
  if (!precondition) return true;
  const read = readRequest(request);
  return (
    read.operation === precondition.operation &&
    asSpecified(precondition.operation, read, versionHeader) &&
    (precondition.holds?.(read) ?? true)
  );
}

/**
 * Conformant variants: behaviours a real service may legitimately show because the spec is silent on them
 * or leaves them open (docs/design.md#strict-where-the-spec-speaks). Each is off by default; the suite must pass against the
 * mock with any of them, alone or combined, with zero findings (test/variants/conformant-variants.test.ts).
 * They live in the mock's generic paths (the send path, the base URL links are built from), never in a
 * handler, so every endpoint shows them alike and no handler can forget one.
 *
 * The path prefix (`basePath`) and the version header's name (`versionHeader`) are conformant variants
 * too; they are plain mock options because the profile has to name them.
 */
export interface MockVariants {
  /**
   * Every link the mock hands out is host-relative (`/api/users/…`) instead of absolute. The spec fixes no
   * form for `links` members, `links.next` or a job step's `result.url`: they are only "links".
   */
  relativeLinks?: boolean;
  /**
   * Every object of every reply body, error lists included and at any depth, gains unknown members: an
   * `x-vendor` object and an `etag` string. The spec lists the members a resource carries but never
   * forbids others. Exceptions, where extra members would break a statement of the spec: an object all of
   * whose members are arrays of strings (an institution's `features` groups, which "map a field name to an
   * array of strings") and an empty object (a non-payment `subClass` is "null or empty") get none.
   * Existing values, enums and consts among them, are never touched.
   */
  extraFields?: boolean;
  /**
   * Identifiers of the seeded world are short decimal strings instead of UUIDs (mock/world/opaque-ids.ts):
   * "all identifiers are strings" and the spec shows no format.
   */
  opaqueIds?: boolean;
  /** Every object's keys in reverse order: JSON objects are unordered, the spec fixes no member order. */
  reverseKeys?: boolean;
  /**
   * Every filter parser forgives a near miss of `<property>.<operator>('<value>')`, a call or a quote
   * left open, a value without quotes, a parenthesis too many, and reads the expression it nearly is: the
   * spec shows the shape a client writes, not what a service must refuse.
   */
  forgivingFilters?: boolean;
  /**
   * `content-type: application/json; charset=utf-8`: the spec says "bodies are JSON"; the charset
   * parameter is the same media type (and UTF-8 is JSON's encoding anyway).
   */
  charset?: boolean;
  /**
   * Other statuses for refusals whose status the spec does not show: a refused bearer token (401 by
   * default; 403 is as reasonable, and 400 takes the token table's rows: `parameter-not-valid` for a
   * missing or malformed header, `invalid-grant` for a token unknown or expired) and an unknown identifier
   * on a matched route (404 by default; a 400 `parameter-not-valid` matches "Error when the identifier is
   * not valid"). The token endpoint's statuses are fixed by its table and never changed.
   */
  refusalStatuses?: { unauthenticated?: 400 | 401 | 403; unknownId?: 400 | 404 };
  /**
   * Rate limiting ("Rate limits: not shown"): every `every`-th request on a connection is answered 429
   * with `Retry-After` (`0`, then `1`, then an HTTP-date about a second ahead, then `0` 21 times, in turn)
   * and an error list. The
   * same request (method, target, credentials) is refused at most `maxConsecutive` times within a
   * minute, fewer than a client's bounded retries (the suite's client makes 3), so every request is served
   * in the end: conformant, if annoying.
   */
  rateLimit?: { every: number; maxConsecutive?: number };
  /** Milliseconds every response waits before it is written: a slow network or a loaded service. */
  latencyMs?: number;
  /**
   * Bodies are written in a few chunks with no `content-length` (HTTP/1.1 chunked transfer coding), as a
   * streaming server or a proxy would.
   */
  chunked?: boolean;
  /** Readings of the token endpoint (src/requirements/ambiguities/token.json). */
  token?: TokenVariants;
  /** Readings of bearer authentication (src/requirements/ambiguities/auth.json). */
  auth?: AuthVariants;
  /** Readings of the error list (src/requirements/ambiguities/errors.json). */
  errors?: ErrorVariants;
  /** Readings of the connection endpoints (src/requirements/ambiguities/connections.json). */
  connections?: ConnectionsVariants;
  /** Readings of jobs (src/requirements/ambiguities/jobs.json). */
  jobs?: JobsVariants;
  /** Readings of the institution list (src/requirements/ambiguities/institutions.json). */
  institutions?: InstitutionsVariants;
  /** Readings of GET /enrich (src/requirements/ambiguities/enrich.json). */
  enrich?: EnrichVariants;
  /** Readings of POST /users (src/requirements/ambiguities/users.json). */
  users?: UsersVariants;
  /** Readings of POST /users/{user.id}/expenses (src/requirements/ambiguities/expenses.json). */
  expenses?: ExpensesVariants;
  /** Readings of the affordability transaction list (src/requirements/ambiguities/affordability.json). */
  affordability?: AffordabilityVariants;
}

/** How the connection endpoints may legitimately behave where the spec leaves room (spec: Connection). */
export interface ConnectionsVariants {
  /**
   * List entries carry mfaEnabled, profile and accounts too: "returned on retrieval of a single connection"
   * promises them there, it does not forbid them in the list.
   */
  listForm?: 'detailed';
  /**
   * A profile with nothing to show gives its list members as empty arrays instead of leaving them out:
   * "no data points are returned" holds either way.
   */
  hiddenProfile?: 'empty-arrays';
  /** The 202 of an update is only "a job (`type`, `id`, `links.self`)": no created, updated or steps. */
  updateJob?: 'minimal';
  /** An update without its required password is refused 422 instead of 400: the status is not shown. */
  missingPasswordStatus?: 422;
  /**
   * Several comma-separated filter expressions, a form the spec never shows: refused with 400, or read as
   * "any of the terms" instead of "all of them".
   */
  combinedFilter?: 'refused' | 'any';
  /** The operator ne is applied too, as for institutions: "the operator `eq` is the one seen", not the only one. */
  neOperator?: 'supported';
  /**
   * A status or institution id the service does not know is refused with 400, and a connection id it does
   * not know with 404, instead of selecting nothing: the complete set of statuses is not shown, a service
   * that knows its own may validate, and one that looks a connection up by id finds none.
   */
  unknownFilterValue?: 'refused';
  /**
   * A filter on a property the spec does not list is read through a generic filter, where a property no
   * connection carries matches nothing, instead of refused: the properties are listed, not closed.
   */
  unknownProperty?: 'matches-nothing';
  /**
   * The list of a user the service does not know is 200 with an empty data array, as for a user without
   * connections, instead of an error: "empty array when none" may be read to cover a user id that names
   * nobody, and "an error when the identifier is invalid" to mean a malformed one.
   */
  unknownUser?: 'empty-list';
}

/** How jobs may legitimately look where the spec leaves room (spec: Job, States and transitions). */
export interface JobsVariants {
  /** Steps are listed once they start, so a new job has an empty steps array: "ordered steps" says no more. */
  steps?: 'started-only';
  /** A step not started yet says `queued`: the complete set of step statuses is "not shown beyond the values listed". */
  pendingStatus?: 'queued';
  /** created and updated carry a +10:00 offset and whole seconds: "ISO 8601 timestamp" fixes neither zone nor precision. */
  timestamps?: 'offset';
  /** A step that has produced nothing leaves result out instead of giving null, as serialisers that omit nulls do. */
  emptyResult?: 'absent';
  /** updated is the moment of the request, the job being refreshed whenever it is read, not of the latest step change. */
  updated?: 'latest-read';
  /**
   * A fourth step, retrieve-meta, follows the three the spec shows, with no result: the complete set of
   * step titles is "not shown beyond the values listed".
   */
  extraStep?: 'retrieve-meta';
}

/** How the institution list may legitimately behave where the spec leaves room (spec: GET /institutions). */
export interface InstitutionsVariants {
  /**
   * Filter properties in one form only: bare as the spec lists them (`country`), the prefixed form
   * refused (`bare`); or with the resource's prefix (`institution.country`), the bare form refused
   * (`prefixed`). The spec names the properties but shows the expression shape only for connections,
   * whose `institution.id` carries a prefix. By default both forms are accepted and mean the same:
   * generated clients write the prefix, as the real service takes it.
   */
  filterProperty?: 'bare' | 'prefixed';
  /** An operator other than eq and ne is answered 200 with an empty list (it matches nothing) instead of 400. */
  unsupportedOperator?: 'matches-nothing';
  /** totalCount is the number of all institutions even when a filter narrows data. */
  totalCount?: 'all-institutions';
  /** Filter values are compared ignoring letter case (`country.eq('au')` is AU): equality is not defined. */
  valueCase?: 'insensitive';
  /** A filter that is not a well-formed expression is refused 422 instead of 400: the status is not shown. */
  malformedFilterStatus?: 422;
}

/** How the token endpoint may legitimately read what the spec leaves open (spec: POST /token, Errors). */
export interface TokenVariants {
  /**
   * A JSON body is read like the form body. "Body (form): `scope`" tells the client what to send; it does
   * not oblige the service to refuse another encoding. Or a body of another type is not read at all, as a
   * form-only body parser leaves it: the request then has no parameters, as if the form were empty.
   */
  jsonBody?: 'accepted' | 'ignored';
  /**
   * The row an unknown API key gets: invalid-grant 400 by default; "Authorization header parameter ...
   * invalid" is parameter-not-valid 400, and a key naming no partner account is "partner account deleted",
   * parameter-not-valid 404.
   */
  unknownKey?: 'parameter-not-valid' | 'parameter-not-valid-404';
  /**
   * A temporarily disabled partner's key is answered as a key the service does not know (by the row
   * `unknownKey` gives), as a service does that keeps no partner state beside its keys, instead of with
   * its own row, 403 access-denied.
   */
  disabledKey?: 'unknown-key';
  /** A deleted partner's key is answered as a key the service does not know, instead of with 404 parameter-not-valid. */
  deletedKey?: 'unknown-key';
  /** A missing Authorization header as "required parameter missing": invalid-request instead of parameter-not-valid. */
  missingAuthorization?: 'invalid-request';
  /**
   * A malformed Authorization header as a "malformed request" (invalid-request), or as a grant that is not
   * valid (invalid-grant: the header carries no usable API key), instead of parameter-not-valid.
   */
  malformedAuthorization?: 'invalid-request' | 'invalid-grant';
  /** A request without scope gets SERVER_ACCESS: scope is never marked required. */
  missingScope?: 'server-access';
  /** Scope values are matched ignoring letter case (server_access is SERVER_ACCESS). */
  scopeCase?: 'insensitive';
  /**
   * The grant_type form field, which the spec never names: ignored, or, whatever grant it names, refused
   * as no parameter of the token request (invalid-request) instead of read as the grant type.
   */
  grantType?: 'ignored' | 'invalid-request';
  /** A request without the version header, which the client is told to send, is refused with parameter-not-valid. */
  versionHeader?: 'required';
  /**
   * A repeated request for the same key and scope hands out the live token again: with the seconds it has
   * left (`countdown`) or with its lifetime renewed (`sliding`). Whether tokens are reused is not shown.
   */
  reuse?: 'countdown' | 'sliding';
}

/** How bearer authentication may legitimately behave where the spec is silent (spec: Authentication). */
export interface AuthVariants {
  /**
   * A GET naming an identifier looks it up before authenticating, so an unknown id is 404 whatever the
   * credentials: the order of the two checks is not shown.
   */
  lookupFirst?: boolean;
  /** Milliseconds a token is still accepted after expires_in (whole-second counting, clock skew). */
  expiryLeewayMs?: number;
  /**
   * POST /token also takes the key as RFC 7617 Basic credentials (base64 of "key:"): "Basic <API_KEY>" is
   * what the client sends, and the service may accept the standard encoding as well.
   */
  base64Key?: 'also';
}

/** How the error list may legitimately look where the spec leaves it open (spec: Error list). */
export interface ErrorVariants {
  /** correlationId in capitals: "a UUID-shaped string" fixes no letter case. */
  correlationIdCase?: 'upper';
  /** correlationId with no UUID version or variant bits set: "UUID-shaped" is a shape, not RFC 9562. */
  correlationIdVersion?: 'unversioned';
  /**
   * The source of an error that names no parameter the client chose (an unknown path, an unknown id in
   * the path): left out, null, an empty object, or a null parameter, instead of an empty parameter name
   * or the path placeholder's name.
   */
  noParameterSource?: 'absent' | 'null' | 'empty' | 'null-parameter';
  /** Error bodies as `application/problem+json`: a JSON media type, and "all bodies are JSON". */
  mediaType?: 'application/problem+json';
  /** A body that is not JSON is refused with 422 (as some frameworks do) instead of 400: no status is shown. */
  malformedBodyStatus?: 422;
}

/** How GET /enrich may legitimately read what the spec leaves open (spec: GET {base_url}/enrich). */
export interface EnrichVariants {
  /**
   * A required parameter left out is refused with code `parameter-required`: the Errors section fixes
   * parameter-not-valid for "invalid parameter values", and a value never sent is not plainly one.
   */
  missingParameter?: 'parameter-required';
  /** q's "at least 3 characters" counted in UTF-8 bytes of the decoded value: "characters" is not defined. */
  qLength?: 'bytes';
  /** Blanks around q are trimmed before its length is counted: a description is its text. */
  qTrimmed?: true;
  /** country in lower case (`au`) is read as the code: ISO 3166 writes codes in capitals, and says no more. */
  countryCase?: 'insensitive';
  /** Any two letters are taken as a country (an unassigned `ZZ` simply matches nothing) instead of refused. */
  unassignedCountry?: 'accepted';
  /** mcc taken as any string instead of refused unless four digits (ISO 18245): its format is not shown. */
  mcc?: 'any';
  /** accountType matched ignoring letter case (`Savings` is savings). */
  accountTypeCase?: 'insensitive';
  /**
   * What a "signed decimal" amount is: `strict` wants a fractional part (`-12.50`, not `12` or `+12.50`),
   * `lenient` also takes a leading `+`, integers and `.5`. The default takes `+` and integers.
   */
  amount?: 'strict' | 'lenient';
  /** An empty optional parameter (`amount=`, `mcc=`, `accountType=`) is read as one not given. */
  emptyOptional?: 'absent';
  /**
   * One of accountType and amount classifies on its own (a negative amount is a debit): "both are needed"
   * is read as what full classification takes, not as a rule that one alone changes nothing.
   */
  partialClassification?: 'classified';
  /**
   * links.self, a "reference link to the original query": the query's parameters percent-encoded and in
   * another order (`reordered`), or a link to the query kept by the service (`stored`).
   */
  selfLink?: 'reordered' | 'stored';
  /** Logo links with the extension in capitals and a cache-busting query string (`LOGO.PNG?v=3`). */
  logoLinks?: 'upper-case-query';
  /** location.country is the country's English name (`Australia`): its form is not shown. */
  locationCountry?: 'name';
  /**
   * Merchant and location members the service does not know (website, phoneNumber, ABN, routeNo, route,
   * postalCode) are null or left out: the spec types them but never says every merchant has them.
   */
  unknownMembers?: 'null' | 'absent';
  /**
   * Input the spec sets no rule for is refused with 400 parameter-not-valid: a q over 1,000 characters or
   * holding control characters or a broken percent-encoding, and a parameter given twice.
   */
  strictInput?: true;
}

/** How POST /users may legitimately read what the spec leaves open (spec: POST {base_url}/users, User). */
export interface UsersVariants {
  /**
   * A national mobile number (`0412345678`) is stored in international format (`+61412345678`) instead
   * of refused: the stored user still holds "international format".
   */
  mobile?: 'normalised';
  /**
   * Only the shape of an international number is checked, a plus and then digits, not E.164's length
   * limits: "international format `+[country-code][mobile number]`" states no length.
   */
  mobileLength?: 'unchecked';
  /** E-mail addresses are stored lower-cased: the domain is case-insensitive and many services fold the rest. */
  emailCase?: 'lower';
  /** Members a user was created without are given as null, or as empty strings, instead of left out. */
  absentMembers?: 'null' | 'empty';
  /** A second user with an e-mail address already taken is refused with 409: uniqueness is not shown. */
  duplicateEmail?: 'refused';
  /** Refusals of POST /users are 422 instead of 400: "Error when parameters are invalid" shows no status. */
  refusalStatus?: 422;
  /** Any non-empty e-mail string is stored as given: only an empty e-mail is named invalid. */
  email?: 'any';
  /** firstName or lastName of another JSON type is ignored instead of refused: both are optional. */
  nameTypes?: 'ignored';
  /**
   * A malformed mobile beside a valid e-mail, or an e-mail that is not a string beside a valid mobile, is
   * left aside and the user created from the valid member, instead of refused: only an empty e-mail is
   * named invalid.
   */
  malformedContact?: 'ignored';
}

/** How POST /users/{user.id}/expenses may legitimately read what the spec leaves open (spec: Endpoints, Limits). */
export interface ExpensesVariants {
  /**
   * A body of no bytes is refused as malformed JSON, as a parser sees it. By default it is read as {}
   * ("all members optional in effect" makes it the same request), with or without a content type:
   * clients that omit the optional body send no bytes and often no content type.
   */
  emptyBody?: 'refused';
  /** "The current month" is the month in the service's own zone, UTC+14 here, not UTC: no zone is named. */
  timeZone?: 'UTC+14';
  /** "From 13 months ago" counts the current month among the 13: the range starts 12 months back. */
  defaultFrom?: 'minus-12';
  /** `accounts: []` is read as none given (every account) or refused, instead of selecting no account. */
  emptyAccounts?: 'all' | 'refused';
  /** Near misses of YYYY-MM ('2024-1', '24-01', '2024-13' rolled over) are read as the month they suggest. */
  months?: 'lenient';
  /**
   * A fromMonth after toMonth is read with the two swapped, or answered as asked (a range holding no
   * month, so every amount is 0.00), instead of refused.
   */
  reversedRange?: 'swapped' | 'as-asked';
  /** changeHistory lists only the months with spending, not every month with 0.00: "(array)" says no more. */
  changeHistory?: 'spending-months';
  /** percentageTotal is a fraction from 0 to 1 instead of a percentage: "number" gives no scale. */
  percentageTotal?: 'fraction';
  /** Spending is written as negative amounts ("-12.34"), as the signed transactions are: no sign is fixed. */
  outflows?: 'negative';
}

/**
 * How the affordability transaction list may legitimately behave where the spec leaves room (spec: GET
 * …/affordability/{affordability.id}/transactions, Affordability transaction, Limits).
 */
export interface AffordabilityVariants {
  /**
   * The filter names the class without the resource's prefix (`class.eq('payment')`) and refuses the
   * prefixed form: the property is `transaction.class` but no expression shape is shown.
   */
  classFilter?: 'bare';
  /** A class outside both class tables is refused with 400 instead of matching nothing. */
  unknownClass?: 'refused';
  /** links.next is the bare cursor, not a link: the cursor is "taken from the `links.next` value". */
  next?: 'cursor';
  /**
   * The cursor holds only the position: limit and filter are read from the query each time, so links.next
   * repeats them, and a bare cursor needs them sent again.
   */
  cursor?: 'position-only';
  /** The last page carries `next: null`: many serialisers write an absent value so. */
  lastPageNext?: 'null';
  /** A limit above 500 is served capped at 500 instead of refused: "maximum 500" says neither. */
  limitAboveMaximum?: 'capped';
  /** A limit that is no whole number from 1 to 500 ('0', 'ten', '-1') gets the default page instead of 400. */
  invalidLimit?: 'default-page';
  /** count is the entries of the whole list and size the page size asked for: neither is defined. */
  countSize?: 'total-and-limit';
  /** A transaction that is no payment has `subClass: {}`: "otherwise null or empty". */
  nonPaymentSubClass?: 'empty-object';
  /** Debits carry positive amounts, direction telling them apart: "signed decimal" fixes no convention. */
  debitAmounts?: 'positive';
  /** Pending transactions say `authorised`: only `posted` is shown, "pending transactions also exist". */
  pendingStatus?: 'authorised';
  /** Pending transactions have an empty transactionDate: it "may be an empty string". */
  transactionDate?: 'empty-when-pending';
}

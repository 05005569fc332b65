/**
 * The conformant variants as a JSON Schema: every member of `MockVariants` (types.ts) and its readings,
 * closed at every level, so a misspelt variant or reading is refused at load (mock/options-schema.ts)
 * instead of leaving the default reading on. tsc holds it to the interfaces, member for member.
 */

import { closed, oneOf, type SameType, type SchemaType } from '../schema.ts';
import type { MockVariants } from './types.ts';

const flag = { type: 'boolean' } as const;
const milliseconds = { type: 'integer', minimum: 0 } as const;

export const variantsSchema = closed({
  relativeLinks: flag,
  extraFields: flag,
  opaqueIds: flag,
  reverseKeys: flag,
  forgivingFilters: flag,
  charset: flag,
  refusalStatuses: closed({ unauthenticated: oneOf(400, 401, 403), unknownId: oneOf(400, 404) }),
  rateLimit: closed(
    { every: { type: 'integer', minimum: 1 }, maxConsecutive: { type: 'integer', minimum: 0 } },
    ['every'],
  ),
  latencyMs: milliseconds,
  chunked: flag,
  token: closed({
    jsonBody: oneOf('accepted', 'ignored'),
    unknownKey: oneOf('parameter-not-valid', 'parameter-not-valid-404'),
    disabledKey: oneOf('unknown-key'),
    deletedKey: oneOf('unknown-key'),
    missingAuthorization: oneOf('invalid-request'),
    malformedAuthorization: oneOf('invalid-request', 'invalid-grant'),
    missingScope: oneOf('server-access'),
    scopeCase: oneOf('insensitive'),
    grantType: oneOf('ignored', 'invalid-request'),
    versionHeader: oneOf('required'),
    reuse: oneOf('countdown', 'sliding'),
  }),
  auth: closed({ lookupFirst: flag, expiryLeewayMs: milliseconds, base64Key: oneOf('also') }),
  errors: closed({
    correlationIdCase: oneOf('upper'),
    correlationIdVersion: oneOf('unversioned'),
    noParameterSource: oneOf('absent', 'null', 'empty', 'null-parameter'),
    mediaType: oneOf('application/problem+json'),
    malformedBodyStatus: oneOf(422),
  }),
  connections: closed({
    listForm: oneOf('detailed'),
    hiddenProfile: oneOf('empty-arrays'),
    updateJob: oneOf('minimal'),
    missingPasswordStatus: oneOf(422),
    combinedFilter: oneOf('refused', 'any'),
    neOperator: oneOf('supported'),
    unknownFilterValue: oneOf('refused'),
    unknownProperty: oneOf('matches-nothing'),
    unknownUser: oneOf('empty-list'),
  }),
  jobs: closed({
    steps: oneOf('started-only'),
    pendingStatus: oneOf('queued'),
    timestamps: oneOf('offset'),
    emptyResult: oneOf('absent'),
    updated: oneOf('latest-read'),
    extraStep: oneOf('retrieve-meta'),
  }),
  institutions: closed({
    filterProperty: oneOf('bare', 'prefixed'),
    unsupportedOperator: oneOf('matches-nothing'),
    totalCount: oneOf('all-institutions'),
    valueCase: oneOf('insensitive'),
    malformedFilterStatus: oneOf(422),
  }),
  enrich: closed({
    missingParameter: oneOf('parameter-required'),
    qLength: oneOf('bytes'),
    qTrimmed: { const: true },
    countryCase: oneOf('insensitive'),
    unassignedCountry: oneOf('accepted'),
    mcc: oneOf('any'),
    accountTypeCase: oneOf('insensitive'),
    amount: oneOf('strict', 'lenient'),
    emptyOptional: oneOf('absent'),
    partialClassification: oneOf('classified'),
    selfLink: oneOf('reordered', 'stored'),
    logoLinks: oneOf('upper-case-query'),
    locationCountry: oneOf('name'),
    unknownMembers: oneOf('null', 'absent'),
    strictInput: { const: true },
  }),
  users: closed({
    mobile: oneOf('normalised'),
    mobileLength: oneOf('unchecked'),
    emailCase: oneOf('lower'),
    absentMembers: oneOf('null', 'empty'),
    duplicateEmail: oneOf('refused'),
    refusalStatus: oneOf(422),
    email: oneOf('any'),
    nameTypes: oneOf('ignored'),
    malformedContact: oneOf('ignored'),
  }),
  expenses: closed({
    emptyBody: oneOf('refused'),
    timeZone: oneOf('UTC+14'),
    defaultFrom: oneOf('minus-12'),
    emptyAccounts: oneOf('all', 'refused'),
    months: oneOf('lenient'),
    reversedRange: oneOf('swapped', 'as-asked'),
    changeHistory: oneOf('spending-months'),
    percentageTotal: oneOf('fraction'),
    outflows: oneOf('negative'),
  }),
  affordability: closed({
    classFilter: oneOf('bare'),
    unknownClass: oneOf('refused'),
    next: oneOf('cursor'),
    cursor: oneOf('position-only'),
    lastPageNext: oneOf('null'),
    limitAboveMaximum: oneOf('capped'),
    invalidLimit: oneOf('default-page'),
    countSize: oneOf('total-and-limit'),
    nonPaymentSubClass: oneOf('empty-object'),
    debitAmounts: oneOf('positive'),
    pendingStatus: oneOf('authorised'),
    transactionDate: oneOf('empty-when-pending'),
  }),
});

/** Fails tsc when the schema and `MockVariants` differ: a member, a reading or an optionality apart. */
const _variantsSchemaMatchesTypes: SameType<SchemaType<typeof variantsSchema>, MockVariants> = true;

import { filterOf, pageSizeOf, type FilterConstraint, type OperationName } from '../operations/table.ts';
import { profileDefaults } from '../profile/profile.ts';
import { componentPointer, type JsonSchema } from './components.ts';

/** What the document says of a query or header parameter beyond the table's name, place and need. */
export interface ParameterDescription {
  description: string;
  schema: JsonSchema;
}

/**
 * What the document says of one operation beyond what the operations table holds (src/operations/table.ts:
 * its method, path, group, authentication, parameters and their constraints, body's media type and success): the spec's words for it and
 * for each of its query and header parameters, by name, its body's schema, its success and the refusals its
 * handler gives. The refusals every operation of a kind gives (authentication, the body's limits, an
 * identifier naming nothing, a rate limit) are the mock's edges (responses.ts).
 */
export interface OperationDescription {
  summary: string;
  description: string;
  /** Each query and header parameter of the table's entry, by name: the document refuses one left out. */
  parameters?: Record<string, ParameterDescription>;
  /** The body's schema, for a route that reads one (its media type is the route's). */
  requestBody?: { description: string; schema: JsonSchema };
  /** What the success answers, in words; its status and body are the table's. */
  success: string;
  /** What makes the handler refuse, by status: each becomes an error-list response. */
  refusals?: Record<number, string>;
}

const ref = (name: string): JsonSchema => ({ $ref: componentPointer(name) });
const common = (definition: string): JsonSchema => ref(`Common.${definition}`);

/** The path parameters of the operations table (`:userId`), named after the spec's placeholders where it has one. */
export const pathParameters: Record<string, string> = {
  userId: 'The user\'s identifier, the spec\'s `{user.id}` ("all identifiers are strings").',
  connectionId: "The connection's identifier, the spec's `{connection.id}`.",
  jobId: "The job's identifier, the spec's `{job.id}`.",
  institutionId: "The institution's identifier, the spec's `{institution.id}`.",
  affordabilityId: "The affordability snapshot's identifier, the spec's `{affordability.id}`.",
  accountId: "The account's identifier, as the connection's `accounts` list gives it.",
  expensesId: "The expense summary's identifier, as `POST /users/{userId}/expenses` gave it.",
};

/** The filter expression shape both filtered lists share (spec: GET /users/{user.id}/connections). */
const expressionShape = "`<property>.<operator>('<value>')`";

/**
 * A filter on the table's properties and operators, as a pattern: one expression, or several separated by
 * commas, as the mock takes them (a client may send what the pattern allows and get an answer). `prefixed`:
 * each property also with its resource's name before it.
 */
function filterPattern({ properties, operators, resource }: FilterConstraint, prefixed = false): string {
  const names = prefixed
    ? properties.flatMap((property) => [property, `${resource}.${property}`])
    : properties;
  const escape = (name: string) => name.replaceAll('.', '\\.');
  const expression = `(${names.map(escape).join('|')})\\.(${operators.join('|')})\\('[^']*'\\)`;
  return `^${expression}(,${expression})*$`;
}

const pageSize = pageSizeOf('listAffordabilityTransactions');

/**
 * The whole numbers from the limit's minimum to its maximum, as a pattern, written out: a range of numbers
 * has no short pattern built from its bounds. test/operations/spec-facts.test.ts holds it to them.
 */
export const limitPattern = '^([1-9][0-9]?|[1-4][0-9]{2}|500)$';

/**
 * `limit`, `filter` and `next` of the affordability transaction list (spec: GET .../transactions), which
 * the mock's own transaction lists take too.
 */
const transactionListDescriptions: Record<string, ParameterDescription> = {
  limit: {
    description: `Entries per page: "\`limit\` (string, optional, maximum 500, default 500)"; a whole number from ${pageSize.minimum} to ${pageSize.maximum} (spec: Limits).`,
    schema: { type: 'string', pattern: limitPattern, default: String(pageSize.default) },
  },
  filter: {
    description: `"\`filter\` (string, optional; property \`transaction.class\`; applies only to the JSON form)", an expression ${expressionShape} whose value is a class of the debit and credit class tables (spec: Affordability transaction). The spec names no operator for this filter; the mock takes \`eq\` and \`ne\`.`,
    schema: {
      type: 'string',
      pattern: filterPattern(filterOf('listAffordabilityTransactions')),
      examples: ["transaction.class.eq('payment')"],
    },
  },
  next: {
    description:
      '"`next` (cursor, taken from the `links.next` value of the previous page)", opaque to the client; "absence of `links.next` means no more pages". The cursor carries the walk\'s limit and filter: a `limit` sent beside it sizes the pages from there on, and a `filter` other than the walk\'s is refused.',
    schema: { type: 'string', minLength: 1 },
  },
};

const transactionListRefusal =
  'A `limit`, `filter` or `next` that is not valid: `parameter-not-valid` naming it.';

/**
 * What every transaction list shares, the affordability one and the mock's own alike: the affordability
 * list's query, a page of it in its envelope as the success, and its refusals; `page` says what a page is.
 */
function transactionListPage(
  page: string,
): Pick<OperationDescription, 'parameters' | 'success' | 'refusals'> {
  return {
    parameters: transactionListDescriptions,
    success: page,
    refusals: { 400: transactionListRefusal },
  };
}

/**
 * The `filter` of the mock's own accounts lists: the connections filter's shape and operator, on the
 * account's properties and those of the connection that holds it.
 */
const accountListDescriptions: Record<string, ParameterDescription> = {
  filter: {
    description: `The mock's own, in the connections filter's expression shape ${expressionShape}: \`eq\` on \`id\`, \`status\`, \`connection.id\` and \`institution.id\` (an account's institution is its connection's); several expressions, separated by commas, select the accounts that pass every one.`,
    schema: {
      type: 'string',
      pattern: filterPattern(filterOf('listAccounts')),
      examples: ["institution.id.eq('AU00000')"],
    },
  },
};

const accountListRefusal =
  'A `filter` that is not one of the expressions above: `parameter-not-valid` naming `filter`.';

/**
 * Every operation of the operations table (src/operations/table.ts), by its name, which is also its
 * `operationId`: the type checker refuses an operation without a description and a description without
 * an operation.
 */
export const operationDescriptions: Record<OperationName, OperationDescription> = {
  issueToken: {
    summary: 'Exchange the API key for a bearer access token',
    description:
      'Spec: POST {base_url}/token, Authentication. "The service validates the key and returns `access_token`, `token_type` (`Bearer`) and `expires_in`." Tokens "have a short life and are not stored permanently; after expiry the application requests a new one." Errors follow the token endpoint\'s table (spec: Errors).',
    parameters: {
      [profileDefaults.versionHeader]: {
        description:
          'The interface version (spec: Versioning): "The token request names the interface version in a header called `service-version`"; "an example value is `2.0`". "An older version that is no longer supported is rejected with `parameter-not-valid` (400)."',
        schema: { type: 'string', examples: [profileDefaults.version] },
      },
    },
    requestBody: {
      description: 'Body (form): "`scope`, one of `SERVER_ACCESS`, `CLIENT_ACCESS`" (spec: Scopes).',
      schema: ref('TokenRequest'),
    },
    success: '"Success: 200 with the token response."',
    refusals: {
      400: 'The token table\'s 400 rows: `invalid-request` ("required parameter missing, unsupported parameter value (other than grant type), or malformed request", a body that is not a form among them), `parameter-not-valid` ("Authorization header parameter required or invalid, or the requested older version is no longer supported"), `unsupported-grant-type`, `invalid-grant` ("the grant (for example the API key) or token is invalid, expired or revoked").',
      403: '`access-denied`: "partner account temporarily disabled".',
      404: '`parameter-not-valid`: "partner account deleted".',
      500: '`internal-server-error`: "unexpected condition".',
    },
  },
  enrich: {
    summary: 'Turn a bank transaction description into merchant, location and category data',
    description:
      'Spec: GET {base_url}/enrich. "Only partners enabled for the enrich service may call it." "Response: always 200 with an enrich result when inputs are valid. When nothing matches, `data.merchant`, `data.location`, `data.category`, `links.logo-master` and `links.logo-thumb` are null." `accountType` and `amount` "are both needed for transaction classification; when they are not provided the query is treated as a payment transaction and categorised accordingly."',
    parameters: {
      q: {
        description: 'Transaction description; URL-encoded; "at least 3 characters" (spec: Limits).',
        schema: { type: 'string', minLength: 3 },
      },
      institution: {
        description: 'A recognised institution identifier.',
        schema: common('identifier'),
      },
      country: {
        description: 'ISO 3166 alpha-2; limits the search to that country.',
        schema: { type: 'string', pattern: '^[A-Z]{2}$', examples: ['AU'] },
      },
      mcc: {
        description:
          'Merchant classification code. The spec fixes no form; the mock takes the four digits of an ISO 18245 merchant category code.',
        schema: { type: 'string', examples: ['5411'] },
      },
      accountType: {
        description: 'One of `transaction`, `credit-card`, `savings`, `mortgage`, `loan`, `foreign`.',
        schema: common('accountType'),
      },
      amount: {
        description: 'Transaction amount, signed decimal.',
        schema: common('decimal'),
      },
    },
    success:
      'The enrich result; its merchant, location, category and logo links are null when nothing matches.',
    refusals: {
      400: '"Invalid parameters return an error list (400)": `parameter-not-valid` with `source.parameter` naming the parameter (for example `accountType`) (spec: Errors).',
    },
  },
  createUser: {
    summary: 'Create a user',
    description: 'Spec: POST {base_url}/users. "Success: 201 with the user."',
    requestBody: {
      description:
        'Body (JSON): `email` "required when `mobile` is absent", `mobile` "required when `email` is absent; international format" (`+[country-code][mobile number]`): one of them is required. `firstName` and `lastName` optional.',
      schema: ref('CreateUserRequest'),
    },
    success: 'The user created.',
    refusals: {
      400: '"Error when parameters are invalid (for example an empty e-mail)", or neither `email` nor `mobile` given: `parameter-not-valid` naming the member.',
      409: 'An e-mail address another user holds, from a service that keeps addresses unique (the spec does not say; the mock does under its `users.duplicateEmail` variant).',
      422: 'The same refusals as 400 from a service that answers 422 (the spec shows no status; the mock does under its `users.refusalStatus` variant).',
    },
  },
  listConnections: {
    summary: "List a user's connections",
    description:
      'Spec: GET {base_url}/users/{user.id}/connections. "Success: 200 with a list (`type`, `data` array of connections, `links.self`); empty array when none."',
    parameters: {
      filter: {
        description: `"\`filter\` (optional), properties \`id\`, \`status\`, \`institution.id\`. Expression shape: ${expressionShape}, the operator \`eq\` is the one seen." Several expressions at once are not shown.`,
        schema: {
          type: 'string',
          pattern: filterPattern(filterOf('listConnections')),
          examples: ["status.eq('active')"],
        },
      },
    },
    success: "The user's connections.",
    refusals: {
      400: 'A `filter` that is not one of the expressions above: `parameter-not-valid` naming `filter`.',
    },
  },
  getConnection: {
    summary: 'Retrieve a connection with its profile, institution and accounts',
    description:
      'Spec: GET {base_url}/users/{user.id}/connections/{connection.id}. "Success: 200 with a connection including profile, institution and accounts. Error when the identifier is not valid." `loginId`, `password` and `securityCode` are never returned.',
    success: 'The connection.',
  },
  updateConnection: {
    summary: 'Update a connection',
    description:
      'Spec: POST {base_url}/users/{user.id}/connections/{connection.id}: "Updates a connection." "Success: 202 with a job (`type`, `id`, `links.self`)." "Jobs are returned when a connection is updated."',
    requestBody: {
      description:
        'Body (JSON): `password` "required; the user\'s new or old institution password"; `securityCode` and `secondaryLoginId` "conditional".',
      schema: ref('UpdateConnectionRequest'),
    },
    success: 'The job tracking the update.',
    refusals: {
      400: 'No `password`, or a member that is not a string: `parameter-not-valid` naming it.',
      422: 'No `password`, from a service that answers 422 (the spec shows no status; the mock does under its `connections.missingPasswordStatus` variant).',
    },
  },
  getJob: {
    summary: 'Retrieve a job',
    description:
      'Spec: GET {base_url}/jobs/{job.id}. "Success: 200 with a job. Error when the identifier is not valid." Long-running connection work is tracked through job resources; a step whose `result` is a link points to the resource it produced.',
    success: 'The job.',
  },
  listInstitutions: {
    summary: 'List the institution catalogue',
    description: 'Spec: GET {base_url}/institutions. "Success: 200 with the institution list envelope."',
    parameters: {
      filter: {
        description: `"\`filter\` (optional) on properties \`country\`, \`tier\`, \`serviceType\`, \`institutionType\`, \`stage\`; only \`eq\` and \`ne\` are supported", in the expression shape ${expressionShape}. The spec shows no prefix for these properties; the mock takes each bare or with \`institution.\`, as the connections filter's \`institution.id\` is written.`,
        schema: {
          type: 'string',
          // Each property bare or with the resource's prefix, as the mock takes it (AMB-INST-01).
          pattern: filterPattern(filterOf('listInstitutions'), true),
          examples: ["country.eq('AU')"],
        },
      },
    },
    success: 'The institutions the filter selects.',
    refusals: {
      400: 'A `filter` that is not one of the expressions above: `parameter-not-valid` naming `filter`.',
      422: 'A malformed `filter`, from a service that answers 422 (the spec shows no status; the mock does under its `institutions.malformedFilterStatus` variant).',
    },
  },
  getInstitution: {
    summary: 'Retrieve an institution',
    description:
      'Spec: GET {base_url}/institutions/{institution.id}. "Success: 200 with an institution. Error when the identifier is not valid."',
    success: 'The institution.',
  },
  createExpenses: {
    summary: 'Create an expense summary of a user over a range of months',
    description:
      'Spec: POST {base_url}/users/{user.id}/expenses. "Defaults: the range runs from 13 months ago to the current month; all accounts of the user are used when none are given. Transactions of accounts not specified are ignored." "Precondition: the user exists and all connections have been created or refreshed." "Success: 200 with the expenses resource."',
    requestBody: {
      description:
        'Body (JSON), "all members optional in effect": `fromMonth` (`YYYY-MM`, first month included), `toMonth` (`YYYY-MM`, last month included), `accounts` (account identifiers to include).',
      schema: ref('CreateExpensesRequest'),
    },
    success: 'The expenses resource.',
    refusals: {
      400: '"Error when the post fails": a month not in `YYYY-MM` form, `fromMonth` after `toMonth`, or an `accounts` entry that is no account of the user: `parameter-not-valid` naming it.',
    },
  },
  listAffordabilityTransactions: {
    summary: "Page through an affordability snapshot's transactions",
    description:
      'Spec: GET {base_url}/users/{user.id}/affordability/{affordability.id}/transactions. "Ordering: by account, then posted date descending, pending transactions first." "Paging: pages of at most 500 entries; absence of `links.next` means no more pages." "Success: 200 with the affordability list envelope; `data` is an empty array when there are no transactions."',
    ...transactionListPage('One page of the snapshot.'),
  },
  getUser: {
    summary: "Retrieve a user (the mock's own)",
    description:
      "The mock's own, not the spec's: the user's `links.self` points here, and the spec shows no endpoint for it. It answers the user as `POST /users` gave it.",
    success: 'The user.',
  },
  listAccounts: {
    summary: "List a user's accounts (the mock's own)",
    description:
      '"Endpoints for ... listing accounts ... are referenced by links but their shapes are: not shown." The mock\'s own list of every account of the user\'s connections, so that the links it hands out resolve.',
    parameters: accountListDescriptions,
    success: "The user's accounts the filter selects.",
    refusals: { 400: accountListRefusal },
  },
  getAccount: {
    summary: "Retrieve an account (the mock's own)",
    description:
      '"Other account fields and the standalone account resource: not shown." The mock\'s own: an account\'s `links.self` points here, and it answers the account as a connection embeds it.',
    success: 'The account.',
  },
  listAccountTransactions: {
    summary: "Page through an account's transactions (the mock's own)",
    description:
      '"Endpoints for ... listing transactions ... are referenced by links but their shapes are: not shown." The mock\'s own: an account\'s `links.transactions` points here; it pages like the affordability transaction list, with the same query and envelope.',
    ...transactionListPage("One page of the account's transactions."),
  },
  listTransactions: {
    summary: "Page through a user's transactions (the mock's own)",
    description:
      "The mock's own list of every transaction of the user's accounts (the spec's transaction listing is \"not shown\"); it pages like the affordability transaction list, with the same query and envelope.",
    ...transactionListPage("One page of the user's transactions."),
  },
  listConnectionAccounts: {
    summary: "List a connection's accounts (the mock's own)",
    description:
      "The mock's own: a connection's `links.accounts` points here (the spec shows no shape for it); the accounts the connection's single retrieval embeds, as a list.",
    parameters: accountListDescriptions,
    success: "The connection's accounts the filter selects.",
    refusals: { 400: accountListRefusal },
  },
  listConnectionTransactions: {
    summary: "Page through a connection's transactions (the mock's own)",
    description:
      "The mock's own: a connection's `links.transactions` points here (the spec shows no shape for it); it pages like the affordability transaction list, with the same query and envelope.",
    ...transactionListPage("One page of the connection's transactions."),
  },
  getExpenses: {
    summary: "Retrieve an expense summary (the mock's own)",
    description:
      "The mock's own: the expenses resource's `links.self` points here (the spec shows no endpoint for it); it answers the summary as `POST /users/{userId}/expenses` created it.",
    success: 'The expenses resource.',
  },
  createConnection: {
    summary: "Create a connection (an extension of the mock's)",
    description:
      "The mock's own, an extension: the spec references it by links (\"Endpoints for creating a connection ... are referenced by links but their shapes are: not shown\"); the shapes are the real service's. The job's verify-credentials step links to the connection once made; the connection's accounts and transactions appear as retrieve-accounts and retrieve-transactions succeed. The mock's test credentials (docs/mock.md, What the mock adds) make verify-credentials fail (`status` `failed`, and for `result` the real service's object of `code`, `title` and `detail` where the spec's Job has null or a link: `GET /jobs/{jobId}` then answers outside the `Job` schema) or the job slow.",
    requestBody: {
      description:
        "The person's credentials at the institution and the institution. They are never returned, and a refusal never repeats them.",
      schema: ref('CreateConnectionRequest'),
    },
    success: 'The job making the connection: `type`, `id`, `links.self`.',
    refusals: {
      400: 'No `loginId`, `password` or `institution.id`, a member of another type, or an `institution.id` of no institution: `parameter-not-valid` naming it.',
    },
  },
  deleteConnection: {
    summary: "Delete a connection (an extension of the mock's)",
    description:
      'The mock\'s own, an extension after the real service: the connection, its accounts and their transactions are gone from the user\'s lists ("Deleting a connection deletes its profile data", spec: Profile).',
    success: 'Deleted; no body.',
  },
};

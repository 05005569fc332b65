/* Generated from the `fds-conformance openapi` document by `npm run gen:openapi-types`; do not edit. test/openapi/generated-types.test.ts fails when stale. */
export interface paths {
  '/token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Exchange the API key for a bearer access token
     * @description Spec: POST {base_url}/token, Authentication. "The service validates the key and returns `access_token`, `token_type` (`Bearer`) and `expires_in`." Tokens "have a short life and are not stored permanently; after expiry the application requests a new one." Errors follow the token endpoint's table (spec: Errors).
     */
    post: operations['issueToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/enrich': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Turn a bank transaction description into merchant, location and category data
     * @description Spec: GET {base_url}/enrich. "Only partners enabled for the enrich service may call it." "Response: always 200 with an enrich result when inputs are valid. When nothing matches, `data.merchant`, `data.location`, `data.category`, `links.logo-master` and `links.logo-thumb` are null." `accountType` and `amount` "are both needed for transaction classification; when they are not provided the query is treated as a payment transaction and categorised accordingly."
     */
    get: operations['enrich'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a user
     * @description Spec: POST {base_url}/users. "Success: 201 with the user."
     */
    post: operations['createUser'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{userId}/connections': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a user's connections
     * @description Spec: GET {base_url}/users/{user.id}/connections. "Success: 200 with a list (`type`, `data` array of connections, `links.self`); empty array when none."
     */
    get: operations['listConnections'];
    put?: never;
    /**
     * Create a connection (an extension of the mock's)
     * @description The mock's own, an extension: the spec references it by links ("Endpoints for creating a connection ... are referenced by links but their shapes are: not shown"); the shapes are the real service's. The job's verify-credentials step links to the connection once made; the connection's accounts and transactions appear as retrieve-accounts and retrieve-transactions succeed. The mock's test credentials (docs/mock.md, What the mock adds) make verify-credentials fail (`status` `failed`, and for `result` the real service's object of `code`, `title` and `detail` where the spec's Job has null or a link: `GET /jobs/{jobId}` then answers outside the `Job` schema) or the job slow.
     */
    post: operations['createConnection'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{userId}/connections/{connectionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve a connection with its profile, institution and accounts
     * @description Spec: GET {base_url}/users/{user.id}/connections/{connection.id}. "Success: 200 with a connection including profile, institution and accounts. Error when the identifier is not valid." `loginId`, `password` and `securityCode` are never returned.
     */
    get: operations['getConnection'];
    put?: never;
    /**
     * Update a connection
     * @description Spec: POST {base_url}/users/{user.id}/connections/{connection.id}: "Updates a connection." "Success: 202 with a job (`type`, `id`, `links.self`)." "Jobs are returned when a connection is updated."
     */
    post: operations['updateConnection'];
    /**
     * Delete a connection (an extension of the mock's)
     * @description The mock's own, an extension after the real service: the connection, its accounts and their transactions are gone from the user's lists ("Deleting a connection deletes its profile data", spec: Profile).
     */
    delete: operations['deleteConnection'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/jobs/{jobId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve a job
     * @description Spec: GET {base_url}/jobs/{job.id}. "Success: 200 with a job. Error when the identifier is not valid." Long-running connection work is tracked through job resources; a step whose `result` is a link points to the resource it produced.
     */
    get: operations['getJob'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/institutions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the institution catalogue
     * @description Spec: GET {base_url}/institutions. "Success: 200 with the institution list envelope."
     */
    get: operations['listInstitutions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/institutions/{institutionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve an institution
     * @description Spec: GET {base_url}/institutions/{institution.id}. "Success: 200 with an institution. Error when the identifier is not valid."
     */
    get: operations['getInstitution'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{userId}/expenses': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create an expense summary of a user over a range of months
     * @description Spec: POST {base_url}/users/{user.id}/expenses. "Defaults: the range runs from 13 months ago to the current month; all accounts of the user are used when none are given. Transactions of accounts not specified are ignored." "Precondition: the user exists and all connections have been created or refreshed." "Success: 200 with the expenses resource."
     */
    post: operations['createExpenses'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{userId}/affordability/{affordabilityId}/transactions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Page through an affordability snapshot's transactions
     * @description Spec: GET {base_url}/users/{user.id}/affordability/{affordability.id}/transactions. "Ordering: by account, then posted date descending, pending transactions first." "Paging: pages of at most 500 entries; absence of `links.next` means no more pages." "Success: 200 with the affordability list envelope; `data` is an empty array when there are no transactions."
     */
    get: operations['listAffordabilityTransactions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{userId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve a user (the mock's own)
     * @description The mock's own, not the spec's: the user's `links.self` points here, and the spec shows no endpoint for it. It answers the user as `POST /users` gave it.
     */
    get: operations['getUser'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{userId}/accounts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a user's accounts (the mock's own)
     * @description "Endpoints for ... listing accounts ... are referenced by links but their shapes are: not shown." The mock's own list of every account of the user's connections, so that the links it hands out resolve.
     */
    get: operations['listAccounts'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{userId}/accounts/{accountId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve an account (the mock's own)
     * @description "Other account fields and the standalone account resource: not shown." The mock's own: an account's `links.self` points here, and it answers the account as a connection embeds it.
     */
    get: operations['getAccount'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{userId}/accounts/{accountId}/transactions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Page through an account's transactions (the mock's own)
     * @description "Endpoints for ... listing transactions ... are referenced by links but their shapes are: not shown." The mock's own: an account's `links.transactions` points here; it pages like the affordability transaction list, with the same query and envelope.
     */
    get: operations['listAccountTransactions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{userId}/transactions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Page through a user's transactions (the mock's own)
     * @description The mock's own list of every transaction of the user's accounts (the spec's transaction listing is "not shown"); it pages like the affordability transaction list, with the same query and envelope.
     */
    get: operations['listTransactions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{userId}/connections/{connectionId}/accounts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a connection's accounts (the mock's own)
     * @description The mock's own: a connection's `links.accounts` points here (the spec shows no shape for it); the accounts the connection's single retrieval embeds, as a list.
     */
    get: operations['listConnectionAccounts'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{userId}/connections/{connectionId}/transactions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Page through a connection's transactions (the mock's own)
     * @description The mock's own: a connection's `links.transactions` points here (the spec shows no shape for it); it pages like the affordability transaction list, with the same query and envelope.
     */
    get: operations['listConnectionTransactions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{userId}/expenses/{expensesId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve an expense summary (the mock's own)
     * @description The mock's own: the expenses resource's `links.self` points here (the spec shows no endpoint for it); it answers the summary as `POST /users/{userId}/expenses` created it.
     */
    get: operations['getExpenses'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /**
     * Account
     * @description An account embedded in a connection (spec: Connection, "Account (embedded in a connection): `type` (`account`), `id`, `accountNo`, `name`, `currency`, `balance` (decimal string), `availableFunds` (decimal string), `lastUpdated` (timestamp), `class` (object with `type` and `product`), `status`, `links` (`self`, `transactions`)"). Every listed member is required; "Other account fields and the standalone account resource: not shown", so extra members are allowed.
     */
    Account: {
      /** @constant */
      type: 'account';
      id: components['schemas']['Common.identifier'];
      /** @description Account number as the institution shows it; its format is not shown (it may be masked or contain spaces). */
      accountNo: string;
      name: string;
      /**
       * @description Currency of the account. The spec gives no code list, so any string is accepted.
       * @example AUD
       */
      currency: string;
      balance: components['schemas']['Common.decimal'];
      availableFunds: components['schemas']['Common.decimal'];
      lastUpdated: components['schemas']['Common.timestamp'];
      class: components['schemas']['Account.class'];
      /**
       * @description State of the account. `available` is the value seen; the complete set is "not shown beyond the values listed", so any string is accepted.
       * @example available
       */
      status: string;
      links: components['schemas']['Account.links'];
    };
    /**
     * AccountClass
     * @description Object with `type` and `product`. The set of account class types is not shown (the `accountType` list belongs to GET /enrich), so `type` is an open string.
     */
    'Account.class': {
      /**
       * @example transaction
       * @example savings
       * @example credit-card
       * @example mortgage
       * @example loan
       * @example foreign
       */
      type: string;
      product: string;
    };
    /** AccountLinks */
    'Account.links': {
      self: components['schemas']['Common.link'];
      transactions: components['schemas']['Common.link'];
    };
    /**
     * AffordabilityTransactionList
     * @description Body of GET /users/{user.id}/affordability/{affordability.id}/transactions (spec: Affordability transaction, "Affordability list envelope: `type` (`list`), `count` (number), `size` (number), `data` (array of transactions), `links` with `self` and, when more pages exist, `next`"). What `count` and `size` count is not defined, so their relation to `data` is not checked here.
     */
    AffordabilityTransactionList: {
      type: components['schemas']['Common.listType'];
      /** @description A number of transactions: a non-negative whole number. */
      count: number;
      /** @description A number of transactions: a non-negative whole number. */
      size: number;
      /** @description One page of transactions: "pages of at most 500 entries"; an empty array when there are none. */
      data: components['schemas']['AffordabilityTransaction'][];
      /**
       * AffordabilityListLinks
       * @description `self`, and `next` when more pages exist; "absence of `links.next` means no more pages". A null `next` is read as absent, as many serialisers write an absent member.
       */
      links: {
        self: components['schemas']['Common.link'];
        next?: components['schemas']['Common.link'] | null;
      };
    };
    /**
     * AffordabilityTransaction
     * @description An entry of the affordability transaction list (spec: Affordability transaction). Every member of the table is required except `subClass`, which is "populated only for payment transactions, otherwise null or empty" and so may be absent. The debit and credit class tables are the complete lists for affordability, so `class` is a closed set and must belong to the table of the transaction's `direction`. The rules that tie one member to another are under `dependentSchemas`, keyed by the member they depend on.
     */
    AffordabilityTransaction: {
      /** @constant */
      type: 'transaction';
      id: components['schemas']['Common.identifier'];
      /**
       * @description `posted` is the value seen and pending transactions also exist; the complete set is "not shown beyond the values listed", so any string is accepted.
       * @example posted
       * @example pending
       */
      status: string;
      description: string;
      /** @description Signed decimal amount. */
      amount: components['schemas']['Common.decimal'];
      /** @description Account identifier. */
      account: components['schemas']['Common.identifier'];
      balance: components['schemas']['Common.decimal'];
      direction: components['schemas']['Common.direction'];
      class: components['schemas']['AffordabilityTransaction.class'];
      /** @description Institution identifier. */
      institution: components['schemas']['Common.identifier'];
      /** @description "May be an empty string"; otherwise an ISO 8601 date or timestamp. */
      transactionDate: '' | string | components['schemas']['Common.timestamp'];
      postDate: components['schemas']['Common.timestamp'];
      subClass?: components['schemas']['AffordabilityTransaction.subClass'];
      links: components['schemas']['AffordabilityTransaction.links'];
    };
    /**
     * AffordabilityDebitClass
     * @description Debit classes: bank-fee, payment, cash-withdrawal, internal-transfer, external-transfer, loan-interest.
     * @enum {unknown}
     */
    'AffordabilityTransaction.debitClass':
      | 'bank-fee'
      | 'payment'
      | 'cash-withdrawal'
      | 'internal-transfer'
      | 'external-transfer'
      | 'loan-interest';
    /**
     * AffordabilityCreditClass
     * @description Credit classes: refund, direct-credit, interest, internal-transfer, external-transfer, loan-repayment.
     * @enum {unknown}
     */
    'AffordabilityTransaction.creditClass':
      'refund' | 'direct-credit' | 'interest' | 'internal-transfer' | 'external-transfer' | 'loan-repayment';
    /**
     * AffordabilityClass
     * @description Union of the debit and credit classes.
     * @enum {unknown}
     */
    'AffordabilityTransaction.class':
      | 'bank-fee'
      | 'payment'
      | 'cash-withdrawal'
      | 'internal-transfer'
      | 'external-transfer'
      | 'loan-interest'
      | 'refund'
      | 'direct-credit'
      | 'interest'
      | 'loan-repayment';
    /**
     * AffordabilitySubClass
     * @description `title` and `code`, or null, or an empty object. A populated subClass (any member present) must carry both as strings. For payments the default is the HEC classification and a partner may configure a custom class, so the values themselves are not checked.
     */
    'AffordabilityTransaction.subClass': {
      title?: string;
      code?: string;
    } | null;
    /**
     * AffordabilityTransactionLinks
     * @description `account` and `institution`; "there is no `self` link", so a `self` member is a violation.
     */
    'AffordabilityTransaction.links': {
      account: components['schemas']['Common.link'];
      institution: components['schemas']['Common.link'];
      self?: never;
    };
    /** @description All identifiers are strings; their format is not shown, so any non-empty string is accepted. */
    'Common.identifier': string;
    /** @description Money amounts are decimal strings, optionally signed (spec: Types). */
    'Common.decimal': string;
    /** @description A month in YYYY-MM form (spec: Expenses resource). */
    'Common.month': string;
    /** @description An ISO 8601 timestamp. ISO 8601 is wider than RFC 3339: the time zone designator and fractional seconds are optional, so both are accepted. */
    'Common.timestamp': string;
    /**
     * Format: uuid
     * @description A UUID-shaped string (spec: Error list, correlationId).
     */
    'Common.uuid': string;
    /** @description A link; absolute or relative references are both accepted because the spec does not fix the form. */
    'Common.link': string;
    /** @description A links object with a self member; other members are allowed. */
    'Common.selfLinks': {
      self: components['schemas']['Common.link'];
    };
    /**
     * @description The type of every list envelope.
     * @constant
     */
    'Common.listType': 'list';
    /**
     * @description Transaction direction (spec: Enrich result, Affordability transaction).
     * @enum {unknown}
     */
    'Common.direction': 'debit' | 'credit';
    /**
     * @description Account types accepted by GET /enrich (spec: GET /enrich query parameters).
     * @enum {unknown}
     */
    'Common.accountType': 'transaction' | 'credit-card' | 'savings' | 'mortgage' | 'loan' | 'foreign';
    /**
     * @description Token scopes (spec: Authentication, Scopes).
     * @enum {unknown}
     */
    'Common.scope': 'SERVER_ACCESS' | 'CLIENT_ACCESS';
    /**
     * ConnectionDetail
     * @description A single connection (spec: Connection; GET /users/{user.id}/connections/{connection.id}, "200 with a connection including profile, institution and accounts"). `mfaEnabled` and `profile` are "returned on retrieval of a single connection" and `accounts` is the list envelope "on single retrieval", so all three are required here; the profile may be an empty object when the institution makes no data points available. Links carry `self`, `accounts` and `transactions`; `institution` is only promised in the list form, so it is optional but typed. `loginId`, `password` and `securityCode` are never returned, so those members are forbidden.
     */
    ConnectionDetail: {
      /** @constant */
      type: 'connection';
      id: components['schemas']['Common.identifier'];
      status: components['schemas']['Connection.status'];
      createdDate: components['schemas']['Common.timestamp'];
      lastUsed: components['schemas']['Common.timestamp'];
      mfaEnabled: boolean;
      profile: components['schemas']['ConnectionProfile'];
      institution: components['schemas']['Connection.institution'];
      accounts: components['schemas']['Connection.accounts'];
      /** ConnectionDetailLinks */
      links: {
        self: components['schemas']['Common.link'];
        accounts: components['schemas']['Common.link'];
        transactions: components['schemas']['Common.link'];
        institution?: components['schemas']['Common.link'];
      };
      loginId?: never;
      password?: never;
      securityCode?: never;
    };
    /**
     * ConnectionList
     * @description Body of GET /users/{user.id}/connections (spec: "200 with a list (`type`, `data` array of connections, `links.self`); empty array when none").
     */
    ConnectionList: {
      type: components['schemas']['Common.listType'];
      data: components['schemas']['Connection'][];
      links: components['schemas']['Common.selfLinks'];
    };
    /**
     * UpdateConnectionRequest
     * @description Body of POST /users/{user.id}/connections/{connection.id} (spec: Updates a connection). `password` is required and, being the user's institution password, cannot be empty; `securityCode` and `secondaryLoginId` are "conditional" on the institution, which a schema cannot know, so they are optional strings.
     */
    UpdateConnectionRequest: {
      /** @description The user's new or old institution password. */
      password: string;
      securityCode?: string;
      secondaryLoginId?: string;
    };
    /**
     * Connection
     * @description A connection as it appears in the connection list (spec: Connection; GET /users/{user.id}/connections). The list form carries `links.institution` ("the list form also has `institution`"); `mfaEnabled`, `profile` and `accounts` are "returned on retrieval of a single connection", so they are optional here but typed when present. "`loginId`, `password` and `securityCode` are never returned", so those members are forbidden.
     */
    Connection: {
      /** @constant */
      type: 'connection';
      id: components['schemas']['Common.identifier'];
      status: components['schemas']['Connection.status'];
      createdDate: components['schemas']['Common.timestamp'];
      lastUsed: components['schemas']['Common.timestamp'];
      mfaEnabled?: boolean;
      profile?: components['schemas']['ConnectionProfile'];
      institution: components['schemas']['Connection.institution'];
      accounts?: components['schemas']['Connection.accounts'];
      /**
       * ConnectionListLinks
       * @description `self`, `accounts`, `transactions` and, in the list form, `institution`.
       */
      links: {
        self: components['schemas']['Common.link'];
        accounts: components['schemas']['Common.link'];
        transactions: components['schemas']['Common.link'];
        institution: components['schemas']['Common.link'];
      };
      loginId?: never;
      password?: never;
      securityCode?: never;
    };
    /**
     * ConnectionStatus
     * @description Validity of the connection: whether it is still valid or whether the user must resubmit credentials. `active` is the value seen; the complete set is "not shown beyond the values listed", so any string is accepted.
     * @example active
     */
    'Connection.status': string;
    /**
     * ConnectionInstitution
     * @description Reference to the connection's institution: `type`, `id`, `links.self`. `type` must be `institution` because every `type` field names the kind of what it describes.
     */
    'Connection.institution': {
      /** @constant */
      type: 'institution';
      id: components['schemas']['Common.identifier'];
      links: components['schemas']['Common.selfLinks'];
    };
    /**
     * ConnectionAccounts
     * @description The connection's accounts on single retrieval: a list envelope (`type` `list`, `data` array of accounts). An empty `data` array is allowed.
     */
    'Connection.accounts': {
      type: components['schemas']['Common.listType'];
      data: components['schemas']['Account'][];
    };
    /**
     * EnrichResult
     * @description Body of a successful GET /enrich (spec: Enrich result; GET {base_url}/enrich: "When nothing matches, `data.merchant`, `data.location`, `data.category`, `links.logo-master` and `links.logo-thumb` are null").
     */
    EnrichResult: {
      /** @constant */
      type: 'enrich';
      direction: components['schemas']['Common.direction'];
      /** @description Kind of transaction: payment, transfer, cash-withdrawal, bank-fee, interest, refund "and others". The set is open, so any non-empty string is accepted. */
      class: string;
      data: components['schemas']['EnrichResult.EnrichData'];
      links: components['schemas']['EnrichResult.EnrichLinks'];
    };
    /**
     * EnrichData
     * @description Members `merchant`, `location`, `category`; each is an object or null. All three are always present, null when not found.
     */
    'EnrichResult.EnrichData': {
      merchant: components['schemas']['EnrichResult.Merchant'] | null;
      location: components['schemas']['EnrichResult.Location'] | null;
      category: components['schemas']['EnrichResult.Category'] | null;
    };
    /**
     * Merchant
     * @description The matched merchant (spec: Merchant). A merchant without its identifier or name identifies nothing, so `id` and `businessName` are required; the other members are typed when present, and one the service does not know may be left out or null (AMB-ENRICH-14).
     */
    'EnrichResult.Merchant': {
      id: components['schemas']['Common.identifier'];
      businessName: string;
      /** @description Business number of the merchant. It is an identifier, so a string; its format is not shown (spaced or not, and a search in another country may return another kind of business number). */
      ABN?: string | null;
      website?: string | null;
      phoneNumber?: components['schemas']['EnrichResult.PhoneNumber'] | null;
    };
    /**
     * PhoneNumber
     * @description Object with `local` and `international` strings; their formats are not shown.
     */
    'EnrichResult.PhoneNumber': {
      local: string;
      international: string;
    };
    /**
     * Location
     * @description Where the merchant is (spec: Location). No member is marked as always present (an online merchant may have no street), so all are optional and typed; one the service does not know may be null (AMB-ENRICH-14).
     */
    'EnrichResult.Location': {
      /** @description Street number. Its type is not given (unlike every other member), so a string ("12A", "3/45") or an integer is accepted. */
      routeNo?: string | number | null;
      /** @description Street name. */
      route?: string | null;
      postalCode?: string | null;
      suburb?: string | null;
      state?: string | null;
      /** @description A string; whether a name or a code is not shown (AMB-ENRICH-13). */
      country?: string | null;
      /** @description Full address string. */
      formattedAddress?: string | null;
      geometry?: components['schemas']['EnrichResult.Geometry'];
    };
    /**
     * Geometry
     * @description Object with `lat` and `lng`, both strings. A latitude or longitude that is not a decimal number is no coordinate, so the strings must hold one.
     */
    'EnrichResult.Geometry': {
      lat: string;
      lng: string;
    };
    /**
     * Category
     * @description Spec: "Category: an object `anzsic` holding four members `division`, `subdivision`, `group`, `class`".
     */
    'EnrichResult.Category': {
      anzsic: components['schemas']['EnrichResult.Anzsic'];
    };
    /**
     * Anzsic
     * @description The four levels of the ANZSIC classification. Codes follow the ANZSIC structure: a division letter A to S, then 2, 3 and 4 digits.
     */
    'EnrichResult.Anzsic': {
      division: components['schemas']['EnrichResult.AnzsicDivision'];
      subdivision: components['schemas']['EnrichResult.AnzsicSubdivision'];
      group: components['schemas']['EnrichResult.AnzsicGroup'];
      class: components['schemas']['EnrichResult.AnzsicClass'];
    };
    /**
     * AnzsicDivision
     * @description ANZSIC division: an object with `code` (string) and `title` (string). The spec gives codes as strings only; the ANZSIC code structure is not enforced, so a service may use its own code forms.
     */
    'EnrichResult.AnzsicDivision': {
      code: string;
      title: string;
    };
    /**
     * AnzsicSubdivision
     * @description ANZSIC subdivision: an object with `code` (string) and `title` (string).
     */
    'EnrichResult.AnzsicSubdivision': {
      code: string;
      title: string;
    };
    /**
     * AnzsicGroup
     * @description ANZSIC group: an object with `code` (string) and `title` (string).
     */
    'EnrichResult.AnzsicGroup': {
      code: string;
      title: string;
    };
    /**
     * AnzsicClass
     * @description ANZSIC class: an object with `code` (string) and `title` (string).
     */
    'EnrichResult.AnzsicClass': {
      code: string;
      title: string;
    };
    /**
     * EnrichLinks
     * @description Members `self`, `logo-master`, `logo-thumb` (spec: Enrich result, Links). "When no thumbnail exists the master logo is given for both", so the two logos are null together or strings together.
     */
    'EnrichResult.EnrichLinks': {
      /** @description Reference link to the original query. */
      self: components['schemas']['Common.link'];
      'logo-master': components['schemas']['EnrichResult.LogoLink'];
      'logo-thumb': components['schemas']['EnrichResult.LogoLink'];
    };
    /**
     * LogoLink
     * @description A link to a logo, or null. Logo formats are svg, png, jpg, jpeg, gif: a link whose path visibly ends in another image format is refused; a link with no extension is accepted, since its format cannot be told from the link.
     */
    'EnrichResult.LogoLink': string | null;
    /**
     * ErrorList
     * @description Body of every error response (spec: Error list: type `list`, correlationId a UUID-shaped string, data an array of error objects).
     */
    ErrorList: {
      type: components['schemas']['Common.listType'];
      /** @description Identifier of the request, a UUID-shaped string. */
      correlationId: components['schemas']['Common.uuid'];
      /** @description The errors. An error response that carries no error says nothing, so at least one is required. An empty array is a SHOULD-level finding (ERR-06), checked in code, not a schema violation. */
      data: components['schemas']['ErrorObject'][];
    };
    /**
     * ErrorObject
     * @description One error inside the body of an error response (spec: Error list, Error object: type `error`, code, title, detail, source holding `parameter`).
     */
    ErrorObject: {
      /** @constant */
      type: 'error';
      /** @description Error code (spec: Errors). Only the token and enrich codes are listed and the codes of other endpoints are not shown, so any non-empty string is accepted. */
      code: string;
      /** @description Short text. */
      title: string;
      /** @description Longer text. */
      detail: string;
      /** @description Holds `parameter`, the name of the offending parameter. Not required (ERR-09): an error such as internal-server-error has no offending parameter, and a service may then leave source out, send it null or empty, or send a null parameter (AMB-ERR-03). */
      source?: {
        parameter?: string | null;
      } | null;
    };
    /**
     * CreateExpensesRequest
     * @description Body of POST /users/{user.id}/expenses (spec: "Body (JSON), all members optional in effect"). The range defaults to 13 months ago through the current month and all accounts of the user are used when none are given, so an empty object is valid. `fromMonth` not after `toMonth` is checked in code, not here.
     */
    CreateExpensesRequest: {
      /** @description First month included, `YYYY-MM`. */
      fromMonth?: components['schemas']['Common.month'];
      /** @description Last month included, `YYYY-MM`. */
      toMonth?: components['schemas']['Common.month'];
      /** @description Identifiers of the accounts to include; transactions of other accounts are ignored. */
      accounts?: components['schemas']['Common.identifier'][];
    };
    /**
     * Expenses
     * @description An expense summary over a range of months (spec: Expenses resource; POST /users/{user.id}/expenses). Every member of the tables is required. Rules that span fields (`fromMonth` not after `toMonth`, `changeHistory` dates inside the range) are checked in code, not here.
     */
    Expenses: {
      /** @constant */
      type: 'expenses';
      id: components['schemas']['Common.identifier'];
      fromMonth: components['schemas']['Common.month'];
      toMonth: components['schemas']['Common.month'];
      /** @description One entry per expense division; empty when there are no payments in the range. */
      payments: components['schemas']['Expenses.payment'][];
      cashWithdrawals: components['schemas']['Expenses.summaryBlock'];
      bankFees: components['schemas']['Expenses.summaryBlock'];
      externalTransfers: components['schemas']['Expenses.summaryBlock'];
      loanInterests: components['schemas']['Expenses.summaryBlock'];
      loanRepayments: components['schemas']['Expenses.summaryBlock'];
      links: components['schemas']['Expenses.links'];
    };
    /**
     * ExpensesPayment
     * @description Entry of `payments`: one expense division.
     */
    'Expenses.payment': {
      /** @description Division title. */
      division: string;
      avgMonthly: components['schemas']['Common.decimal'];
      /** @description A number; its scale (0-1 or 0-100) and precision are not shown, so only the type is checked. */
      percentageTotal: number;
      subCategory: components['schemas']['Expenses.subCategory'][];
    };
    /**
     * ExpensesSubCategory
     * @description Entry of `subCategory`: `summary`, `category.expenseClass` and `changeHistory`.
     */
    'Expenses.subCategory': {
      summary: components['schemas']['Expenses.summary'];
      /** ExpensesCategory */
      category: {
        expenseClass: components['schemas']['Expenses.expenseClass'];
      };
      changeHistory: components['schemas']['Expenses.changeHistory'];
    };
    /**
     * ExpenseClass
     * @description Object with `classCode`, `classTitle`, `divisionCode`, `divisionTitle`, all strings.
     */
    'Expenses.expenseClass': {
      classCode: string;
      classTitle: string;
      divisionCode: string;
      divisionTitle: string;
    };
    /**
     * ExpensesSummaryBlock
     * @description Summary block (cashWithdrawals, bankFees, externalTransfers, loanInterests, loanRepayments): `avgMonthly` (string decimal), `summary` (string), `changeHistory` (array).
     */
    'Expenses.summaryBlock': {
      avgMonthly: components['schemas']['Common.decimal'];
      summary: components['schemas']['Expenses.summary'];
      changeHistory: components['schemas']['Expenses.changeHistory'];
    };
    /**
     * @description Period the figures summarise. `monthly` is the value seen; no closed set is given, so any string is accepted.
     * @example monthly
     */
    'Expenses.summary': string;
    /**
     * ExpensesChangeHistory
     * @description Amounts month by month; may be empty.
     */
    'Expenses.changeHistory': components['schemas']['Expenses.change'][];
    /**
     * ExpensesChange
     * @description Entry of `changeHistory`: `date` (string `YYYY-MM`), `amount` (string decimal).
     */
    'Expenses.change': {
      date: components['schemas']['Common.month'];
      amount: components['schemas']['Common.decimal'];
    };
    /**
     * ExpensesLinks
     * @description `self` (string) and `accounts` (array of account links).
     */
    'Expenses.links': {
      self: components['schemas']['Common.link'];
      accounts: components['schemas']['Common.link'][];
    };
    /**
     * InstitutionList
     * @description Body of a successful GET /institutions (spec: Institution list envelope: type `list`, totalCount (number), data (array of institutions)).
     */
    InstitutionList: {
      type: components['schemas']['Common.listType'];
      /** @description A count of institutions, so a whole number, zero or more. */
      totalCount: number;
      /** @description The institutions; empty when none matches the filter. */
      data: components['schemas']['Institution'][];
    };
    /**
     * Institution
     * @description A financial institution of the catalogue (spec: Institution). The table lists many fields but a catalogue entry may omit some, so only type, id, name and links are required; every listed field is typed when present.
     */
    Institution: {
      /** @constant */
      type: 'institution';
      id: components['schemas']['Common.identifier'];
      name: string;
      shortName?: string;
      institutionType?: string;
      /** @description A string; unlike the enrich `country` query parameter, no ISO 3166 code is required here (a country name is as likely). */
      country?: string;
      serviceName?: string;
      serviceType?: string;
      loginIdCaption?: string;
      passwordCaption?: string;
      /** @description A string, even though tiers look numeric. */
      tier?: string;
      authorization?: string;
      features?: components['schemas']['Institution.InstitutionFeatures'];
      /** @description A string; whether it is always an absolute URL is not shown. */
      forgottenPasswordUrl?: string;
      /** @description Open set: only `beta` is shown and the complete set of values is not shown. */
      stage?: string;
      /** @description Open set: only `under-maintenance` is shown and the complete set of values is not shown. */
      status?: string;
      stats?: components['schemas']['Institution.InstitutionStats'];
      logo?: components['schemas']['Institution.InstitutionLogo'];
      links: components['schemas']['Common.selfLinks'];
    };
    /**
     * FeatureMap
     * @description Maps a field name (for example `accountNo`, `name`, `status`, `description`, `fullName`, `firstName`) to an array of strings naming the retrieval method. The field names beyond those examples are not shown, so any name is accepted.
     */
    'Institution.FeatureMap': {
      [key: string]: string[];
    };
    /**
     * InstitutionFeatures
     * @description Groups `login` (array of strings), `accounts`, `transactions`, `profile`.
     */
    'Institution.InstitutionFeatures': {
      login?: string[];
      accounts?: components['schemas']['Institution.FeatureMap'];
      transactions?: components['schemas']['Institution.FeatureMap'];
      profile?: components['schemas']['Institution.FeatureMap'];
    };
    /**
     * InstitutionStats
     * @description `averageDurationMs` with numeric members `verifyCredentials`, `retrieveAccounts`, `retrieveTransactions`, `retrieveMeta`, `total`.
     */
    'Institution.InstitutionStats': {
      /**
       * AverageDurationMs
       * @description Average durations in milliseconds; a duration cannot be negative.
       */
      averageDurationMs?: {
        verifyCredentials?: number;
        retrieveAccounts?: number;
        retrieveTransactions?: number;
        retrieveMeta?: number;
        total?: number;
      };
    };
    /**
     * InstitutionLogo
     * @description `type`, `colors` (may be null), `links` with `square` and `full`.
     */
    'Institution.InstitutionLogo': {
      type?: string;
      /** @description May be null; its shape otherwise is not shown, so any JSON value is accepted. */
      colors?: Record<string, never> | unknown[] | string | number | boolean | null;
      /** InstitutionLogoLinks */
      links?: {
        square?: components['schemas']['Common.link'];
        full?: components['schemas']['Common.link'];
      };
    };
    /**
     * JobStep
     * @description An entry of a job's ordered `steps` (spec: Job, "Step: `title` (string), `status` (string), `result` (null, or an object with `type` = `link` and `url` string)"; States and transitions). `title` and `status` are required; `result` may be left out while the step has produced nothing, as well as given null (AMB-JOBS-04: the spec gives null as that value, and a serialiser that omits null members is a reading a real service ships), and is typed whenever it is present.
     */
    JobStep: {
      /**
       * @description Name of the step. The spec lists the titles seen; the complete set is "not shown beyond the values listed", so any string is accepted.
       * @example verify-credentials
       * @example retrieve-accounts
       * @example retrieve-transactions
       */
      title: string;
      /**
       * @description State of the step. The spec lists the statuses seen; the complete set is "not shown beyond the values listed", so any string is accepted.
       * @example success
       * @example in-progress
       * @example pending
       */
      status: string;
      result?: components['schemas']['JobStep.result'];
    };
    /**
     * JobStepResult
     * @description null while the step has produced nothing, otherwise a link to the resource it produced: an object with `type` = `link` and a `url` string (spec: "A job step whose `result` is a link points to the resource it produced"). One nullable object type rather than a oneOf, so a broken link is blamed on its member alone.
     */
    'JobStep.result': {
      /** @constant */
      type: 'link';
      url: components['schemas']['Common.link'];
    } | null;
    /**
     * Job
     * @description A job tracking long-running connection work (spec: Job; GET /jobs/{job.id}; POST /users/{user.id}/connections/{connection.id} answers "202 with a job (`type`, `id`, `links.self`)"). Only `type`, `id` and `links.self` are required, because the update-connection response promises no more than those; `created`, `updated`, `steps` and `links.source` are typed strictly whenever they are present. Whether GET /jobs returns every member of the Job table is a check for the endpoint suite, not for this shape.
     */
    Job: {
      /** @constant */
      type: 'job';
      id: components['schemas']['Common.identifier'];
      created?: components['schemas']['Common.timestamp'];
      updated?: components['schemas']['Common.timestamp'];
      /** @description Ordered steps of the job. */
      steps?: components['schemas']['JobStep'][];
      links: components['schemas']['Job.links'];
    };
    /**
     * JobLinks
     * @description `self`; `source` is the link to the connection the job works on (spec: Job, links). `source` is optional because the 202 job of an update is only promised `links.self`.
     */
    'Job.links': {
      self: components['schemas']['Common.link'];
      source?: components['schemas']['Common.link'];
    };
    /**
     * ConnectionProfile
     * @description Personal data of the connection's customer (spec: Connection, Profile). "Only data that the institution makes available is returned; when the customer hides personal data or requires two-factor access, no data points are returned": every member is therefore optional and an empty object is valid, but a member that is present must have its stated type. "A masked phone number or e-mail address is returned exactly as the institution supplies it": phone numbers and e-mail addresses are plain strings with no format check.
     */
    ConnectionProfile: {
      fullName?: string;
      firstName?: string;
      lastName?: string;
      middleName?: string;
      /** @description Phone numbers, possibly masked by the institution, so not format-checked. */
      phoneNumbers?: string[];
      /** @description E-mail addresses, possibly masked by the institution, so not format-checked. */
      emailAddresses?: string[];
      physicalAddresses?: components['schemas']['ConnectionProfile.address'][];
    };
    /**
     * ProfileAddress
     * @description A physical address. Its members are optional for the same reason as the profile's (only data the institution makes available is returned); `addressLine3` and `city` are the only members the spec marks nullable, so the others must be strings when present.
     */
    'ConnectionProfile.address': {
      addressLine1?: string;
      addressLine2?: string;
      addressLine3?: string | null;
      postcode?: string;
      city?: string | null;
      state?: string;
      country?: string;
      countryCode?: string;
      formattedAddress?: string;
    };
    /**
     * TokenRequest
     * @description The form body of POST /token, decoded into an object (spec: POST {base_url}/token: "Body (form): `scope`, one of `SERVER_ACCESS`, `CLIENT_ACCESS`").
     */
    TokenRequest: {
      /** @description Exactly one scope name, in capitals; the spec does not allow a space-separated list of scopes. */
      scope: components['schemas']['Common.scope'];
    };
    /**
     * TokenResponse
     * @description Body of a successful POST /token (spec: Token response).
     */
    TokenResponse: {
      access_token: string;
      /** @constant */
      token_type: 'Bearer';
      /** @description Seconds left before the token becomes invalid; a token with no time left is useless, so it must be positive. */
      expires_in: number;
    };
    /**
     * CreateUserRequest
     * @description JSON body of POST /users (spec: POST {base_url}/users: email required when mobile is absent, mobile required when email is absent and in international format, firstName and lastName optional; "Error when parameters are invalid (for example an empty e-mail)").
     */
    CreateUserRequest: {
      /** @description The spec says only "string" but names an empty e-mail as invalid; an e-mail address has one @ with something either side and no white space. Full RFC 5322 validation is deliberately not applied. */
      email?: string;
      /** @description International format `+[country-code][mobile number]`: a plus sign, then digits only (E.164: 7 to 15 digits, the country code never starts with 0). */
      mobile?: string;
      firstName?: string;
      lastName?: string;
    };
    /**
     * User
     * @description A user (spec: User: type `user`, id, email, mobile in international format `+[country-code][mobile number]`, firstName, lastName, links.self).
     */
    User: {
      /** @constant */
      type: 'user';
      id: components['schemas']['Common.identifier'];
      /** @description The spec says only "string"; an e-mail address has one @ with something either side and no white space. Full RFC 5322 validation is deliberately not applied. A user created without one may carry it null or empty (AMB-USERS-03). */
      email?: string | null;
      /** @description International format `+[country-code][mobile number]`: a plus sign, then digits only (E.164: 7 to 15 digits, the country code never starts with 0). A user created without one may carry it null or empty (AMB-USERS-03). */
      mobile?: string | null;
      /** @description Optional: null or empty when not given (AMB-USERS-03). */
      firstName?: string | null;
      /** @description Optional: null or empty when not given (AMB-USERS-03). */
      lastName?: string | null;
      links: components['schemas']['Common.selfLinks'];
    };
    /**
     * AccountList
     * @description The mock's own, not the spec's ("Endpoints for ... listing accounts ... are referenced by links but their shapes are: not shown"): a list like the connection list, `type` `list`, `data` the accounts, `links.self`.
     */
    AccountList: {
      type: components['schemas']['Common.listType'];
      data: components['schemas']['Account'][];
      links: components['schemas']['Common.selfLinks'];
    };
    /**
     * CreateConnectionRequest
     * @description An extension of the mock's, the real service's shape: the person's credentials at the institution (`loginId`, `password`, and where the institution asks for them `securityCode` and `secondaryLoginId`) and the institution.
     */
    CreateConnectionRequest: {
      loginId: string;
      password: string;
      securityCode?: string;
      secondaryLoginId?: string;
      institution: {
        id: string;
      };
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  issueToken: {
    parameters: {
      query?: never;
      header: {
        /** @description The interface version (spec: Versioning): "The token request names the interface version in a header called `service-version`"; "an example value is `2.0`". "An older version that is no longer supported is rejected with `parameter-not-valid` (400)." */
        'service-version': string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description Body (form): "`scope`, one of `SERVER_ACCESS`, `CLIENT_ACCESS`" (spec: Scopes). */
    requestBody: {
      content: {
        'application/x-www-form-urlencoded': components['schemas']['TokenRequest'];
      };
    };
    responses: {
      /** @description "Success: 200 with the token response." */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TokenResponse'];
        };
      };
      /**
       * @description - The token table's 400 rows: `invalid-request` ("required parameter missing, unsupported parameter value (other than grant type), or malformed request", a body that is not a form among them), `parameter-not-valid` ("Authorization header parameter required or invalid, or the requested older version is no longer supported"), `unsupported-grant-type`, `invalid-grant` ("the grant (for example the API key) or token is invalid, expired or revoked").
       *     - A body that is not `application/x-www-form-urlencoded`: `invalid-request` ("malformed request"), not 415, since the token table makes a malformed request a 400.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description `access-denied`: "partner account temporarily disabled". */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description `parameter-not-valid`: "partner account deleted". */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A body over 64 KiB (the mock's limit; the spec shows none): `payload-too-large`. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description `internal-server-error`: "unexpected condition". */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  enrich: {
    parameters: {
      query: {
        /** @description Transaction description; URL-encoded; "at least 3 characters" (spec: Limits). */
        q: string;
        /** @description A recognised institution identifier. */
        institution: components['schemas']['Common.identifier'];
        /** @description ISO 3166 alpha-2; limits the search to that country. */
        country: string;
        /** @description Merchant classification code. The spec fixes no form; the mock takes the four digits of an ISO 18245 merchant category code. */
        mcc?: string;
        /** @description One of `transaction`, `credit-card`, `savings`, `mortgage`, `loan`, `foreign`. */
        accountType?: components['schemas']['Common.accountType'];
        /** @description Transaction amount, signed decimal. */
        amount?: components['schemas']['Common.decimal'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The enrich result; its merchant, location, category and logo links are null when nothing matches. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EnrichResult'];
        };
      };
      /** @description "Invalid parameters return an error list (400)": `parameter-not-valid` with `source.parameter` naming the parameter (for example `accountType`) (spec: Errors). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  createUser: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Body (JSON): `email` "required when `mobile` is absent", `mobile` "required when `email` is absent; international format" (`+[country-code][mobile number]`): one of them is required. `firstName` and `lastName` optional. */
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateUserRequest'];
      };
    };
    responses: {
      /** @description The user created. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      /**
       * @description - "Error when parameters are invalid (for example an empty e-mail)", or neither `email` nor `mobile` given: `parameter-not-valid` naming the member.
       *     - A body that is not JSON: `parameter-not-valid` naming `body`.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description An e-mail address another user holds, from a service that keeps addresses unique (the spec does not say; the mock does under its `users.duplicateEmail` variant). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A body over 64 KiB (the mock's limit; the spec shows none): `payload-too-large`. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A body that is not `application/json`: `parameter-not-valid` naming `Content-Type`. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /**
       * @description - The same refusals as 400 from a service that answers 422 (the spec shows no status; the mock does under its `users.refusalStatus` variant).
       *     - A body that is not JSON, from a service that answers 422 (the spec shows no status; the mock does under its `errors.malformedBodyStatus` variant).
       */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  listConnections: {
    parameters: {
      query?: {
        /** @description "`filter` (optional), properties `id`, `status`, `institution.id`. Expression shape: `<property>.<operator>('<value>')`, the operator `eq` is the one seen." Several expressions at once are not shown. */
        filter?: string;
      };
      header?: never;
      path: {
        /** @description The user's identifier, the spec's `{user.id}` ("all identifiers are strings"). */
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The user's connections. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConnectionList'];
        };
      };
      /**
       * @description - A `filter` that is not one of the expressions above: `parameter-not-valid` naming `filter`.
       *     - An identifier of the path that names nothing, from a service that answers 400 `parameter-not-valid` (the spec shows no status; the mock does under its `refusalStatuses.unknownId` variant).
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description An identifier of the path that names nothing ("Error when the identifier is not valid"): `resource-not-found` naming the placeholder. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  createConnection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The user's identifier, the spec's `{user.id}` ("all identifiers are strings"). */
        userId: string;
      };
      cookie?: never;
    };
    /** @description The person's credentials at the institution and the institution. They are never returned, and a refusal never repeats them. */
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateConnectionRequest'];
      };
    };
    responses: {
      /** @description The job making the connection: `type`, `id`, `links.self`. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Job'];
        };
      };
      /**
       * @description - No `loginId`, `password` or `institution.id`, a member of another type, or an `institution.id` of no institution: `parameter-not-valid` naming it.
       *     - An identifier of the path that names nothing, from a service that answers 400 `parameter-not-valid` (the spec shows no status; the mock does under its `refusalStatuses.unknownId` variant).
       *     - A body that is not JSON: `parameter-not-valid` naming `body`.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description An identifier of the path that names nothing ("Error when the identifier is not valid"): `resource-not-found` naming the placeholder. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A body over 64 KiB (the mock's limit; the spec shows none): `payload-too-large`. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A body that is not `application/json`: `parameter-not-valid` naming `Content-Type`. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A body that is not JSON, from a service that answers 422 (the spec shows no status; the mock does under its `errors.malformedBodyStatus` variant). */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  getConnection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The user's identifier, the spec's `{user.id}` ("all identifiers are strings"). */
        userId: string;
        /** @description The connection's identifier, the spec's `{connection.id}`. */
        connectionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The connection. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConnectionDetail'];
        };
      };
      /** @description An identifier of the path that names nothing, from a service that answers 400 `parameter-not-valid` (the spec shows no status; the mock does under its `refusalStatuses.unknownId` variant). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description An identifier of the path that names nothing ("Error when the identifier is not valid"): `resource-not-found` naming the placeholder. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  updateConnection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The user's identifier, the spec's `{user.id}` ("all identifiers are strings"). */
        userId: string;
        /** @description The connection's identifier, the spec's `{connection.id}`. */
        connectionId: string;
      };
      cookie?: never;
    };
    /** @description Body (JSON): `password` "required; the user's new or old institution password"; `securityCode` and `secondaryLoginId` "conditional". */
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateConnectionRequest'];
      };
    };
    responses: {
      /** @description The job tracking the update. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Job'];
        };
      };
      /**
       * @description - No `password`, or a member that is not a string: `parameter-not-valid` naming it.
       *     - An identifier of the path that names nothing, from a service that answers 400 `parameter-not-valid` (the spec shows no status; the mock does under its `refusalStatuses.unknownId` variant).
       *     - A body that is not JSON: `parameter-not-valid` naming `body`.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description An identifier of the path that names nothing ("Error when the identifier is not valid"): `resource-not-found` naming the placeholder. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A body over 64 KiB (the mock's limit; the spec shows none): `payload-too-large`. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A body that is not `application/json`: `parameter-not-valid` naming `Content-Type`. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /**
       * @description - No `password`, from a service that answers 422 (the spec shows no status; the mock does under its `connections.missingPasswordStatus` variant).
       *     - A body that is not JSON, from a service that answers 422 (the spec shows no status; the mock does under its `errors.malformedBodyStatus` variant).
       */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  deleteConnection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The user's identifier, the spec's `{user.id}` ("all identifiers are strings"). */
        userId: string;
        /** @description The connection's identifier, the spec's `{connection.id}`. */
        connectionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted; no body. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An identifier of the path that names nothing, from a service that answers 400 `parameter-not-valid` (the spec shows no status; the mock does under its `refusalStatuses.unknownId` variant). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description An identifier of the path that names nothing ("Error when the identifier is not valid"): `resource-not-found` naming the placeholder. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  getJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The job's identifier, the spec's `{job.id}`. */
        jobId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The job. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Job'];
        };
      };
      /** @description An identifier of the path that names nothing, from a service that answers 400 `parameter-not-valid` (the spec shows no status; the mock does under its `refusalStatuses.unknownId` variant). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description An identifier of the path that names nothing ("Error when the identifier is not valid"): `resource-not-found` naming the placeholder. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  listInstitutions: {
    parameters: {
      query?: {
        /** @description "`filter` (optional) on properties `country`, `tier`, `serviceType`, `institutionType`, `stage`; only `eq` and `ne` are supported", in the expression shape `<property>.<operator>('<value>')`. The spec shows no prefix for these properties; the mock takes each bare or with `institution.`, as the connections filter's `institution.id` is written. */
        filter?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The institutions the filter selects. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InstitutionList'];
        };
      };
      /** @description A `filter` that is not one of the expressions above: `parameter-not-valid` naming `filter`. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A malformed `filter`, from a service that answers 422 (the spec shows no status; the mock does under its `institutions.malformedFilterStatus` variant). */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  getInstitution: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The institution's identifier, the spec's `{institution.id}`. */
        institutionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The institution. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Institution'];
        };
      };
      /** @description An identifier of the path that names nothing, from a service that answers 400 `parameter-not-valid` (the spec shows no status; the mock does under its `refusalStatuses.unknownId` variant). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description An identifier of the path that names nothing ("Error when the identifier is not valid"): `resource-not-found` naming the placeholder. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  createExpenses: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The user's identifier, the spec's `{user.id}` ("all identifiers are strings"). */
        userId: string;
      };
      cookie?: never;
    };
    /** @description Body (JSON), "all members optional in effect": `fromMonth` (`YYYY-MM`, first month included), `toMonth` (`YYYY-MM`, last month included), `accounts` (account identifiers to include). */
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateExpensesRequest'];
      };
    };
    responses: {
      /** @description The expenses resource. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Expenses'];
        };
      };
      /**
       * @description - "Error when the post fails": a month not in `YYYY-MM` form, `fromMonth` after `toMonth`, or an `accounts` entry that is no account of the user: `parameter-not-valid` naming it.
       *     - An identifier of the path that names nothing, from a service that answers 400 `parameter-not-valid` (the spec shows no status; the mock does under its `refusalStatuses.unknownId` variant).
       *     - A body that is not JSON: `parameter-not-valid` naming `body`.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description An identifier of the path that names nothing ("Error when the identifier is not valid"): `resource-not-found` naming the placeholder. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A body over 64 KiB (the mock's limit; the spec shows none): `payload-too-large`. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A body that is not `application/json`: `parameter-not-valid` naming `Content-Type`. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A body that is not JSON, from a service that answers 422 (the spec shows no status; the mock does under its `errors.malformedBodyStatus` variant). */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  listAffordabilityTransactions: {
    parameters: {
      query?: {
        /** @description Entries per page: "`limit` (string, optional, maximum 500, default 500)"; a whole number from 1 to 500 (spec: Limits). */
        limit?: string;
        /** @description "`filter` (string, optional; property `transaction.class`; applies only to the JSON form)", an expression `<property>.<operator>('<value>')` whose value is a class of the debit and credit class tables (spec: Affordability transaction). The spec names no operator for this filter; the mock takes `eq` and `ne`. */
        filter?: string;
        /** @description "`next` (cursor, taken from the `links.next` value of the previous page)", opaque to the client; "absence of `links.next` means no more pages". The cursor carries the walk's limit and filter: a `limit` sent beside it sizes the pages from there on, and a `filter` other than the walk's is refused. */
        next?: string;
      };
      header?: never;
      path: {
        /** @description The user's identifier, the spec's `{user.id}` ("all identifiers are strings"). */
        userId: string;
        /** @description The affordability snapshot's identifier, the spec's `{affordability.id}`. */
        affordabilityId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of the snapshot. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AffordabilityTransactionList'];
        };
      };
      /**
       * @description - A `limit`, `filter` or `next` that is not valid: `parameter-not-valid` naming it.
       *     - An identifier of the path that names nothing, from a service that answers 400 `parameter-not-valid` (the spec shows no status; the mock does under its `refusalStatuses.unknownId` variant).
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description An identifier of the path that names nothing ("Error when the identifier is not valid"): `resource-not-found` naming the placeholder. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  getUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The user's identifier, the spec's `{user.id}` ("all identifiers are strings"). */
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The user. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      /** @description An identifier of the path that names nothing, from a service that answers 400 `parameter-not-valid` (the spec shows no status; the mock does under its `refusalStatuses.unknownId` variant). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description An identifier of the path that names nothing ("Error when the identifier is not valid"): `resource-not-found` naming the placeholder. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  listAccounts: {
    parameters: {
      query?: {
        /** @description The mock's own, in the connections filter's expression shape `<property>.<operator>('<value>')`: `eq` on `id`, `status`, `connection.id` and `institution.id` (an account's institution is its connection's); several expressions, separated by commas, select the accounts that pass every one. */
        filter?: string;
      };
      header?: never;
      path: {
        /** @description The user's identifier, the spec's `{user.id}` ("all identifiers are strings"). */
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The user's accounts the filter selects. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AccountList'];
        };
      };
      /**
       * @description - A `filter` that is not one of the expressions above: `parameter-not-valid` naming `filter`.
       *     - An identifier of the path that names nothing, from a service that answers 400 `parameter-not-valid` (the spec shows no status; the mock does under its `refusalStatuses.unknownId` variant).
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description An identifier of the path that names nothing ("Error when the identifier is not valid"): `resource-not-found` naming the placeholder. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  getAccount: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The user's identifier, the spec's `{user.id}` ("all identifiers are strings"). */
        userId: string;
        /** @description The account's identifier, as the connection's `accounts` list gives it. */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The account. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Account'];
        };
      };
      /** @description An identifier of the path that names nothing, from a service that answers 400 `parameter-not-valid` (the spec shows no status; the mock does under its `refusalStatuses.unknownId` variant). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description An identifier of the path that names nothing ("Error when the identifier is not valid"): `resource-not-found` naming the placeholder. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  listAccountTransactions: {
    parameters: {
      query?: {
        /** @description Entries per page: "`limit` (string, optional, maximum 500, default 500)"; a whole number from 1 to 500 (spec: Limits). */
        limit?: string;
        /** @description "`filter` (string, optional; property `transaction.class`; applies only to the JSON form)", an expression `<property>.<operator>('<value>')` whose value is a class of the debit and credit class tables (spec: Affordability transaction). The spec names no operator for this filter; the mock takes `eq` and `ne`. */
        filter?: string;
        /** @description "`next` (cursor, taken from the `links.next` value of the previous page)", opaque to the client; "absence of `links.next` means no more pages". The cursor carries the walk's limit and filter: a `limit` sent beside it sizes the pages from there on, and a `filter` other than the walk's is refused. */
        next?: string;
      };
      header?: never;
      path: {
        /** @description The user's identifier, the spec's `{user.id}` ("all identifiers are strings"). */
        userId: string;
        /** @description The account's identifier, as the connection's `accounts` list gives it. */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of the account's transactions. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AffordabilityTransactionList'];
        };
      };
      /**
       * @description - A `limit`, `filter` or `next` that is not valid: `parameter-not-valid` naming it.
       *     - An identifier of the path that names nothing, from a service that answers 400 `parameter-not-valid` (the spec shows no status; the mock does under its `refusalStatuses.unknownId` variant).
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description An identifier of the path that names nothing ("Error when the identifier is not valid"): `resource-not-found` naming the placeholder. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  listTransactions: {
    parameters: {
      query?: {
        /** @description Entries per page: "`limit` (string, optional, maximum 500, default 500)"; a whole number from 1 to 500 (spec: Limits). */
        limit?: string;
        /** @description "`filter` (string, optional; property `transaction.class`; applies only to the JSON form)", an expression `<property>.<operator>('<value>')` whose value is a class of the debit and credit class tables (spec: Affordability transaction). The spec names no operator for this filter; the mock takes `eq` and `ne`. */
        filter?: string;
        /** @description "`next` (cursor, taken from the `links.next` value of the previous page)", opaque to the client; "absence of `links.next` means no more pages". The cursor carries the walk's limit and filter: a `limit` sent beside it sizes the pages from there on, and a `filter` other than the walk's is refused. */
        next?: string;
      };
      header?: never;
      path: {
        /** @description The user's identifier, the spec's `{user.id}` ("all identifiers are strings"). */
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of the user's transactions. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AffordabilityTransactionList'];
        };
      };
      /**
       * @description - A `limit`, `filter` or `next` that is not valid: `parameter-not-valid` naming it.
       *     - An identifier of the path that names nothing, from a service that answers 400 `parameter-not-valid` (the spec shows no status; the mock does under its `refusalStatuses.unknownId` variant).
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description An identifier of the path that names nothing ("Error when the identifier is not valid"): `resource-not-found` naming the placeholder. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  listConnectionAccounts: {
    parameters: {
      query?: {
        /** @description The mock's own, in the connections filter's expression shape `<property>.<operator>('<value>')`: `eq` on `id`, `status`, `connection.id` and `institution.id` (an account's institution is its connection's); several expressions, separated by commas, select the accounts that pass every one. */
        filter?: string;
      };
      header?: never;
      path: {
        /** @description The user's identifier, the spec's `{user.id}` ("all identifiers are strings"). */
        userId: string;
        /** @description The connection's identifier, the spec's `{connection.id}`. */
        connectionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The connection's accounts the filter selects. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AccountList'];
        };
      };
      /**
       * @description - A `filter` that is not one of the expressions above: `parameter-not-valid` naming `filter`.
       *     - An identifier of the path that names nothing, from a service that answers 400 `parameter-not-valid` (the spec shows no status; the mock does under its `refusalStatuses.unknownId` variant).
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description An identifier of the path that names nothing ("Error when the identifier is not valid"): `resource-not-found` naming the placeholder. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  listConnectionTransactions: {
    parameters: {
      query?: {
        /** @description Entries per page: "`limit` (string, optional, maximum 500, default 500)"; a whole number from 1 to 500 (spec: Limits). */
        limit?: string;
        /** @description "`filter` (string, optional; property `transaction.class`; applies only to the JSON form)", an expression `<property>.<operator>('<value>')` whose value is a class of the debit and credit class tables (spec: Affordability transaction). The spec names no operator for this filter; the mock takes `eq` and `ne`. */
        filter?: string;
        /** @description "`next` (cursor, taken from the `links.next` value of the previous page)", opaque to the client; "absence of `links.next` means no more pages". The cursor carries the walk's limit and filter: a `limit` sent beside it sizes the pages from there on, and a `filter` other than the walk's is refused. */
        next?: string;
      };
      header?: never;
      path: {
        /** @description The user's identifier, the spec's `{user.id}` ("all identifiers are strings"). */
        userId: string;
        /** @description The connection's identifier, the spec's `{connection.id}`. */
        connectionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of the connection's transactions. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AffordabilityTransactionList'];
        };
      };
      /**
       * @description - A `limit`, `filter` or `next` that is not valid: `parameter-not-valid` naming it.
       *     - An identifier of the path that names nothing, from a service that answers 400 `parameter-not-valid` (the spec shows no status; the mock does under its `refusalStatuses.unknownId` variant).
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description An identifier of the path that names nothing ("Error when the identifier is not valid"): `resource-not-found` naming the placeholder. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
  getExpenses: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The user's identifier, the spec's `{user.id}` ("all identifiers are strings"). */
        userId: string;
        /** @description The expense summary's identifier, as `POST /users/{userId}/expenses` gave it. */
        expensesId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The expenses resource. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Expenses'];
        };
      };
      /** @description An identifier of the path that names nothing, from a service that answers 400 `parameter-not-valid` (the spec shows no status; the mock does under its `refusalStatuses.unknownId` variant). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description An identifier of the path that names nothing ("Error when the identifier is not valid"): `resource-not-found` naming the placeholder. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description "Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication). */
      429: {
        headers: {
          /** @description When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
      /** @description Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors). */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorList'];
        };
      };
    };
  };
}

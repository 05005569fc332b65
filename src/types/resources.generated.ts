/* Generated from schemas/ by `npm run gen:types`; do not edit. test/generated-types.test.ts fails when stale. */

/**
 * Union of the debit and credit classes.
 */
export type AffordabilityClass =
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
 * `title` and `code`, or null, or an empty object. A populated subClass (any member present) must carry both as strings. For payments the default is the HEC classification and a partner may configure a custom class, so the values themselves are not checked.
 */
export type AffordabilitySubClass = {
  title?: string;
  code?: string;
  [k: string]: unknown | undefined;
} | null;
/**
 * Validity of the connection: whether it is still valid or whether the user must resubmit credentials. `active` is the value seen; the complete set is "not shown beyond the values listed", so any string is accepted.
 */
export type ConnectionStatus = string;
/**
 * A link to a logo, or null. Logo formats are svg, png, jpg, jpeg, gif: a link whose path visibly ends in another image format is refused; a link with no extension is accepted, since its format cannot be told from the link.
 */
export type LogoLink = string | null;
/**
 * Amounts month by month; may be empty.
 */
export type ExpensesChangeHistory = ExpensesChange[];
/**
 * null while the step has produced nothing, otherwise a link to the resource it produced: an object with `type` = `link` and a `url` string (spec: "A job step whose `result` is a link points to the resource it produced"). One nullable object type rather than a oneOf, so a broken link is blamed on its member alone.
 */
export type JobStepResult = {
  type: 'link';
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  url: string;
  [k: string]: unknown | undefined;
} | null;

/**
 * Every resource and request body, by name; exists only to declare each type once.
 */
export interface Resources {
  account?: Account;
  'affordability-list'?: AffordabilityTransactionList;
  'affordability-transaction'?: AffordabilityTransaction;
  'connection-detail'?: ConnectionDetail;
  'connection-list'?: ConnectionList;
  'connection-update'?: UpdateConnectionRequest;
  connection?: Connection;
  enrich?: EnrichResult;
  'error-list'?: ErrorList;
  error?: ErrorObject;
  'expenses-create'?: CreateExpensesRequest;
  expenses?: Expenses;
  'institution-list'?: InstitutionList;
  institution?: Institution;
  'job-step'?: JobStep;
  job?: Job;
  profile?: ConnectionProfile;
  'token-request'?: TokenRequest;
  token?: TokenResponse;
  'user-create'?: CreateUserRequest;
  user?: User;
}
/**
 * An account embedded in a connection (spec: Connection, "Account (embedded in a connection): `type` (`account`), `id`, `accountNo`, `name`, `currency`, `balance` (decimal string), `availableFunds` (decimal string), `lastUpdated` (timestamp), `class` (object with `type` and `product`), `status`, `links` (`self`, `transactions`)"). Every listed member is required; "Other account fields and the standalone account resource: not shown", so extra members are allowed.
 */
export interface Account {
  type: 'account';
  /**
   * All identifiers are strings; their format is not shown, so any non-empty string is accepted.
   */
  id: string;
  /**
   * Account number as the institution shows it; its format is not shown (it may be masked or contain spaces).
   */
  accountNo: string;
  name: string;
  /**
   * Currency of the account. The spec gives no code list, so any string is accepted.
   */
  currency: string;
  /**
   * Money amounts are decimal strings, optionally signed (spec: Types).
   */
  balance: string;
  /**
   * Money amounts are decimal strings, optionally signed (spec: Types).
   */
  availableFunds: string;
  /**
   * An ISO 8601 timestamp. ISO 8601 is wider than RFC 3339: the time zone designator and fractional seconds are optional, so both are accepted.
   */
  lastUpdated: string;
  class: AccountClass;
  /**
   * State of the account. `available` is the value seen; the complete set is "not shown beyond the values listed", so any string is accepted.
   */
  status: string;
  links: AccountLinks;
  [k: string]: unknown | undefined;
}
/**
 * Object with `type` and `product`. The set of account class types is not shown (the `accountType` list belongs to GET /enrich), so `type` is an open string.
 */
export interface AccountClass {
  type: string;
  product: string;
  [k: string]: unknown | undefined;
}
export interface AccountLinks {
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  self: string;
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  transactions: string;
  [k: string]: unknown | undefined;
}
/**
 * Body of GET /users/{user.id}/affordability/{affordability.id}/transactions (spec: Affordability transaction, "Affordability list envelope: `type` (`list`), `count` (number), `size` (number), `data` (array of transactions), `links` with `self` and, when more pages exist, `next`"). What `count` and `size` count is not defined, so their relation to `data` is not checked here.
 */
export interface AffordabilityTransactionList {
  /**
   * The type of every list envelope.
   */
  type: 'list';
  /**
   * A number of transactions: a non-negative whole number.
   */
  count: number;
  /**
   * A number of transactions: a non-negative whole number.
   */
  size: number;
  /**
   * One page of transactions: "pages of at most 500 entries"; an empty array when there are none.
   *
   * @maxItems 500
   */
  data: AffordabilityTransaction[];
  links: AffordabilityListLinks;
  [k: string]: unknown | undefined;
}
/**
 * An entry of the affordability transaction list (spec: Affordability transaction). Every member of the table is required except `subClass`, which is "populated only for payment transactions, otherwise null or empty" and so may be absent. The debit and credit class tables are the complete lists for affordability, so `class` is a closed set and must belong to the table of the transaction's `direction`. The rules that tie one member to another are under `dependentSchemas`, keyed by the member they depend on.
 */
export interface AffordabilityTransaction {
  type: 'transaction';
  /**
   * All identifiers are strings; their format is not shown, so any non-empty string is accepted.
   */
  id: string;
  /**
   * `posted` is the value seen and pending transactions also exist; the complete set is "not shown beyond the values listed", so any string is accepted.
   */
  status: string;
  description: string;
  /**
   * Money amounts are decimal strings, optionally signed (spec: Types).
   */
  amount: string;
  /**
   * All identifiers are strings; their format is not shown, so any non-empty string is accepted.
   */
  account: string;
  /**
   * Money amounts are decimal strings, optionally signed (spec: Types).
   */
  balance: string;
  /**
   * Transaction direction (spec: Enrich result, Affordability transaction).
   */
  direction: 'debit' | 'credit';
  class: AffordabilityClass;
  /**
   * All identifiers are strings; their format is not shown, so any non-empty string is accepted.
   */
  institution: string;
  /**
   * "May be an empty string"; otherwise an ISO 8601 date or timestamp.
   */
  transactionDate: '' | string;
  /**
   * An ISO 8601 timestamp. ISO 8601 is wider than RFC 3339: the time zone designator and fractional seconds are optional, so both are accepted.
   */
  postDate: string;
  subClass?: AffordabilitySubClass;
  links: AffordabilityTransactionLinks;
  [k: string]: unknown | undefined;
}
/**
 * `account` and `institution`; "there is no `self` link", so a `self` member is a violation.
 */
export interface AffordabilityTransactionLinks {
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  account: string;
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  institution: string;
  self?: never;
  [k: string]: unknown | undefined;
}
/**
 * `self`, and `next` when more pages exist; "absence of `links.next` means no more pages". A null `next` is read as absent, as many serialisers write an absent member.
 */
export interface AffordabilityListLinks {
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  self: string;
  next?: string | null;
  [k: string]: unknown | undefined;
}
/**
 * A single connection (spec: Connection; GET /users/{user.id}/connections/{connection.id}, "200 with a connection including profile, institution and accounts"). `mfaEnabled` and `profile` are "returned on retrieval of a single connection" and `accounts` is the list envelope "on single retrieval", so all three are required here; the profile may be an empty object when the institution makes no data points available. Links carry `self`, `accounts` and `transactions`; `institution` is only promised in the list form, so it is optional but typed. `loginId`, `password` and `securityCode` are never returned, so those members are forbidden.
 */
export interface ConnectionDetail {
  type: 'connection';
  /**
   * All identifiers are strings; their format is not shown, so any non-empty string is accepted.
   */
  id: string;
  status: ConnectionStatus;
  /**
   * An ISO 8601 timestamp. ISO 8601 is wider than RFC 3339: the time zone designator and fractional seconds are optional, so both are accepted.
   */
  createdDate: string;
  /**
   * An ISO 8601 timestamp. ISO 8601 is wider than RFC 3339: the time zone designator and fractional seconds are optional, so both are accepted.
   */
  lastUsed: string;
  mfaEnabled: boolean;
  profile: ConnectionProfile;
  institution: ConnectionInstitution;
  accounts: ConnectionAccounts;
  links: ConnectionDetailLinks;
  loginId?: never;
  password?: never;
  securityCode?: never;
  [k: string]: unknown | undefined;
}
/**
 * Personal data of the connection's customer (spec: Connection, Profile). "Only data that the institution makes available is returned; when the customer hides personal data or requires two-factor access, no data points are returned": every member is therefore optional and an empty object is valid, but a member that is present must have its stated type. "A masked phone number or e-mail address is returned exactly as the institution supplies it": phone numbers and e-mail addresses are plain strings with no format check.
 */
export interface ConnectionProfile {
  fullName?: string;
  firstName?: string;
  lastName?: string;
  middleName?: string;
  /**
   * Phone numbers, possibly masked by the institution, so not format-checked.
   */
  phoneNumbers?: string[];
  /**
   * E-mail addresses, possibly masked by the institution, so not format-checked.
   */
  emailAddresses?: string[];
  physicalAddresses?: ProfileAddress[];
  [k: string]: unknown | undefined;
}
/**
 * A physical address. Its members are optional for the same reason as the profile's (only data the institution makes available is returned); `addressLine3` and `city` are the only members the spec marks nullable, so the others must be strings when present.
 */
export interface ProfileAddress {
  addressLine1?: string;
  addressLine2?: string;
  addressLine3?: string | null;
  postcode?: string;
  city?: string | null;
  state?: string;
  country?: string;
  countryCode?: string;
  formattedAddress?: string;
  [k: string]: unknown | undefined;
}
/**
 * Reference to the connection's institution: `type`, `id`, `links.self`. `type` must be `institution` because every `type` field names the kind of what it describes.
 */
export interface ConnectionInstitution {
  type: 'institution';
  /**
   * All identifiers are strings; their format is not shown, so any non-empty string is accepted.
   */
  id: string;
  links: SelfLinks;
  [k: string]: unknown | undefined;
}
/**
 * A links object with a self member; other members are allowed.
 */
export interface SelfLinks {
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  self: string;
  [k: string]: unknown | undefined;
}
/**
 * The connection's accounts on single retrieval: a list envelope (`type` `list`, `data` array of accounts). An empty `data` array is allowed.
 */
export interface ConnectionAccounts {
  /**
   * The type of every list envelope.
   */
  type: 'list';
  data: Account[];
  [k: string]: unknown | undefined;
}
export interface ConnectionDetailLinks {
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  self: string;
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  accounts: string;
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  transactions: string;
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  institution?: string;
  [k: string]: unknown | undefined;
}
/**
 * Body of GET /users/{user.id}/connections (spec: "200 with a list (`type`, `data` array of connections, `links.self`); empty array when none").
 */
export interface ConnectionList {
  /**
   * The type of every list envelope.
   */
  type: 'list';
  data: Connection[];
  links: SelfLinks;
  [k: string]: unknown | undefined;
}
/**
 * A connection as it appears in the connection list (spec: Connection; GET /users/{user.id}/connections). The list form carries `links.institution` ("the list form also has `institution`"); `mfaEnabled`, `profile` and `accounts` are "returned on retrieval of a single connection", so they are optional here but typed when present. "`loginId`, `password` and `securityCode` are never returned", so those members are forbidden.
 */
export interface Connection {
  type: 'connection';
  /**
   * All identifiers are strings; their format is not shown, so any non-empty string is accepted.
   */
  id: string;
  status: ConnectionStatus;
  /**
   * An ISO 8601 timestamp. ISO 8601 is wider than RFC 3339: the time zone designator and fractional seconds are optional, so both are accepted.
   */
  createdDate: string;
  /**
   * An ISO 8601 timestamp. ISO 8601 is wider than RFC 3339: the time zone designator and fractional seconds are optional, so both are accepted.
   */
  lastUsed: string;
  mfaEnabled?: boolean;
  profile?: ConnectionProfile;
  institution: ConnectionInstitution;
  accounts?: ConnectionAccounts;
  links: ConnectionListLinks;
  loginId?: never;
  password?: never;
  securityCode?: never;
  [k: string]: unknown | undefined;
}
/**
 * `self`, `accounts`, `transactions` and, in the list form, `institution`.
 */
export interface ConnectionListLinks {
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  self: string;
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  accounts: string;
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  transactions: string;
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  institution: string;
  [k: string]: unknown | undefined;
}
/**
 * Body of POST /users/{user.id}/connections/{connection.id} (spec: Updates a connection). `password` is required and, being the user's institution password, cannot be empty; `securityCode` and `secondaryLoginId` are "conditional" on the institution, which a schema cannot know, so they are optional strings.
 */
export interface UpdateConnectionRequest {
  /**
   * The user's new or old institution password.
   */
  password: string;
  securityCode?: string;
  secondaryLoginId?: string;
  [k: string]: unknown | undefined;
}
/**
 * Body of a successful GET /enrich (spec: Enrich result; GET {base_url}/enrich: "When nothing matches, `data.merchant`, `data.location`, `data.category`, `links.logo-master` and `links.logo-thumb` are null").
 */
export interface EnrichResult {
  type: 'enrich';
  /**
   * Transaction direction (spec: Enrich result, Affordability transaction).
   */
  direction: 'debit' | 'credit';
  /**
   * Kind of transaction: payment, transfer, cash-withdrawal, bank-fee, interest, refund "and others". The set is open, so any non-empty string is accepted.
   */
  class: string;
  data: EnrichData;
  links: EnrichLinks;
  [k: string]: unknown | undefined;
}
/**
 * Members `merchant`, `location`, `category`; each is an object or null. All three are always present, null when not found.
 */
export interface EnrichData {
  merchant: Merchant | null;
  location: Location | null;
  category: Category | null;
  [k: string]: unknown | undefined;
}
/**
 * The matched merchant (spec: Merchant). A merchant without its identifier or name identifies nothing, so `id` and `businessName` are required; the other members are typed when present, and one the service does not know may be left out or null (AMB-ENRICH-14).
 */
export interface Merchant {
  /**
   * All identifiers are strings; their format is not shown, so any non-empty string is accepted.
   */
  id: string;
  businessName: string;
  /**
   * Business number of the merchant. It is an identifier, so a string; its format is not shown (spaced or not, and a search in another country may return another kind of business number).
   */
  ABN?: string | null;
  website?: string | null;
  phoneNumber?: PhoneNumber | null;
  [k: string]: unknown | undefined;
}
/**
 * Object with `local` and `international` strings; their formats are not shown.
 */
export interface PhoneNumber {
  local: string;
  international: string;
  [k: string]: unknown | undefined;
}
/**
 * Where the merchant is (spec: Location). No member is marked as always present (an online merchant may have no street), so all are optional and typed; one the service does not know may be null (AMB-ENRICH-14).
 */
export interface Location {
  /**
   * Street number. Its type is not given (unlike every other member), so a string ("12A", "3/45") or an integer is accepted.
   */
  routeNo?: string | number | null;
  /**
   * Street name.
   */
  route?: string | null;
  postalCode?: string | null;
  suburb?: string | null;
  state?: string | null;
  /**
   * A string; whether a name or a code is not shown (AMB-ENRICH-13).
   */
  country?: string | null;
  /**
   * Full address string.
   */
  formattedAddress?: string | null;
  geometry?: Geometry;
  [k: string]: unknown | undefined;
}
/**
 * Object with `lat` and `lng`, both strings. A latitude or longitude that is not a decimal number is no coordinate, so the strings must hold one.
 */
export interface Geometry {
  lat: string;
  lng: string;
  [k: string]: unknown | undefined;
}
/**
 * Spec: "Category: an object `anzsic` holding four members `division`, `subdivision`, `group`, `class`".
 */
export interface Category {
  anzsic: Anzsic;
  [k: string]: unknown | undefined;
}
/**
 * The four levels of the ANZSIC classification. Codes follow the ANZSIC structure: a division letter A to S, then 2, 3 and 4 digits.
 */
export interface Anzsic {
  division: AnzsicDivision;
  subdivision: AnzsicSubdivision;
  group: AnzsicGroup;
  class: AnzsicClass;
  [k: string]: unknown | undefined;
}
/**
 * ANZSIC division: an object with `code` (string) and `title` (string). The spec gives codes as strings only; the ANZSIC code structure is not enforced, so a service may use its own code forms.
 */
export interface AnzsicDivision {
  code: string;
  title: string;
  [k: string]: unknown | undefined;
}
/**
 * ANZSIC subdivision: an object with `code` (string) and `title` (string).
 */
export interface AnzsicSubdivision {
  code: string;
  title: string;
  [k: string]: unknown | undefined;
}
/**
 * ANZSIC group: an object with `code` (string) and `title` (string).
 */
export interface AnzsicGroup {
  code: string;
  title: string;
  [k: string]: unknown | undefined;
}
/**
 * ANZSIC class: an object with `code` (string) and `title` (string).
 */
export interface AnzsicClass {
  code: string;
  title: string;
  [k: string]: unknown | undefined;
}
/**
 * Members `self`, `logo-master`, `logo-thumb` (spec: Enrich result, Links). "When no thumbnail exists the master logo is given for both", so the two logos are null together or strings together.
 */
export interface EnrichLinks {
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  self: string;
  'logo-master': LogoLink;
  'logo-thumb': LogoLink;
  [k: string]: unknown | undefined;
}
/**
 * Body of every error response (spec: Error list: type `list`, correlationId a UUID-shaped string, data an array of error objects).
 */
export interface ErrorList {
  /**
   * The type of every list envelope.
   */
  type: 'list';
  /**
   * Identifier of the request, a UUID-shaped string.
   */
  correlationId: string;
  /**
   * The errors. An error response that carries no error says nothing, so at least one is required. An empty array is a SHOULD-level finding (ERR-06), checked in code, not a schema violation.
   */
  data: ErrorObject[];
  [k: string]: unknown | undefined;
}
/**
 * One error inside the body of an error response (spec: Error list, Error object: type `error`, code, title, detail, source holding `parameter`).
 */
export interface ErrorObject {
  type: 'error';
  /**
   * Error code (spec: Errors). Only the token and enrich codes are listed and the codes of other endpoints are not shown, so any non-empty string is accepted.
   */
  code: string;
  /**
   * Short text.
   */
  title: string;
  /**
   * Longer text.
   */
  detail: string;
  /**
   * Holds `parameter`, the name of the offending parameter. Not required (ERR-09): an error such as internal-server-error has no offending parameter, and a service may then leave source out, send it null or empty, or send a null parameter (AMB-ERR-03).
   */
  source?: {
    parameter?: string | null;
    [k: string]: unknown | undefined;
  } | null;
  [k: string]: unknown | undefined;
}
/**
 * Body of POST /users/{user.id}/expenses (spec: "Body (JSON), all members optional in effect"). The range defaults to 13 months ago through the current month and all accounts of the user are used when none are given, so an empty object is valid. `fromMonth` not after `toMonth` is checked in code, not here.
 */
export interface CreateExpensesRequest {
  /**
   * First month included, `YYYY-MM`.
   */
  fromMonth?: string;
  /**
   * Last month included, `YYYY-MM`.
   */
  toMonth?: string;
  /**
   * Identifiers of the accounts to include; transactions of other accounts are ignored.
   *
   * Items: All identifiers are strings; their format is not shown, so any non-empty string is accepted.
   */
  accounts?: string[];
  [k: string]: unknown | undefined;
}
/**
 * An expense summary over a range of months (spec: Expenses resource; POST /users/{user.id}/expenses). Every member of the tables is required. Rules that span fields (`fromMonth` not after `toMonth`, `changeHistory` dates inside the range) are checked in code, not here.
 */
export interface Expenses {
  type: 'expenses';
  /**
   * All identifiers are strings; their format is not shown, so any non-empty string is accepted.
   */
  id: string;
  /**
   * A month in YYYY-MM form (spec: Expenses resource).
   */
  fromMonth: string;
  /**
   * A month in YYYY-MM form (spec: Expenses resource).
   */
  toMonth: string;
  /**
   * One entry per expense division; empty when there are no payments in the range.
   */
  payments: ExpensesPayment[];
  cashWithdrawals: ExpensesSummaryBlock;
  bankFees: ExpensesSummaryBlock;
  externalTransfers: ExpensesSummaryBlock;
  loanInterests: ExpensesSummaryBlock;
  loanRepayments: ExpensesSummaryBlock;
  links: ExpensesLinks;
  [k: string]: unknown | undefined;
}
/**
 * Entry of `payments`: one expense division.
 */
export interface ExpensesPayment {
  /**
   * Division title.
   */
  division: string;
  /**
   * Money amounts are decimal strings, optionally signed (spec: Types).
   */
  avgMonthly: string;
  /**
   * A number; its scale (0-1 or 0-100) and precision are not shown, so only the type is checked.
   */
  percentageTotal: number;
  subCategory: ExpensesSubCategory[];
  [k: string]: unknown | undefined;
}
/**
 * Entry of `subCategory`: `summary`, `category.expenseClass` and `changeHistory`.
 */
export interface ExpensesSubCategory {
  /**
   * Period the figures summarise. `monthly` is the value seen; no closed set is given, so any string is accepted.
   */
  summary: string;
  category: ExpensesCategory;
  changeHistory: ExpensesChangeHistory;
  [k: string]: unknown | undefined;
}
export interface ExpensesCategory {
  expenseClass: ExpenseClass;
  [k: string]: unknown | undefined;
}
/**
 * Object with `classCode`, `classTitle`, `divisionCode`, `divisionTitle`, all strings.
 */
export interface ExpenseClass {
  classCode: string;
  classTitle: string;
  divisionCode: string;
  divisionTitle: string;
  [k: string]: unknown | undefined;
}
/**
 * Entry of `changeHistory`: `date` (string `YYYY-MM`), `amount` (string decimal).
 */
export interface ExpensesChange {
  /**
   * A month in YYYY-MM form (spec: Expenses resource).
   */
  date: string;
  /**
   * Money amounts are decimal strings, optionally signed (spec: Types).
   */
  amount: string;
  [k: string]: unknown | undefined;
}
/**
 * Summary block (cashWithdrawals, bankFees, externalTransfers, loanInterests, loanRepayments): `avgMonthly` (string decimal), `summary` (string), `changeHistory` (array).
 */
export interface ExpensesSummaryBlock {
  /**
   * Money amounts are decimal strings, optionally signed (spec: Types).
   */
  avgMonthly: string;
  /**
   * Period the figures summarise. `monthly` is the value seen; no closed set is given, so any string is accepted.
   */
  summary: string;
  changeHistory: ExpensesChangeHistory;
  [k: string]: unknown | undefined;
}
/**
 * `self` (string) and `accounts` (array of account links).
 */
export interface ExpensesLinks {
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  self: string;
  /**
   * Items: A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  accounts: string[];
  [k: string]: unknown | undefined;
}
/**
 * Body of a successful GET /institutions (spec: Institution list envelope: type `list`, totalCount (number), data (array of institutions)).
 */
export interface InstitutionList {
  /**
   * The type of every list envelope.
   */
  type: 'list';
  /**
   * A count of institutions, so a whole number, zero or more.
   */
  totalCount: number;
  /**
   * The institutions; empty when none matches the filter.
   */
  data: Institution[];
  [k: string]: unknown | undefined;
}
/**
 * A financial institution of the catalogue (spec: Institution). The table lists many fields but a catalogue entry may omit some, so only type, id, name and links are required; every listed field is typed when present.
 */
export interface Institution {
  type: 'institution';
  /**
   * All identifiers are strings; their format is not shown, so any non-empty string is accepted.
   */
  id: string;
  name: string;
  shortName?: string;
  institutionType?: string;
  /**
   * A string; unlike the enrich `country` query parameter, no ISO 3166 code is required here (a country name is as likely).
   */
  country?: string;
  serviceName?: string;
  serviceType?: string;
  loginIdCaption?: string;
  passwordCaption?: string;
  /**
   * A string, even though tiers look numeric.
   */
  tier?: string;
  authorization?: string;
  features?: InstitutionFeatures;
  /**
   * A string; whether it is always an absolute URL is not shown.
   */
  forgottenPasswordUrl?: string;
  /**
   * Open set: only `beta` is shown and the complete set of values is not shown.
   */
  stage?: string;
  /**
   * Open set: only `under-maintenance` is shown and the complete set of values is not shown.
   */
  status?: string;
  stats?: InstitutionStats;
  logo?: InstitutionLogo;
  links: SelfLinks;
  [k: string]: unknown | undefined;
}
/**
 * Groups `login` (array of strings), `accounts`, `transactions`, `profile`.
 */
export interface InstitutionFeatures {
  login?: string[];
  accounts?: FeatureMap;
  transactions?: FeatureMap;
  profile?: FeatureMap;
  [k: string]: unknown | undefined;
}
/**
 * Maps a field name (for example `accountNo`, `name`, `status`, `description`, `fullName`, `firstName`) to an array of strings naming the retrieval method. The field names beyond those examples are not shown, so any name is accepted.
 */
export interface FeatureMap {
  [k: string]: string[] | undefined;
}
/**
 * `averageDurationMs` with numeric members `verifyCredentials`, `retrieveAccounts`, `retrieveTransactions`, `retrieveMeta`, `total`.
 */
export interface InstitutionStats {
  averageDurationMs?: AverageDurationMs;
  [k: string]: unknown | undefined;
}
/**
 * Average durations in milliseconds; a duration cannot be negative.
 */
export interface AverageDurationMs {
  verifyCredentials?: number;
  retrieveAccounts?: number;
  retrieveTransactions?: number;
  retrieveMeta?: number;
  total?: number;
  [k: string]: unknown | undefined;
}
/**
 * `type`, `colors` (may be null), `links` with `square` and `full`.
 */
export interface InstitutionLogo {
  type?: string;
  /**
   * May be null; its shape otherwise is not shown, so any JSON value is accepted.
   */
  colors?:
    | {
        [k: string]: unknown | undefined;
      }
    | unknown[]
    | string
    | number
    | boolean
    | null;
  links?: InstitutionLogoLinks;
  [k: string]: unknown | undefined;
}
export interface InstitutionLogoLinks {
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  square?: string;
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  full?: string;
  [k: string]: unknown | undefined;
}
/**
 * An entry of a job's ordered `steps` (spec: Job, "Step: `title` (string), `status` (string), `result` (null, or an object with `type` = `link` and `url` string)"; States and transitions). `title` and `status` are required; `result` may be left out while the step has produced nothing, as well as given null (AMB-JOBS-04: the spec gives null as that value, and a serialiser that omits null members is a reading a real service ships), and is typed whenever it is present.
 */
export interface JobStep {
  /**
   * Name of the step. The spec lists the titles seen; the complete set is "not shown beyond the values listed", so any string is accepted.
   */
  title: string;
  /**
   * State of the step. The spec lists the statuses seen; the complete set is "not shown beyond the values listed", so any string is accepted.
   */
  status: string;
  result?: JobStepResult;
  [k: string]: unknown | undefined;
}
/**
 * A job tracking long-running connection work (spec: Job; GET /jobs/{job.id}; POST /users/{user.id}/connections/{connection.id} answers "202 with a job (`type`, `id`, `links.self`)"). Only `type`, `id` and `links.self` are required, because the update-connection response promises no more than those; `created`, `updated`, `steps` and `links.source` are typed strictly whenever they are present. Whether GET /jobs returns every member of the Job table is a check for the endpoint suite, not for this shape.
 */
export interface Job {
  type: 'job';
  /**
   * All identifiers are strings; their format is not shown, so any non-empty string is accepted.
   */
  id: string;
  /**
   * An ISO 8601 timestamp. ISO 8601 is wider than RFC 3339: the time zone designator and fractional seconds are optional, so both are accepted.
   */
  created?: string;
  /**
   * An ISO 8601 timestamp. ISO 8601 is wider than RFC 3339: the time zone designator and fractional seconds are optional, so both are accepted.
   */
  updated?: string;
  /**
   * Ordered steps of the job.
   */
  steps?: JobStep[];
  links: JobLinks;
  [k: string]: unknown | undefined;
}
/**
 * `self`; `source` is the link to the connection the job works on (spec: Job, links). `source` is optional because the 202 job of an update is only promised `links.self`.
 */
export interface JobLinks {
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  self: string;
  /**
   * A link; absolute or relative references are both accepted because the spec does not fix the form.
   */
  source?: string;
  [k: string]: unknown | undefined;
}
/**
 * The form body of POST /token, decoded into an object (spec: POST {base_url}/token: "Body (form): `scope`, one of `SERVER_ACCESS`, `CLIENT_ACCESS`").
 */
export interface TokenRequest {
  /**
   * Exactly one scope name, in capitals; the spec does not allow a space-separated list of scopes.
   */
  scope: 'SERVER_ACCESS' | 'CLIENT_ACCESS';
  [k: string]: unknown | undefined;
}
/**
 * Body of a successful POST /token (spec: Token response).
 */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  /**
   * Seconds left before the token becomes invalid; a token with no time left is useless, so it must be positive.
   */
  expires_in: number;
  [k: string]: unknown | undefined;
}
/**
 * JSON body of POST /users (spec: POST {base_url}/users: email required when mobile is absent, mobile required when email is absent and in international format, firstName and lastName optional; "Error when parameters are invalid (for example an empty e-mail)").
 */
export interface CreateUserRequest {
  /**
   * The spec says only "string" but names an empty e-mail as invalid; an e-mail address has one @ with something either side and no white space. Full RFC 5322 validation is deliberately not applied.
   */
  email?: string;
  /**
   * International format `+[country-code][mobile number]`: a plus sign, then digits only (E.164: 7 to 15 digits, the country code never starts with 0).
   */
  mobile?: string;
  firstName?: string;
  lastName?: string;
  [k: string]: unknown | undefined;
}
/**
 * A user (spec: User: type `user`, id, email, mobile in international format `+[country-code][mobile number]`, firstName, lastName, links.self).
 */
export interface User {
  type: 'user';
  /**
   * All identifiers are strings; their format is not shown, so any non-empty string is accepted.
   */
  id: string;
  /**
   * The spec says only "string"; an e-mail address has one @ with something either side and no white space. Full RFC 5322 validation is deliberately not applied. A user created without one may carry it null or empty (AMB-USERS-03).
   */
  email?: string | null;
  /**
   * International format `+[country-code][mobile number]`: a plus sign, then digits only (E.164: 7 to 15 digits, the country code never starts with 0). A user created without one may carry it null or empty (AMB-USERS-03).
   */
  mobile?: string | null;
  /**
   * Optional: null or empty when not given (AMB-USERS-03).
   */
  firstName?: string | null;
  /**
   * Optional: null or empty when not given (AMB-USERS-03).
   */
  lastName?: string | null;
  links: SelfLinks;
  [k: string]: unknown | undefined;
}

/** In-memory shapes of the world. Presentation to JSON lives in present.ts. */

export type Direction = 'debit' | 'credit';

const DEBIT_CLASSES = [
  'bank-fee',
  'payment',
  'cash-withdrawal',
  'internal-transfer',
  'external-transfer',
  'loan-interest',
] as const;
const CREDIT_CLASSES = [
  'refund',
  'direct-credit',
  'interest',
  'internal-transfer',
  'external-transfer',
  'loan-repayment',
] as const;
export type TransactionClass = (typeof DEBIT_CLASSES)[number] | (typeof CREDIT_CLASSES)[number];
export const TRANSACTION_CLASSES: readonly string[] = [...new Set([...DEBIT_CLASSES, ...CREDIT_CLASSES])];

export interface AnzsicClass {
  divisionCode: string;
  divisionTitle: string;
  subdivisionCode: string;
  subdivisionTitle: string;
  groupCode: string;
  groupTitle: string;
  classCode: string;
  classTitle: string;
  /** Word appended to a merchant name of this class, e.g. "Cafe". */
  nameSuffix: string;
  mcc: string;
}

export interface Country {
  code: string;
  name: string;
  currency: string;
  dialCode: string;
  states: readonly string[];
  suburbs: readonly string[];
  lat: number;
  lng: number;
}

export interface Institution {
  id: string;
  name: string;
  shortName: string;
  institutionType: string;
  country: string;
  serviceName: string;
  serviceType: string;
  loginIdCaption: string;
  passwordCaption: string;
  tier: string;
  authorization: string;
  login: string[];
  accountFeatures: Record<string, string[]>;
  transactionFeatures: Record<string, string[]>;
  profileFeatures: Record<string, string[]>;
  forgottenPasswordUrl: string;
  stage: string;
  status: string;
  stats: {
    verifyCredentials: number;
    retrieveAccounts: number;
    retrieveTransactions: number;
    retrieveMeta: number;
    total: number;
  };
  logoColors: { primary: string; secondary: string } | null;
}

export interface Location {
  routeNo: string;
  route: string;
  postalCode: string;
  suburb: string;
  state: string;
  country: string;
  formattedAddress: string;
  lat: string;
  lng: string;
}

export interface Merchant {
  id: string;
  /** The distinctive upper-case word that enrich matches on. */
  key: string;
  businessName: string;
  abn: string;
  website: string;
  phoneLocal: string;
  phoneInternational: string;
  country: string;
  location: Location;
  category: AnzsicClass;
  logoMaster: string | null;
  logoThumb: string | null;
}

export interface PhysicalAddress {
  addressLine1: string;
  addressLine2: string;
  addressLine3: string | null;
  postcode: string;
  city: string | null;
  state: string;
  country: string;
  countryCode: string;
  formattedAddress: string;
}

export interface Profile {
  fullName: string;
  firstName: string;
  lastName: string;
  middleName: string;
  phoneNumbers: string[];
  emailAddresses: string[];
  physicalAddresses: PhysicalAddress[];
}

export interface Account {
  id: string;
  userId: string;
  connectionId: string;
  institutionId: string;
  accountNo: string;
  name: string;
  currency: string;
  balanceCents: number;
  availableCents: number;
  lastUpdated: string;
  classType: string;
  product: string;
  status: string;
}

export interface Transaction {
  id: string;
  accountId: string;
  institutionId: string;
  status: 'posted' | 'pending';
  description: string;
  amountCents: number;
  balanceCents: number;
  direction: Direction;
  class: TransactionClass;
  transactionDate: string;
  postDate: string;
  /** Set for payments and refunds; payments derive subClass and expense division from it. */
  merchantId: string | null;
}

export interface Connection {
  id: string;
  userId: string;
  institutionId: string;
  status: string;
  createdDate: string;
  lastUsed: string;
  mfaEnabled: boolean;
  profile: Profile;
  password: string;
  accountIds: string[];
}

export interface User {
  id: string;
  email: string | undefined;
  mobile: string | undefined;
  firstName: string | undefined;
  lastName: string | undefined;
  connectionIds: string[];
}

export interface Snapshot {
  id: string;
  userId: string;
  /** Already in the order the list endpoint returns them. */
  transactionIds: string[];
}

export interface Job {
  id: string;
  userId: string;
  connectionId: string;
  createdMs: number;
  credentialsAccepted: boolean;
}

export interface Partner {
  apiKey: string;
  name: string;
  state: 'active' | 'disabled' | 'deleted';
  tokenLifetimeSeconds: number;
  enrichEnabled: boolean;
}

export interface Fixtures {
  userId: string;
  connectionId: string;
  connectionPassword: string;
  institutionId: string;
  affordabilityId: string;
  emptyAffordabilityId: string;
  enrich: { institution: string; country: string; matchingQuery: string; noMatchQuery: string };
}

export interface World {
  institutions: Map<string, Institution>;
  merchants: Merchant[];
  users: Map<string, User>;
  connections: Map<string, Connection>;
  accounts: Map<string, Account>;
  transactions: Map<string, Transaction>;
  /** Per account, ascending by postDate. */
  transactionsByAccount: Map<string, Transaction[]>;
  snapshots: Map<string, Snapshot>;
  jobs: Map<string, Job>;
  partners: Partner[];
  fixtures: Fixtures;
}

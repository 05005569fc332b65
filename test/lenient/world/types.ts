/** Internal records of the fixture world. Views turn them into wire JSON. */

export interface InstitutionRecord {
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
  features: {
    login: string[];
    accounts: Record<string, string[]>;
    transactions: Record<string, string[]>;
    profile: Record<string, string[]>;
  };
  forgottenPasswordUrl: string;
  stage: string;
  status: string;
  stats: {
    averageDurationMs: {
      verifyCredentials: number;
      retrieveAccounts: number;
      retrieveTransactions: number;
      retrieveMeta: number;
      total: number;
    };
  };
  logo: {
    type: string;
    colors: { primary: string; secondary: string } | null;
    links: { square: string; full: string };
  };
}

export interface UserRecord {
  id: string;
  email?: string;
  mobile?: string;
  firstName?: string;
  lastName?: string;
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

/** Every member optional: institutions only give what they make available. */
export interface ProfileRecord {
  fullName?: string;
  firstName?: string;
  lastName?: string;
  middleName?: string;
  phoneNumbers?: string[];
  emailAddresses?: string[];
  physicalAddresses?: PhysicalAddress[];
}

export interface ConnectionRecord {
  id: string;
  userId: string;
  institutionId: string;
  status: string;
  createdDate: string;
  lastUsed: string;
  mfaEnabled: boolean;
  profile: ProfileRecord;
  accountIds: string[];
  /** Credentials are kept server-side only and never serialised. */
  loginId: string;
  password: string;
}

export interface AccountRecord {
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

export interface ExpenseClass {
  classCode: string;
  classTitle: string;
  divisionCode: string;
  divisionTitle: string;
}

export interface TransactionRecord {
  id: string;
  userId: string;
  accountId: string;
  institutionId: string;
  status: 'posted' | 'pending';
  description: string;
  amountCents: number;
  balanceCents: number;
  direction: 'debit' | 'credit';
  class: string;
  transactionDate: string;
  postDate: string;
  postMs: number;
  /** Set for payments only; other classes get null or an empty object (see README). */
  expenseClass: ExpenseClass | null;
  emptySubClassAsObject: boolean;
}

export interface AffordabilityRecord {
  id: string;
  userId: string;
  /** Already in the documented order: account, pending first, postDate descending. */
  transactions: TransactionRecord[];
}

export interface JobRecord {
  id: string;
  userId: string;
  connectionId: string;
  createdMs: number;
}

export interface ApiKeyRecord {
  key: string;
  tokenLifetimeSeconds: number;
  state: 'active' | 'disabled' | 'deleted';
}

export interface TokenRecord {
  scope: 'SERVER_ACCESS' | 'CLIENT_ACCESS';
  expiresMs: number;
}

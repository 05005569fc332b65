import type { AffordabilityClass, ConnectionProfile } from '../../src/types/resources.generated.ts';

/**
 * The mock's seeded world: what a real service would hold in its databases. Records are stored without
 * links; handlers add links for the base URL they serve under.
 */
export interface World {
  seed: number;
  /** Current month of the world (YYYY-MM): transactions run up to it, expenses default to it. */
  currentMonth: string;
  institutions: InstitutionRecord[];
  merchants: MerchantRecord[];
  users: WorldUser[];
  connections: ConnectionRecord[];
  accounts: AccountRecord[];
  affordability: AffordabilitySnapshot[];
  /** Jobs run before the world's now, every step of each long done: an update of the fixture connection. */
  jobs: WorldJob[];
  /** The user the suite's profile points at: two connections, three or more accounts, a big snapshot. */
  fixture: {
    userId: string;
    connectionId: string;
    connectionPassword: string;
    /** A finished job of an update of the fixture connection, for a run that may not write to make one. */
    jobId: string;
    affordabilityId: string;
    /** A snapshot of the same user without any transaction: the list's empty state (AFFORD-02). */
    emptyAffordabilityId: string;
    institutionId: string;
    /** Another user with a connection: whose path must serve none of the fixture user's resources. */
    otherUserId: string;
    otherConnectionId: string;
  };
}

/*
 * The records below are stricter than the generated resource types (src/types/resources.generated.ts),
 * which follow the tolerant schemas: there nearly every member is optional and extra members are allowed,
 * so that every conformant server passes, while the mock must hold every member it serves. Where a
 * generated type is exact enough it is used (ProfileRecord, AffordabilityClass).
 */
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
  logo: { type: string; colors: { primary: string } | null; links: { square: string; full: string } };
}

export interface AnzsicLevel {
  code: string;
  title: string;
}

export interface MerchantRecord {
  id: string;
  businessName: string;
  ABN: string;
  website: string;
  phoneNumber: { local: string; international: string };
  /** Lower-case words that, found in a transaction description, identify this merchant. */
  keywords: string[];
  /** Country (ISO alpha-2) the merchant trades in; enrich limits its search to the requested country. */
  country: string;
  location: {
    routeNo: string;
    route: string;
    postalCode: string;
    suburb: string;
    state: string;
    country: string;
    formattedAddress: string;
    geometry: { lat: string; lng: string };
  };
  anzsic: { division: AnzsicLevel; subdivision: AnzsicLevel; group: AnzsicLevel; class: AnzsicLevel };
  /** Logo file names: both, master only (the master is then given for both), or none. */
  logo: { master: string | null; thumb: string | null };
}

/** A job of the world: a connection's update that ran at `created`, when the connection was last used. */
export interface WorldJob {
  id: string;
  userId: string;
  connectionId: string;
  created: string;
}

export interface WorldUser {
  id: string;
  email: string;
  mobile: string;
  firstName: string;
  lastName: string;
}

/** Profiles are stored as the institution supplied them (spec: Profile). */
export type ProfileRecord = ConnectionProfile;

export interface ConnectionRecord {
  id: string;
  userId: string;
  institutionId: string;
  status: string;
  createdDate: string;
  lastUsed: string;
  mfaEnabled: boolean;
  profile: ProfileRecord;
  /** Held to check updates against; never returned (spec: Connection). */
  password: string;
}

export interface AccountRecord {
  id: string;
  connectionId: string;
  accountNo: string;
  name: string;
  currency: string;
  balance: string;
  availableFunds: string;
  lastUpdated: string;
  class: { type: string; product: string };
  status: string;
}

export interface TransactionRecord {
  id: string;
  status: 'posted' | 'pending';
  description: string;
  amount: string;
  account: string;
  balance: string;
  direction: 'debit' | 'credit';
  class: AffordabilityClass;
  institution: string;
  transactionDate: string;
  postDate: string;
  subClass: { title: string; code: string } | null;
}

export interface AffordabilitySnapshot {
  id: string;
  userId: string;
  /** In the spec's order: by account, then postDate descending, pending first. */
  transactions: TransactionRecord[];
}

export const defaultSeed = 1;

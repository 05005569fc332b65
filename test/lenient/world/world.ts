import type { IdFactory } from './ids.ts';
import type {
  AccountRecord,
  AffordabilityRecord,
  ApiKeyRecord,
  ConnectionRecord,
  InstitutionRecord,
  JobRecord,
  TokenRecord,
  TransactionRecord,
  UserRecord,
} from './types.ts';

/** The path prefix the API is served under; links are host-relative to it. */
export const BASE_PATH = '/api/v2';
export const VERSION_HEADER = 'service-version';
export const CURRENT_VERSION = '2.0';
/** Versions below 2 count as retired; anything else (even absent or unknown) is served. */
export const RETIRED_EXAMPLE = '1.0';

export interface World {
  /** Anchor for generated dates and for the default expense range. */
  createdMs: number;
  institutions: InstitutionRecord[];
  institutionById: Map<string, InstitutionRecord>;
  users: Map<string, UserRecord>;
  connections: Map<string, ConnectionRecord>;
  accounts: Map<string, AccountRecord>;
  transactionsByUser: Map<string, TransactionRecord[]>;
  affordability: Map<string, AffordabilityRecord>;
  jobs: Map<string, JobRecord>;
  expenses: Map<string, { userId: string; body: Record<string, unknown> }>;
  apiKeys: Map<string, ApiKeyRecord>;
  tokens: Map<string, TokenRecord>;
  ids: IdFactory;
}

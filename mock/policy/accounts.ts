import type { PolicyInputs } from './inputs.ts';

/** How the mock's own account lists answer their filter, as the readings read it and its fault bends it. */
export interface AccountsPolicy {
  /** A near miss of the expression's shape: refused, or read as the expression it nearly is. */
  nearMisses: 'refused' | 'forgiven';
  /** Whether the filter, once parsed, is applied. */
  filterApplied: boolean;
}

export function accountsPolicy({ variants, fault }: PolicyInputs): AccountsPolicy {
  return {
    nearMisses: variants.forgivingFilters ? 'forgiven' : 'refused',
    filterApplied: !fault('accounts-filter-ignored'),
  };
}

import type { PolicyInputs } from './inputs.ts';

/** How GET /institutions answers: the spec's rules, as the readings read them and the faults bend them. */
export interface InstitutionsPolicy {
  filter: {
    /** The property names taken: bare and prefixed with `institution.`, or one form only (AMB-INST-01). */
    propertyNames: 'both' | 'bare' | 'prefixed';
    /** An operator other than eq and ne: refused, or matching nothing. */
    otherOperators: 'refused' | 'match-nothing';
    /** A near miss of the expression's shape: refused, or read as the expression it nearly is. */
    nearMisses: 'refused' | 'forgiven';
    /** The status of a malformed filter's refusal (AMB-INST-05). */
    malformedStatus: 400 | 422;
    /** Whether values are compared without letter case. */
    caseInsensitive: boolean;
    /** Whether eq and ne terms are applied, or dropped. */
    eqApplied: boolean;
    neApplied: boolean;
    /** eq compares the whole value, or takes the term's value as its prefix. */
    eqMatch: 'whole' | 'prefix';
    /** Whether a filtered list leaves out the last institution it selects. */
    lastDropped: boolean;
  };
  /** totalCount counts the institutions answered, or the whole catalogue. */
  totalCount: 'answered' | 'all-institutions';
}

export function institutionsPolicy({ variants: all, fault }: PolicyInputs): InstitutionsPolicy {
  const variants = all.institutions ?? {};
  return {
    filter: {
      propertyNames: variants.filterProperty ?? 'both',
      otherOperators: variants.unsupportedOperator === 'matches-nothing' ? 'match-nothing' : 'refused',
      nearMisses: all.forgivingFilters ? 'forgiven' : 'refused',
      malformedStatus: variants.malformedFilterStatus ?? 400,
      caseInsensitive: variants.valueCase === 'insensitive',
      eqApplied: !fault('institutions-eq-ignored'),
      neApplied: !fault('institutions-ne-ignored'),
      eqMatch: fault('institutions-eq-prefix-match') ? 'prefix' : 'whole',
      lastDropped: fault('institutions-filter-drops-last'),
    },
    totalCount: variants.totalCount ?? 'answered',
  };
}

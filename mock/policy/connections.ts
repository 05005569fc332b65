import type { PolicyInputs } from './inputs.ts';

/** How the connection operations answer: the spec's rules, as the readings read them and the faults bend them. */
export interface ConnectionsPolicy {
  /** A user nobody knows: refused with 404, or listed as a user with no connections. */
  unknownUser: 'refused' | 'empty-list';
  filter: {
    /** The operators taken: eq, the one the spec shows, and ne where it is read as supported too. */
    operators: readonly ('eq' | 'ne')[];
    /** A property not listed: refused, or read like the others (matching nothing). */
    otherProperties: 'refused' | 'match-nothing';
    /** Whether the terms on a property not listed are dropped, as if they were not there. */
    otherPropertiesDropped: boolean;
    /** A near miss of the expression's shape: refused, or read as the expression it nearly is. */
    nearMisses: 'refused' | 'forgiven';
    /** A malformed filter: refused, or answered as if there were none. */
    malformed: 'refused' | 'ignored';
    /** Several expressions: each must hold, any one must, or refused. */
    combined: 'all' | 'any' | 'refused';
    /** A status, institution id or connection id the service does not know: matches nothing, or refused. */
    unknownValues: 'match-nothing' | 'refused';
    /** Properties whose terms are taken and then dropped, as if they were not there. */
    droppedProperties: readonly string[];
    /** Whether ne terms are applied or dropped. */
    neApplied: boolean;
    /** How many of the terms kept are applied, in the order given. */
    termsApplied: number;
    /** status.eq compares the whole status, or takes the value as its prefix. */
    statusEq: 'whole' | 'prefix';
  };
  /** An empty list, with a filter and without: answered, or refused with 404. */
  emptyFiltered: 'list' | 'not-found';
  emptyUnfiltered: 'list' | 'not-found';
  /** The list's entries: summaries, or each as its retrieval shows it. */
  listForm: 'summary' | 'detailed';
  /** Whether the list starts at the user's first connection or leaves it out. */
  firstListed: boolean;
  /** A profile with nothing to show: `{}`, or its list members as empty arrays. */
  hiddenProfile: 'empty-object' | 'empty-arrays';
  /** The accounts a connection's retrieval embeds: its own, or those of every connection of its user. */
  accountsOf: 'connection' | 'user';
  update: {
    /** Whether an update without a password is taken, and one whose password is no non-empty string. */
    missingPasswordTaken: boolean;
    anyPasswordTaken: boolean;
    /** The status of a refused password. */
    passwordRefusal: 400 | 422;
    /** The job answered: as retrieved, or only its type, id and links.self. */
    job: 'full' | 'minimal';
  };
}

export function connectionsPolicy({ variants: all, fault }: PolicyInputs): ConnectionsPolicy {
  const variants = all.connections ?? {};
  const otherPropertiesDropped = fault('connections-unknown-property-ignored');
  return {
    unknownUser: variants.unknownUser ?? 'refused',
    filter: {
      // The fault takes ne, and then drops its terms (neApplied).
      operators:
        variants.neOperator === 'supported' || fault('connections-ne-ignored') ? ['eq', 'ne'] : ['eq'],
      otherProperties:
        variants.unknownProperty === 'matches-nothing' || otherPropertiesDropped
          ? 'match-nothing'
          : 'refused',
      otherPropertiesDropped,
      nearMisses: all.forgivingFilters ? 'forgiven' : 'refused',
      malformed: fault('connections-malformed-filter-ignored') ? 'ignored' : 'refused',
      combined: variants.combinedFilter ?? 'all',
      unknownValues: variants.unknownFilterValue ?? 'match-nothing',
      droppedProperties: [
        ...(fault('connections-status-filter-ignored') ? ['status'] : []),
        ...(fault('connections-institution-filter-ignored') ? ['institution.id'] : []),
      ],
      neApplied: !fault('connections-ne-ignored'),
      termsApplied: fault('connections-filter-ignored')
        ? 0
        : fault('connections-combined-filter-first-only')
          ? 1
          : Infinity,
      statusEq: fault('connections-status-eq-prefix-match') ? 'prefix' : 'whole',
    },
    emptyFiltered: fault('connections-no-match-404') ? 'not-found' : 'list',
    emptyUnfiltered: fault('connections-new-user-404') ? 'not-found' : 'list',
    listForm: variants.listForm ?? 'summary',
    firstListed: !fault('connections-list-drops-first'),
    hiddenProfile: variants.hiddenProfile ?? 'empty-object',
    accountsOf: fault('connections-accounts-of-every-connection') ? 'user' : 'connection',
    update: {
      missingPasswordTaken: fault('connection-update-without-password'),
      anyPasswordTaken: fault('connection-update-password-presence-only'),
      passwordRefusal: variants.missingPasswordStatus ?? 400,
      job: variants.updateJob ?? 'full',
    },
  };
}

import type { PolicyInputs } from './inputs.ts';

/** How POST /users/{user.id}/expenses answers: the spec's rules, as the readings read them and the faults bend them. */
export interface ExpensesPolicy {
  /** A request of no bytes: read as the request with no members, or refused. */
  emptyBody: 'no-members' | 'refused';
  /** A user nobody knows: refused with 404, or summarised as one with no accounts. */
  unknownUser: 'refused' | 'accepted';
  defaultRange: {
    /** Hours the service's own zone is ahead of UTC, where its current month begins. */
    zoneHours: number;
    /** How many months before the current one the default range starts. */
    monthsBack: number;
    /** The month the default range ends, counted from the current one. */
    endOffset: number;
  };
  /** A range given its start alone ends now, or twelve months in. */
  openRangeEnd: 'now' | 'twelve-months';
  /** A reversed range: refused, swapped, or kept as asked (holding no month). */
  reversedRange: 'refused' | 'swapped' | 'as-asked';
  months: {
    /** A near miss of YYYY-MM: refused, or read as the month it nearly is. */
    nearMisses: 'refused' | 'read';
    /** A value with no month in it: refused, or taken for one not given. */
    malformed: 'refused' | 'absent';
    /** Whether toMonth is checked beside a valid fromMonth. */
    toMonthCheckedBesideFrom: boolean;
  };
  accounts: {
    /** The account ids whose type is checked: every one, or the first only. */
    typeChecked: 'every' | 'first';
    /** An empty selection: selects no account, is none given (every account), or refused. */
    empty: 'none' | 'all' | 'refused';
    /** The accounts a selection may name: the user's, or anyone's (their holders' transactions summed). */
    of: 'user' | 'anyone';
    /** The selection as read: as given, ignored, or its first account only. */
    read: 'as-given' | 'ignored' | 'first-only';
    /** The accounts summed: those selected, or every account of the user. */
    summed: 'selected' | 'all-of-user';
    /** An account the selection names more than once: summed once, or once each time. */
    repeated: 'once' | 'each-time';
  };
  /** Whether the first and the last month of the range are summed (every month is listed either way). */
  firstMonthSummed: boolean;
  lastMonthSummed: boolean;
  /** The range echoed: the one asked for, or the default one. */
  echoedRange: 'asked' | 'default';
  /** changeHistory lists every month of the range, or only those with spending. */
  changeHistory: 'every-month' | 'spending-months';
  /** percentageTotal as a percentage, or a fraction of 1. */
  percentageTotal: 'percentage' | 'fraction';
  /** Spending written as positive amounts, or negative. */
  outflows: 'positive' | 'negative';
}

export function expensesPolicy({ variants: all, fault }: PolicyInputs): ExpensesPolicy {
  const variants = all.expenses ?? {};
  return {
    emptyBody: variants.emptyBody ?? 'no-members',
    unknownUser: fault('expenses-unknown-user-accepted') ? 'accepted' : 'refused',
    defaultRange: {
      zoneHours: variants.timeZone === 'UTC+14' ? 14 : 0,
      monthsBack: fault('expenses-default-range-6-months')
        ? 6
        : variants.defaultFrom === 'minus-12'
          ? 12
          : 13,
      endOffset: fault('expenses-to-month-previous') ? -1 : 0,
    },
    openRangeEnd: fault('expenses-open-range-twelve-months') ? 'twelve-months' : 'now',
    reversedRange: variants.reversedRange ?? 'refused',
    months: {
      nearMisses: variants.months === 'lenient' ? 'read' : 'refused',
      malformed: fault('expenses-malformed-month-ignored') ? 'absent' : 'refused',
      toMonthCheckedBesideFrom: !fault('expenses-to-month-unchecked-beside-from'),
    },
    accounts: {
      typeChecked: fault('expenses-later-account-ids-500') ? 'first' : 'every',
      empty: variants.emptyAccounts ?? 'none',
      of: fault('expenses-other-user-accounts-summed') ? 'anyone' : 'user',
      read: fault('expenses-accounts-ignored')
        ? 'ignored'
        : fault('expenses-first-account-only')
          ? 'first-only'
          : 'as-given',
      summed: fault('expenses-selection-not-summed') ? 'all-of-user' : 'selected',
      repeated: fault('expenses-repeated-account-summed-twice') ? 'each-time' : 'once',
    },
    firstMonthSummed: !fault('expenses-first-month-excluded'),
    lastMonthSummed: !fault('expenses-last-month-excluded'),
    echoedRange: fault('expenses-range-not-echoed') ? 'default' : 'asked',
    changeHistory: variants.changeHistory ?? 'every-month',
    percentageTotal: variants.percentageTotal ?? 'percentage',
    outflows: variants.outflows ?? 'positive',
  };
}

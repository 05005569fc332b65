import type { UsersVariants } from '../variants/types.ts';
import type { PolicyInputs } from './inputs.ts';

/** How POST /users answers: the spec's rules, as the readings read them and the faults bend them. */
export interface UsersPolicy {
  /** The status of a refusal. */
  refusalStatus: 400 | 422;
  contact: {
    /** Whether a user with neither email nor mobile is refused. */
    required: boolean;
    /** Whether a user with a mobile alone is refused for want of an email. */
    emailRequired: boolean;
    /** Whether email and mobile together are taken. */
    bothTaken: boolean;
    /** A malformed contact member beside a valid one: refused, or left aside (AMB-USERS-08). */
    malformedBesideValid: 'refused' | 'ignored';
  };
  email: {
    /** What an email must be: an address user@domain.tld, or any non-empty string. */
    form: 'address' | 'any';
    /** An empty email: refused, taken, or taken beside a mobile. */
    empty: 'refused' | 'taken' | 'taken-beside-mobile';
    /** Whether an email's type is checked beside a mobile (unchecked, it is stored as sent). */
    typeCheckedBesideMobile: boolean;
    /** An email already held by another user: taken, or refused with 409. */
    duplicate: 'taken' | 'refused';
    /** An email stored as sent, or in lower case. */
    stored: 'as-sent' | 'lower';
  };
  mobile: {
    /** What an international number must be: within the E.164 lengths, or a plus and digits. */
    length: 'checked' | 'unchecked';
    /** A national Australian number: refused, stored as +61, or stored as sent. */
    national: 'refused' | 'normalised' | 'as-sent';
    /** Whether a mobile is checked beside an email. */
    checkedBesideEmail: boolean;
  };
  names: {
    /** Whether firstName and lastName are taken at all. */
    taken: boolean;
    /** A name of another type: refused, left aside, or (a number) the service fails on it (500). */
    otherTypes: 'refused' | 'ignored';
    numberFails: boolean;
    /** The names stored each in its place, or each in the other's. */
    stored: 'in-place' | 'swapped';
    /** The letters a name keeps: any, or ASCII with every other letter as '?'. */
    letters: 'any' | 'ascii';
    /** A lastName not sent: absent, or filled with the firstName. */
    missingLastName: 'absent' | 'first-name';
  };
  /** Members the user was created without: left out, null or "". */
  absentMembers: 'absent' | NonNullable<UsersVariants['absentMembers']>;
}

export function usersPolicy({ variants: all, fault }: PolicyInputs): UsersPolicy {
  const variants = all.users ?? {};
  return {
    refusalStatus: variants.refusalStatus ?? 400,
    contact: {
      required: !fault('users-neither-accepted'),
      emailRequired: fault('users-mobile-only-refused'),
      bothTaken: !fault('users-both-refused'),
      malformedBesideValid: variants.malformedContact ?? 'refused',
    },
    email: {
      form: variants.email ?? 'address',
      empty: fault('users-empty-email-accepted')
        ? 'taken'
        : fault('users-empty-email-beside-mobile-accepted')
          ? 'taken-beside-mobile'
          : 'refused',
      typeCheckedBesideMobile: !fault('users-email-type-unchecked-beside-mobile'),
      duplicate: variants.duplicateEmail ?? 'taken',
      stored: variants.emailCase ?? 'as-sent',
    },
    mobile: {
      length: variants.mobileLength ?? 'checked',
      national:
        variants.mobile === 'normalised'
          ? 'normalised'
          : fault('users-national-mobile-stored')
            ? 'as-sent'
            : 'refused',
      checkedBesideEmail: !fault('users-mobile-unchecked-beside-email'),
    },
    names: {
      taken: !fault('users-names-refused'),
      otherTypes: variants.nameTypes ?? 'refused',
      numberFails: fault('users-name-number-fails'),
      stored: fault('users-names-swapped') ? 'swapped' : 'in-place',
      letters: fault('users-names-ascii-only') ? 'ascii' : 'any',
      missingLastName: fault('users-last-name-from-first') ? 'first-name' : 'absent',
    },
    absentMembers: variants.absentMembers ?? 'absent',
  };
}

import type { Rng } from '../util/prng.ts';
import type { ProfileRecord } from './types.ts';

const FIRST = ['Ava', 'Noah', 'Mia', 'Leo', 'Isla', 'Oliver', 'Zoe', 'Jack'];
const LAST = ['Nguyen', 'Smith', 'Patel', 'Williams', 'Brown', 'Kaur', 'Taylor', 'Chen'];

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
}

export function drawPerson(rng: Rng): Person {
  const firstName = rng.pick(FIRST);
  const lastName = rng.pick(LAST);
  return {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}${rng.int(1, 99)}@example.com`,
    mobile: `+614${rng.token(8, '0123456789')}`,
  };
}

/**
 * Profiles vary by seed: full, partial, or empty (the customer hid personal
 * data or needs two-factor access, so no data points are returned).
 */
export function drawProfile(rng: Rng, person: Person, shape: 'full' | 'partial' | 'empty'): ProfileRecord {
  if (shape === 'empty') return {};
  const masked = `${person.mobile.slice(0, 4)}****${person.mobile.slice(-3)}`;
  if (shape === 'partial') {
    return { fullName: `${person.firstName} ${person.lastName}`, phoneNumbers: [masked], emailAddresses: [] };
  }
  const city = rng.chance(0.8) ? 'Sydney' : null;
  const streetNo = rng.int(1, 250);
  return {
    fullName: `${person.firstName} Q ${person.lastName}`,
    firstName: person.firstName,
    lastName: person.lastName,
    middleName: 'Q',
    phoneNumbers: [person.mobile, masked],
    emailAddresses: [person.email, `${person.email.slice(0, 2)}***@example.com`],
    physicalAddresses: [
      {
        addressLine1: `${streetNo} Example Street`,
        addressLine2: '',
        addressLine3: null,
        postcode: '2000',
        city,
        state: 'NSW',
        country: 'Australia',
        countryCode: 'AU',
        formattedAddress: `${streetNo} Example Street, ${city ?? 'Sydney'} NSW 2000, Australia`,
      },
    ],
  };
}

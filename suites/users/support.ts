import { perRun } from '../../src/checks/run-context.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { createUser, freshEmail } from '../shared/users.ts';

/**
 * One user created with every member (email, mobile, firstName, lastName), shared by the checks of the
 * user's fields so the run creates it once.
 */
export function completeUser(): Promise<Exchange> {
  return perRun('users:complete', () =>
    createUser({
      email: freshEmail('complete'),
      mobile: '+61412345678',
      firstName: 'Ada',
      lastName: 'Lovelace',
    }),
  );
}

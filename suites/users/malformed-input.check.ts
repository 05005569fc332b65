import { check } from '../../src/checks/check.ts';
import { expectRefused, refusalStatuses } from '../../src/checks/error-list.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { api } from '../../src/checks/run-context.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { createUser, freshEmail } from '../shared/users.ts';

// Spec: Endpoints > POST {base_url}/users — "Body (JSON)", email "required when `mobile` is absent",
// "Error when parameters are invalid (for example an empty e-mail)"; Errors — "An error response has a
// valid HTTP status and the error list body". No status is shown: any 4xx is accepted (AMB-USERS-05).

/** POST /users with a body sent exactly as written, declared as JSON. */
function postRaw(body: string): Promise<Exchange> {
  return api().authorized({
    method: 'POST',
    path: '/users',
    body,
    headers: { 'content-type': 'application/json' },
  });
}

check(
  'POST /users with a body that is not a JSON object (malformed JSON, an array, a string, null) is refused with a 4xx error list, never a 2xx or a 5xx',
  ['USERS-13', 'ERR-11'],
  async () => {
    const address = freshEmail('not-an-object');
    // Why invalid under every reading: the body is a JSON object of the table's members; these are no
    // JSON at all (cut short, a trailing comma, text) or JSON that is no object (an array, a string, null).
    const exchanges = await Promise.all([
      postRaw('{"email": '),
      postRaw(`{"email": "${address}",}`),
      postRaw('not json'),
      postRaw(`[{"email": "${address}"}]`),
      postRaw(JSON.stringify(address)),
      postRaw('null'),
    ]);
    for (const exchange of exchanges) expectRefused(exchange, refusalStatuses.invalidInput);
  },
  { needs: ['write'] },
);

check(
  'POST /users with a name that is not a string, or an e-mail address without @, is refused with a 4xx error list or answered 201 with the user, never a 5xx',
  ['USERS-14'],
  async () => {
    // Only an empty e-mail is named invalid: a service may refuse these, or take them, leaving a name of
    // another type aside (AMB-USERS-07) or storing the address as given (AMB-USERS-06).
    const exchanges = await Promise.all([
      createUser({ email: freshEmail('name-number'), firstName: 123 }),
      createUser({ email: freshEmail('name-array'), lastName: ['Hopper'] }),
      createUser({ email: freshEmail('name-object'), firstName: { given: 'Grace' } }),
      createUser({ email: freshEmail('no-at-sign').replace('@', '.at.') }),
    ]);
    for (const exchange of exchanges) {
      if (exchange.response?.status === 201)
        expectResource(exchange, 'user', ['/type', '/id', '/firstName', '/lastName', '/links']);
      else expectRefused(exchange, refusalStatuses.invalidInput);
    }
  },
  { needs: ['write'] },
);

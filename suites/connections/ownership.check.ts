import { check } from '../../src/checks/check.ts';
import { expectRefused } from '../../src/checks/error-list.ts';
import { api } from '../../src/checks/run-context.ts';
import { connectionPath, fixture } from '../shared/fixture-connection.ts';
import { otherUsers } from '../shared/other-users.ts';

// Object-level authorisation. Spec: "a user holds connections to financial institutions"; the paths name
// the user and one of its connections, so another user's path names no connection of theirs.

check(
  "GET /users/{user.id}/connections/{connection.id} never serves a connection under another user's path: an unknown user's and a new user's are refused with a client error",
  ['CONN-43', 'ERR-11'],
  async () => {
    const connectionId = fixture('connectionId');
    for (const other of await otherUsers()) {
      // Why invalid under every reading: the connection is the fixture user's, not this user's.
      expectRefused(await api().get(connectionPath(other.id, connectionId)), [400, 403, 404]);
    }
  },
  { needs: ['userId', 'connectionId'] },
);

check(
  "POST /users/{user.id}/connections/{connection.id} never updates a connection under another user's path: an unknown user's and a new user's are refused with a client error",
  ['CONN-44', 'ERR-11'],
  async () => {
    const connectionId = fixture('connectionId');
    const password = fixture('connectionPassword');
    for (const other of await otherUsers()) {
      // Why invalid under every reading: the connection is the fixture user's, not this user's.
      const exchange = await api().post(connectionPath(other.id, connectionId), { password });
      expectRefused(exchange, [400, 403, 404]);
    }
  },
  { needs: ['write', 'userId', 'connectionId', 'connectionPassword'] },
);

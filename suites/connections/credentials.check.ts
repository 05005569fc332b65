import { check } from '../../src/checks/check.ts';
import { expectStatus, expectThat } from '../../src/checks/failures.ts';
import { api, runSettings } from '../../src/checks/run-context.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { echoesOf } from '../shared/echoes.ts';
import {
  connectionPath,
  connectionsPath,
  fixture,
  fixturePassword,
  updateFixtureConnection,
} from '../shared/fixture-connection.ts';
import { unknownId } from '../shared/identifiers.ts';
import { connectionDetails, expectNoCredentials, fixtureConnections } from './support.ts';

// Spec: Resources and their fields > Connection — "`loginId`, `password` and `securityCode` are never
// returned." Searched at any depth of the body.

check(
  'No connection response, list or single retrieval, carries loginId, password or securityCode',
  ['CONN-21'],
  async () => {
    const [list, details] = await Promise.all([fixtureConnections(), connectionDetails()]);
    for (const exchange of [list, ...details]) {
      expectStatus(exchange, 200);
      expectNoCredentials(exchange);
    }
  },
  { needs: ['userId', 'connectionId'] },
);

check(
  'The response to a connection update carries no loginId, password or securityCode',
  ['CONN-21'],
  async () => {
    const exchange = await updateFixtureConnection();
    expectNoCredentials(exchange);
  },
  { needs: ['write', 'userId', 'connectionId', 'connectionPassword'] },
);

/** Where the answers repeat a credential sent: each exchange with the places (never the value). */
function expectNoEcho(exchanges: Exchange[], secret: string, what: string): void {
  for (const exchange of exchanges) {
    const places = echoesOf(exchange, secret);
    expectThat(
      places.length === 0,
      `the answer repeats ${what} the client sent, which the spec says is never returned: at ${places.join(', ')}`,
      exchange,
    );
  }
}

check(
  'A password or security code sent in a connection update never appears in an answer: not in the refusal of an update naming no connection',
  ['CONN-45'],
  async () => {
    // Values of the run's own, which no body holds by chance; masked in the report like any credential sent.
    const { runId } = runSettings();
    const password = `fds-${runId}-password`;
    const securityCode = `fds-${runId}-security-code`;
    const exchange = await api().post(connectionPath(fixture('userId'), unknownId('connection')), {
      password,
      securityCode,
    });
    expectNoEcho([exchange], password, 'the password');
    expectNoEcho([exchange], securityCode, 'the security code');
  },
  { needs: ['write', 'userId'] },
);

check(
  "The fixture password and a security code sent in a connection update never appear in an answer: not in the update's answer, its job, nor the connection's list or retrieval afterwards",
  ['CONN-45'],
  async () => {
    const password = await fixturePassword();
    // "securityCode | string | conditional": beside the right password, a service uses it where the
    // institution asks for one and may ignore or refuse it elsewhere; either way it must not come back.
    const securityCode = `fds-${runSettings().runId}-code`;
    const path = connectionPath(fixture('userId'), fixture('connectionId'));
    const update = await api().post(path, { password, securityCode });
    const jobId = (update.response?.body as { id?: unknown } | null | undefined)?.id;
    const job = typeof jobId === 'string' ? [await api().get(`/jobs/${encodeURIComponent(jobId)}`)] : [];
    const [list, detail] = await Promise.all([
      api().get(connectionsPath(fixture('userId'))),
      api().get(path),
    ]);
    const answers = [update, ...job, list, detail];
    expectNoEcho(answers, securityCode, 'the security code');
    // A password of fewer than eight characters may occur in a body by chance: not looked for.
    if (password.length >= 8) expectNoEcho(answers, password, 'the password');
  },
  { needs: ['write', 'userId', 'connectionId', 'connectionPassword'] },
);

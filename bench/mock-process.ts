import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMock } from '../mock/server.ts';
import { growFixtureSnapshot } from './large-snapshot.ts';

/**
 * The mock in a process of its own, as `fds-conformance mock` runs it, so the benchmark's client does not
 * share the mock's event loop. Over IPC it reports its base URL; answers `cpu` with its CPU time so far
 * (the mock's own cost per request, which other load on the machine inflates far less than it does
 * req/s); answers `{ bare }` by serving those bytes from a bare node:http server, the ceiling any server
 * sending that body meets here; and stops when the parent disconnects.
 */
const mock = await startMock();
// The paging benchmark asks for a fixture snapshot of this many transactions.
const snapshotSize = Number(process.env.FDS_BENCH_SNAPSHOT_SIZE ?? 0);
if (snapshotSize > 0) growFixtureSnapshot(mock.world, snapshotSize);
process.send?.({ url: mock.url, fixture: mock.world.fixture });
process.on('message', (message: unknown) => {
  if (message === 'cpu') {
    process.send?.({ cpu: process.cpuUsage() });
  } else if (typeof message === 'object' && message !== null && 'bare' in message) {
    const body = Buffer.from(String(message.bare));
    const bare = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    });
    bare.listen(0, '127.0.0.1', () => {
      process.send?.({ bareUrl: `http://127.0.0.1:${(bare.address() as AddressInfo).port}` });
    });
  }
});
process.once('disconnect', () => {
  // A listener's promise has no one to await it; a close that fails ends the process as an unhandled
  // rejection, with a non-zero code, which is what the parent should see.
  void mock.close().then(() => process.exit(0));
});

import { cpus } from 'node:os';
import { bareEndpoint, formatThroughput, institutionsTarget, mockThroughput } from './mock-throughput.ts';

/** `npm run bench`: every benchmark of the project, one after the other. */

console.log(
  `mock throughput: the mock in its own process, 10 keep-alive connections (undici Pool) on loopback, ` +
    `${cpus().length} CPU core(s), Node ${process.version}`,
);
const results = await mockThroughput();
console.log(formatThroughput(results));
const institutions = results.find((r) => r.endpoint === 'GET /institutions');
const bare = results.find((r) => r.endpoint === bareEndpoint);
if (institutions) {
  const met = institutions.requestsPerSecond >= institutionsTarget && institutions.failures === 0;
  console.log(
    `GET /institutions: ${institutions.requestsPerSecond.toFixed(0)} req/s, target ≥ ${institutionsTarget} req/s: ` +
      `${met ? 'met' : 'MISSED'}` +
      (bare
        ? `; a bare node:http server sending the same bytes: ${bare.requestsPerSecond.toFixed(0)} req/s`
        : ''),
  );
}

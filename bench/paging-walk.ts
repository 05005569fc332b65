/**
 * The paging engine alone, in a process of its own so its peak memory is its own: walks the fixture
 * snapshot at `process.argv[2]` with limit=500, validating every transaction against the schema and
 * tracking uniqueness and order the way the affordability checks do, then prints a JSON line.
 */
import { performance } from 'node:perf_hooks';
import { Api } from '../src/http/api.ts';
import { walkPages } from '../src/checks/paging.ts';
import { resourceValidator } from '../src/validation/validator.ts';

const [baseUrl = '', apiKey = '', userId = '', affordabilityId = ''] = process.argv.slice(2);
const api = new Api({
  profile: {
    baseUrl,
    apiKey,
    version: '2.0',
    versionHeader: 'service-version',
    readOnly: true,
    fixtures: {},
  },
  seed: 1,
  runs: 1,
  concurrency: 4,
  timeoutMs: 30_000,
  maxBodyBytes: 20 * 1024 * 1024,
  runId: 'bench',
});
const validator = resourceValidator();
let invalid = 0;
let outOfOrder = 0;
let previous: { account: string; pending: boolean; postDate: string } | undefined;
const started = performance.now();
const walk = await walkPages(api, {
  path: `/users/${userId}/affordability/${affordabilityId}/transactions`,
  query: { limit: '500' },
  pageSize: 500,
  hardCap: 1_000,
  onPage: (page) => {
    for (const item of page.items) {
      if (!validator.validate('affordability-transaction', item).valid) invalid++;
      const t = item as { account: string; status: string; postDate: string };
      const current = { account: t.account, pending: t.status !== 'posted', postDate: t.postDate };
      if (previous && previous.account === current.account) {
        if (!previous.pending && current.pending) outOfOrder++;
        if (!previous.pending && !current.pending && previous.postDate < current.postDate) outOfOrder++;
      }
      previous = current;
    }
  },
});
await api.close();
console.log(
  JSON.stringify({
    pages: walk.pages,
    transactions: walk.ids.size,
    problem: walk.stop?.reason ?? null,
    invalid,
    outOfOrder,
    seconds: (performance.now() - started) / 1000,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);

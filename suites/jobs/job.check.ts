import { expectRefused } from '../../src/checks/error-list.ts';
import { check, type CheckOptions } from '../../src/checks/check.ts';
import { expectThat } from '../../src/checks/failures.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { expectRule } from '../../src/checks/rule.ts';
import { answersJobAsked, updatedNotBeforeCreated } from '../../src/rules/jobs.ts';
import { api } from '../../src/checks/run-context.ts';
import { NotExercised } from '../../src/checks/check.ts';
import { connectionPath, fixture, fixturePassword } from '../shared/fixture-connection.ts';
import { invalidIds, unknownId, unknownIdOfForm } from '../shared/identifiers.ts';
import { jobPath, pollBoundMs } from '../shared/jobs.ts';
import { jobSnapshots, pollCheckTimeoutMs } from './support.ts';

// Spec: Endpoints > GET {base_url}/jobs/{job.id}; Resources and their fields > Job; States and transitions.
// A job comes from an update of the fixture connection and is polled until every step succeeds or a
// bound passes, or, for a run that may not write, is the profile's finished job (fixtures.jobId), read
// twice; each check reads every snapshot. The spec does not say a job must settle, so one that has not
// settled within the bound fails nothing by itself.

// Every check that reads the snapshots holds JOBS-01 on its way: each snapshot answered 200 with a job
// (support.ts, jobSnapshots).
const options = {
  needs: ['job'],
  timeoutMs: pollCheckTimeoutMs,
  preconditions: ['JOBS-01'],
} satisfies CheckOptions;

/**
 * The checks that compare a job with the connection it works on: only an update's job is known to work
 * on the fixture connection, so they need the update, and the fixture password not refused.
 */
const updateOptions = {
  ...options,
  needs: ['write', 'userId', 'connectionId', 'connectionPassword'],
} satisfies CheckOptions;

/** The snapshots of the update's job, after the password's trial: the profile's job works on a connection it does not name. */
async function updateSnapshots(): ReturnType<typeof jobSnapshots> {
  await fixturePassword();
  return jobSnapshots();
}

/** Runs the expectation on every snapshot, naming the snapshot a failure came from. */
async function everySnapshot(
  expectation: (job: Record<string, unknown>, exchange: Parameters<typeof expectResource>[0]) => void,
) {
  const { bodies } = await jobSnapshots();
  for (const { job, exchange } of bodies) expectation(job, exchange);
}

check(
  "GET /jobs/{job.id} for the job returned by a connection update, or the profile's finished job, answers 200 with a job, at every poll",
  ['JOBS-01'],
  () => everySnapshot((_job, exchange) => expectResource(exchange, 'job')),
  options,
);

check('GET /jobs/{job.id} for an unknown job is refused with an error list', ['JOBS-02'], async () => {
  expectRefused(await api().get(jobPath(unknownId('job'))));
});

check(
  "GET /jobs/{job.id} for an unknown job of the form of the run's own job is refused with an error list",
  ['JOBS-02'],
  async () => {
    // An id of the form the service issues (unknownIdOfForm), which a service that refuses a malformed id
    // first must look up.
    const { jobId } = (await jobSnapshots()).run;
    const formed = unknownIdOfForm(jobId);
    if (!formed)
      throw new NotExercised(`the job id ${jobId} is too short to derive an unknown id of its form`);
    expectRefused(await api().get(jobPath(formed)));
  },
  options,
);

check(
  'GET /jobs/{job.id} for an id no job could have (quotes, a NUL, 300 characters) is refused with a 4xx error list, never a 5xx',
  ['JOBS-02', 'ERR-11'],
  async () => {
    const exchanges = await Promise.all(invalidIds('job').map((id) => api().get(jobPath(id))));
    for (const exchange of exchanges) expectRefused(exchange);
  },
);

check(
  'GET /jobs/{job.id} answers the job of that id',
  ['JOBS-03'],
  async () => {
    const { run, bodies } = await jobSnapshots();
    for (const { job, exchange } of bodies) expectRule(answersJobAsked(job, run.jobId), exchange);
  },
  options,
);

check(
  'A job carries type "job" and an id string',
  ['JOBS-04'],
  () => everySnapshot((_job, exchange) => expectResource(exchange, 'job', ['/type', '/id'])),
  options,
);

check(
  "A job's created and updated are ISO 8601 timestamps",
  ['JOBS-05'],
  () =>
    everySnapshot((job, exchange) => {
      // The schema leaves them optional for the update's 202 job; GET /jobs answers the whole Job.
      const absent = ['created', 'updated'].filter((member) => job[member] === undefined);
      expectThat(absent.length === 0, `the job carries no ${absent.join(' and ')}`, exchange);
      expectResource(exchange, 'job', ['/created', '/updated']);
    }),
  options,
);

check(
  "A job's updated is not earlier than its created",
  ['JOBS-06'],
  () => everySnapshot((job, exchange) => expectRule(updatedNotBeforeCreated(job), exchange)),
  options,
);

/** A timestamp as an instant in milliseconds; undefined when it is no readable string (JOBS-05's). */
function instant(value: unknown): number | undefined {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? undefined : ms;
}

check(
  "A job's created stays the same instant at every read, and its updated never goes back, from the update's 202 through every poll",
  ['JOBS-15'],
  async () => {
    const { run, bodies } = await jobSnapshots();
    // The 202 is the job's first read when it carries the timestamps; the minimal job does not (AMB-CONN-03).
    const update = run.update?.response?.body;
    const reads = [
      ...(run.update && update !== null && typeof update === 'object'
        ? [{ exchange: run.update, job: update as Record<string, unknown> }]
        : []),
      ...bodies,
    ];
    let created: { ms: number; text: unknown } | undefined;
    let latest: { ms: number; text: unknown } | undefined;
    let compared = 0;
    for (const { job, exchange } of reads) {
      const createdMs = instant(job.created);
      if (createdMs !== undefined) {
        if (created) {
          compared += 1;
          expectThat(
            createdMs === created.ms,
            `created ${String(job.created)} is not the instant ${String(created.text)} an earlier read gave`,
            exchange,
          );
        } else created = { ms: createdMs, text: job.created };
      }
      const updatedMs = instant(job.updated);
      if (updatedMs !== undefined) {
        if (latest) {
          compared += 1;
          expectThat(
            updatedMs >= latest.ms,
            `updated ${String(job.updated)} is earlier than ${String(latest.text)}, which an earlier read gave`,
            exchange,
          );
        }
        if (!latest || updatedMs >= latest.ms) latest = { ms: updatedMs, text: job.updated };
      }
    }
    if (compared === 0)
      throw new NotExercised('the job was read once only with readable timestamps: nothing to compare');
  },
  options,
);

check(
  "A job's steps is an array",
  ['JOBS-07'],
  () =>
    everySnapshot((job, exchange) =>
      expectThat(
        Array.isArray(job.steps),
        `expected steps to be an array, got ${JSON.stringify(job.steps)}`,
        exchange,
      ),
    ),
  options,
);

const knownOrder = ['verify-credentials', 'retrieve-accounts', 'retrieve-transactions'];

check(
  "A job's steps come in the order verify-credentials, retrieve-accounts, retrieve-transactions, as far as those titles occur",
  ['JOBS-08'],
  () =>
    everySnapshot((job, exchange) => {
      if (!Array.isArray(job.steps)) return;
      const titles = job.steps.map((s) => (s as { title?: unknown } | null)?.title);
      const known = titles.filter((t): t is string => typeof t === 'string' && knownOrder.includes(t));
      const sorted = [...known].sort((a, b) => knownOrder.indexOf(a) - knownOrder.indexOf(b));
      expectThat(
        known.join() === sorted.join(),
        `expected the steps in the order ${knownOrder.join(', ')}, got ${JSON.stringify(titles)}`,
        exchange,
      );
    }),
  options,
);

// Titles and statuses other than the values seen in the spec are accepted: the complete sets are not shown.

check(
  "A job step's title is a string",
  ['JOBS-09'],
  () => everySnapshot((_job, exchange) => expectResource(exchange, 'job', ['/steps/*/title'])),
  options,
);

check(
  "A job step's status is a string",
  ['JOBS-10'],
  () => everySnapshot((_job, exchange) => expectResource(exchange, 'job', ['/steps/*/status'])),
  options,
);

check(
  'A job step\'s result, when present, is null or an object with type "link" and a url string',
  ['JOBS-11'],
  () => everySnapshot((_job, exchange) => expectResource(exchange, 'job', ['/steps/*/result'])),
  options,
);

/** A result link the spec shows an endpoint for: a connection (`…/users/{id}/connections/{id}`). */
const connectionLink = /\/users\/[^/?#]+\/connections\/[^/?#]+\/?(?:[?#].*)?$/;

check(
  "A job step's result link to a connection points to the resource it produced: fetching it with the bearer token answers 200",
  ['JOBS-12'],
  async () => {
    const { run, bodies } = await jobSnapshots();
    const last = bodies.at(-1)?.job;
    const urls = (Array.isArray(last?.steps) ? last.steps : [])
      .map((s) => (s as { result?: { url?: unknown } | null } | null)?.result?.url)
      .filter((url): url is string => typeof url === 'string' && connectionLink.test(url));
    if (urls.length === 0)
      throw new NotExercised(
        `the job gave no result link to a connection within ${run.settled ? 'its steps' : `${pollBoundMs / 1000} s of polling`}`,
      );
    const exchanges = await Promise.all([...new Set(urls)].map((url) => api().get(url)));
    for (const exchange of exchanges)
      expectThat(
        exchange.response?.status === 200,
        `expected 200 for the step's result link, got ${exchange.response?.status ?? exchange.failure}`,
        exchange,
      );
  },
  options,
);

check(
  "A job's links carries self and source",
  ['JOBS-13'],
  () =>
    everySnapshot((job, exchange) => {
      const links = job.links as Record<string, unknown> | null | undefined;
      const absent = ['self', 'source'].filter((member) => links?.[member] === undefined);
      expectThat(absent.length === 0, `the job's links carry no ${absent.join(' and ')}`, exchange);
      expectResource(exchange, 'job', ['/links/self', '/links/source']);
    }),
  options,
);

check(
  "A verify-credentials step's result link points to the connection the job works on",
  ['JOBS-16'],
  async () => {
    const named = `/connections/${fixture('connectionId')}`;
    let judged = 0;
    const { bodies } = await updateSnapshots();
    for (const { job, exchange } of bodies) {
      const steps = Array.isArray(job.steps) ? (job.steps as Record<string, unknown>[]) : [];
      for (const step of steps) {
        const result = step?.result as { type?: unknown; url?: unknown } | null | undefined;
        // Only a link is judged: a result null, absent or of another shape is JOBS-11's matter.
        if (step?.title !== 'verify-credentials' || result?.type !== 'link' || typeof result.url !== 'string')
          continue;
        judged++;
        let path: string;
        try {
          path = safeDecode(new URL(result.url, 'http://relative.invalid/').pathname);
        } catch {
          path = safeDecode(result.url);
        }
        expectThat(
          path.endsWith(named) || path.includes(`${named}/`),
          `expected the verify-credentials result to name the connection (…${named}), got ${result.url}`,
          exchange,
        );
      }
    }
    if (judged === 0) throw new NotExercised('no verify-credentials step carried a result link');
  },
  updateOptions,
);

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

check(
  "A job's links.source points to the connection the job works on: for an update, the updated connection",
  ['JOBS-14'],
  async () => {
    const expected = connectionPath(fixture('userId'), fixture('connectionId'));
    const { bodies } = await updateSnapshots();
    for (const { job, exchange } of bodies) {
      const source = (job.links as { source?: unknown } | null | undefined)?.source;
      // JOBS-13 fails a missing or non-string source.
      if (typeof source !== 'string') continue;
      let path: string;
      try {
        path = new URL(source, 'http://relative.invalid/').pathname.replace(/\/$/, '');
      } catch {
        path = source;
      }
      expectThat(
        safeDecode(path).endsWith(safeDecode(expected)),
        `expected links.source to end with ${expected}, got ${source}`,
        exchange,
      );
    }
  },
  updateOptions,
);

/** How far on a step of a status the spec lists is; undefined for another status, whose place is not stated. */
const progress: Record<string, number> = { pending: 0, 'in-progress': 1, success: 2 };

check(
  "A job's steps progress one way along the array: no finished step between two still to come",
  ['JOBS-17'],
  () =>
    everySnapshot((job, exchange) => {
      const steps = Array.isArray(job.steps) ? (job.steps as Record<string, unknown>[]) : [];
      const ranks = steps
        .map((step) => progress[String(step?.status)])
        .filter((rank): rank is number => rank !== undefined);
      const rising = ranks.every((rank, i) => i === 0 || rank >= (ranks[i - 1] as number));
      const falling = ranks.every((rank, i) => i === 0 || rank <= (ranks[i - 1] as number));
      expectThat(
        rising || falling,
        `the steps' statuses go up and down along the array: ${steps.map((s) => `${String(s?.title)} ${String(s?.status)}`).join(', ')}`,
        exchange,
      );
    }),
  options,
);

check(
  "A job's links.self, followed as given, answers 200 with that job",
  ['JOBS-18'],
  async () => {
    const { run, bodies } = await jobSnapshots();
    const seen = [...(run.update ? [run.update] : []), ...bodies.map(({ exchange }) => exchange)];
    const selves = new Map<string, string>();
    for (const exchange of seen) {
      const job = (exchange.response?.body ?? {}) as { id?: unknown; links?: { self?: unknown } };
      // A missing self link or id is JOBS-13's or JOBS-04's finding.
      if (typeof job.links?.self === 'string' && typeof job.id === 'string')
        selves.set(job.links.self, job.id);
    }
    if (selves.size === 0) throw new NotExercised('no job answer carried a links.self and an id');
    for (const [self, id] of selves) {
      const exchange = await api().get(self);
      if (exchange.failure?.startsWith('refused to follow'))
        throw new NotExercised(`the job's links.self leads to another origin: ${self}`);
      const answered = (exchange.response?.body as { id?: unknown } | null | undefined)?.id;
      expectThat(
        exchange.response?.status === 200 && answered === id,
        `job ${id}'s links.self (${self}) answered ${exchange.response?.status ?? exchange.failure} with id ${JSON.stringify(answered)}`,
        exchange,
      );
    }
  },
  options,
);

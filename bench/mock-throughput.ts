import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Pool, request } from 'undici';
import { defaultApiKey } from '../mock/options.ts';
import type { World } from '../mock/world/world.ts';

/** One measured endpoint. */
export interface ThroughputResult {
  endpoint: string;
  requests: number;
  /** Answers with another status than 200; a benchmark of refusals measures nothing. */
  failures: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU time the serving process spent per request, in microseconds: its own cost, whatever else runs. */
  serverCpuMicros: number;
}

export interface ThroughputOptions {
  /** Keep-alive connections, each with one request in flight. */
  connections: number;
  /** Measured time per endpoint. */
  durationMs: number;
  /** Unmeasured time per endpoint first, so the JIT has warmed up the hot path. */
  warmupMs: number;
}

export const defaultThroughputOptions: ThroughputOptions = {
  connections: 10,
  durationMs: 4000,
  warmupMs: 500,
};

/** Target of the mock's most-called endpoint on a 2-core machine. */
export const institutionsTarget = 10_000;

export const bareEndpoint = 'bare node:http, same bytes as GET /institutions';

/** The mock in a child process (see mock-process.ts), as a client would meet it. */
export class MockProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    readonly fixture: World['fixture'],
  ) {}

  static async start(env: NodeJS.ProcessEnv = {}): Promise<MockProcess> {
    const child = fork(fileURLToPath(new URL('./mock-process.ts', import.meta.url)), [], {
      env: { ...process.env, ...env },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ready = await new Promise<{ url: string; fixture: World['fixture'] }>((resolve, reject) => {
      child.once('message', (message) => resolve(message as { url: string; fixture: World['fixture'] }));
      child.once('exit', (code) => reject(new Error(`the mock process exited with code ${code}`)));
    });
    return new MockProcess(child, ready.url, ready.fixture);
  }

  private ask<T>(message: unknown): Promise<T> {
    return new Promise((resolve) => {
      this.child.once('message', (answer) => resolve(answer as T));
      this.child.send(message as string);
    });
  }

  /** CPU time the process has used so far, user plus system, in microseconds. */
  async cpuMicros(): Promise<number> {
    const { cpu } = await this.ask<{ cpu: NodeJS.CpuUsage }>('cpu');
    return cpu.user + cpu.system;
  }

  /** Starts a bare node:http server in the same process that answers every request with `body`. */
  async serveBare(body: string): Promise<string> {
    return (await this.ask<{ bareUrl: string }>({ bare: body })).bareUrl;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.disconnect();
    });
  }
}

async function issueToken(url: string): Promise<string> {
  const response = await request(`${url}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${defaultApiKey}`,
      'content-type': 'application/x-www-form-urlencoded',
      'service-version': '2.0',
    },
    body: 'scope=SERVER_ACCESS',
  });
  const body = (await response.body.json()) as { access_token?: string };
  if (response.statusCode !== 200 || !body.access_token)
    throw new Error(`POST /token answered ${response.statusCode}`);
  return body.access_token;
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] as number;
}

/**
 * Runs `connections` closed loops against one path for a fixed time: each loop sends its next request as
 * soon as the previous answer has been read in full.
 */
async function measure(
  server: MockProcess,
  origin: string,
  endpoint: string,
  path: string,
  headers: Record<string, string>,
  options: ThroughputOptions,
): Promise<ThroughputResult> {
  const pool = new Pool(origin, { connections: options.connections, pipelining: 1 });
  const run = async (durationMs: number, latencies: number[] | undefined) => {
    let failures = 0;
    const deadline = performance.now() + durationMs;
    const loop = async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const response = await pool.request({ method: 'GET', path, headers });
        await response.body.dump({ limit: Infinity });
        if (response.statusCode !== 200) failures += 1;
        latencies?.push(performance.now() - started);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: options.connections }, loop));
    return { failures, seconds: (performance.now() - started) / 1000 };
  };
  try {
    await run(options.warmupMs, undefined);
    const latencies: number[] = [];
    const cpuBefore = await server.cpuMicros();
    const { failures, seconds } = await run(options.durationMs, latencies);
    const cpu = (await server.cpuMicros()) - cpuBefore;
    const sorted = Float64Array.from(latencies).sort();
    return {
      endpoint,
      requests: latencies.length,
      failures,
      seconds,
      requestsPerSecond: latencies.length / seconds,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      serverCpuMicros: cpu / latencies.length,
    };
  } finally {
    await pool.close();
  }
}

/**
 * Measures GET /institutions, a matching GET /enrich and a 500-entry affordability page, then a bare
 * node:http server sending the institution list's bytes: the ceiling of this client, loopback and machine
 * for a body that size, against which the mock's own figure is read.
 */
export async function mockThroughput(
  options: ThroughputOptions = defaultThroughputOptions,
): Promise<ThroughputResult[]> {
  const mock = await MockProcess.start();
  try {
    const { origin, pathname } = new URL(mock.url);
    const basePath = pathname.replace(/\/$/, '');
    // Like any HTTP client, the benchmark accepts gzip; the mock then sends its cached lists compressed.
    const headers = { authorization: `Bearer ${await issueToken(mock.url)}`, 'accept-encoding': 'gzip' };
    const { fixture } = mock;
    const enrichQuery = new URLSearchParams({
      q: 'EFTPOS WOOLWORTHS 1234 SYDNEY AU',
      institution: fixture.institutionId,
      country: 'AU',
    });
    const targets: [string, string][] = [
      ['GET /institutions', '/institutions'],
      ['GET /enrich (matching)', `/enrich?${enrichQuery}`],
      [
        'GET affordability transactions (limit=500)',
        `/users/${fixture.userId}/affordability/${fixture.affordabilityId}/transactions?limit=500`,
      ],
    ];
    const results: ThroughputResult[] = [];
    for (const [endpoint, path] of targets)
      results.push(await measure(mock, origin, endpoint, `${basePath}${path}`, headers, options));
    const list = await request(`${mock.url}/institutions`, { headers });
    const bareUrl = await mock.serveBare(await list.body.text());
    results.push(await measure(mock, bareUrl, bareEndpoint, '/', {}, options));
    return results;
  } finally {
    await mock.stop();
  }
}

/** A fixed-width table of the results, one line per endpoint. */
export function formatThroughput(results: ThroughputResult[]): string {
  const rows = [
    ['endpoint', 'requests', 'seconds', 'req/s', 'p50 ms', 'p99 ms', 'server CPU µs/req', 'failures'],
    ...results.map((r) => [
      r.endpoint,
      String(r.requests),
      r.seconds.toFixed(2),
      r.requestsPerSecond.toFixed(0),
      r.p50Ms.toFixed(2),
      r.p99Ms.toFixed(2),
      r.serverCpuMicros.toFixed(0),
      String(r.failures),
    ]),
  ];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  '),
    )
    .join('\n');
}

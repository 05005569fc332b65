import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { defaultApiKey, startMock } from '../mock/index.ts';
import { startProxy } from '../src/observe/proxy/proxy.ts';

/**
 * What the validating proxy adds to an exchange (issue 23): GET /institutions sent one at a time over one
 * keep-alive connection, directly to an in-process mock and through the proxy in front of it, in turn, so
 * both see the same machine load. The added time of an exchange is its proxied time less the direct time
 * of its pair. Everything shares one event loop, the proxy's judging (after each answer is sent) included,
 * so a judging that held the next exchange up would show here.
 */

export interface ProxyOverhead {
  exchanges: number;
  direct: { medianMs: number; p99Ms: number };
  proxied: { medianMs: number; p99Ms: number };
  added: { medianMs: number; p99Ms: number };
  /** Exchanges the proxy judged, and requirements broken (a clean mock breaks none). */
  judged: number;
  broken: number;
}

/** Target of the median added time per exchange. */
export const proxyOverheadTargetMs = 2;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function summary(values: number[]): { medianMs: number; p99Ms: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { medianMs: percentile(sorted, 50), p99Ms: percentile(sorted, 99) };
}

export async function proxyOverhead(exchanges = 2_000, warmup = 300): Promise<ProxyOverhead> {
  const mock = await startMock();
  const proxy = await startProxy({ target: mock.url });
  const direct = new Pool(new URL(mock.url).origin, { connections: 1, pipelining: 1 });
  const proxied = new Pool(new URL(proxy.url).origin, { connections: 1, pipelining: 1 });
  try {
    const token = await direct.request({
      method: 'POST',
      path: '/token',
      headers: {
        authorization: `Basic ${defaultApiKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        'service-version': '2.0',
      },
      body: 'scope=SERVER_ACCESS',
    });
    const { access_token: accessToken } = (await token.body.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${accessToken}` };
    const once = async (pool: Pool): Promise<number> => {
      const started = performance.now();
      const answer = await pool.request({ method: 'GET', path: '/institutions', headers });
      await answer.body.arrayBuffer();
      if (answer.statusCode !== 200) throw new Error(`GET /institutions answered ${answer.statusCode}`);
      return performance.now() - started;
    };
    for (let i = 0; i < warmup; i++) {
      await once(direct);
      await once(proxied);
    }
    const directMs: number[] = [];
    const proxiedMs: number[] = [];
    for (let i = 0; i < exchanges; i++) {
      // Alternating which goes first, so neither always meets the other's leftover work.
      if (i % 2 === 0) {
        directMs.push(await once(direct));
        proxiedMs.push(await once(proxied));
      } else {
        proxiedMs.push(await once(proxied));
        directMs.push(await once(direct));
      }
    }
    const added = proxiedMs.map((ms, i) => ms - (directMs[i] ?? 0));
    await proxy.close();
    const report = proxy.report().server;
    return {
      exchanges,
      direct: summary(directMs),
      proxied: summary(proxiedMs),
      added: summary(added),
      judged: report.exchanges,
      broken: report.summary.failed,
    };
  } finally {
    await Promise.all([direct.close(), proxied.close()]);
    await proxy.close();
    await mock.close();
  }
}

export function formatProxyOverhead(result: ProxyOverhead): string {
  const ms = (value: number) => `${value.toFixed(3)} ms`;
  return [
    `  ${result.exchanges} sequential GET /institutions each way, one keep-alive connection each`,
    `  direct:  median ${ms(result.direct.medianMs)}, p99 ${ms(result.direct.p99Ms)}`,
    `  proxied: median ${ms(result.proxied.medianMs)}, p99 ${ms(result.proxied.p99Ms)}`,
    `  added per exchange: median ${ms(result.added.medianMs)}, p99 ${ms(result.added.p99Ms)}`,
    `  the proxy judged ${result.judged} exchanges, ${result.broken} requirement(s) broken`,
  ].join('\n');
}

// `tsx bench/proxy-overhead.ts` runs this step alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await proxyOverhead();
  console.log(formatProxyOverhead(result));
  console.log(
    `median added ${result.added.medianMs.toFixed(3)} ms, target < ${proxyOverheadTargetMs} ms: ` +
      (result.added.medianMs < proxyOverheadTargetMs ? 'met' : 'MISSED'),
  );
}

import { setTimeout as sleep } from 'node:timers/promises';
import { errorWords } from '../src/checks/error-body.ts';
import { HttpClient } from '../src/http/http-client.ts';
import type { Secrets } from '../src/http/secrets.ts';
import { windowMs } from '../src/http/traffic.ts';
import { oneLine } from '../src/report/markdown.ts';

/**
 * The requests sent before the run (the token request, the fixtures' look-ups): one at a time, each in
 * the run's budget and within its own time limit, never a write (a token request is none:
 * docs/design.md#safe-on-shared-environments), sent once each but for the run's token request, which
 * --retry-transient sends again (runner/setup-diagnosis.ts, requestToken).
 */

/** The run's budget as the requests sent before it meet it. */
export interface PreflightBudget {
  /** The run's budget (`--max-rps`): each request waits its turn in it. */
  maxRps?: number;
  /** When the requests sent before the run were answered; each adds its own. */
  answered: number[];
}

/** Sends one request through a client of its own, whose time limit is what the request may take. */
export async function preflightRequest<T>(
  baseUrl: string,
  limitMs: number,
  budget: PreflightBudget,
  secrets: Secrets,
  send: (client: HttpClient) => Promise<T>,
): Promise<T> {
  const client = new HttpClient({
    baseUrl,
    timeoutMs: Math.max(1, Math.round(limitMs)),
    concurrency: 1,
    // A fixture's first page of transactions is at most 500 entries.
    maxBodyBytes: 4 * 1024 * 1024,
    readOnly: true,
    secrets,
    // A 429 is not retried: each retry would be a request outside the budget's count.
    maxRetries: 0,
  });
  try {
    await turnInBudget(budget);
    return await send(client);
  } finally {
    budget.answered.push(Date.now());
    await client.close();
  }
}

/**
 * Waits until the budget has room for one more request. These requests go one at a time, so the rule
 * of the run's coordinator (src/http/traffic.ts) reduces to: fewer than N answered in the window.
 */
async function turnInBudget({ maxRps, answered }: PreflightBudget): Promise<void> {
  if (!maxRps) return;
  for (;;) {
    const now = Date.now();
    const recent = answered.filter((at) => at > now - windowMs).sort((a, b) => a - b);
    if (recent.length < maxRps) return;
    await sleep((recent[0] as number) + windowMs - now);
  }
}

/** A time limit as a line says it: `10 s`, `0.8 s`. */
export function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** An answer's status and one of its errors as a setup line quotes them: `404 resource-not-found: …`. */
export function statusAndError(
  status: number,
  error: Record<string, unknown> | undefined,
  max: number,
): string {
  const code = typeof error?.code === 'string' ? ` ${error.code}` : '';
  const said = error ? errorWords(error) : undefined;
  return oneLine(`${status}${code}${said === undefined ? '' : `: ${said}`}`, max);
}

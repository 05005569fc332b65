import { randomUUID } from 'node:crypto';
import { BroadcastChannel } from 'node:worker_threads';

/**
 * The run's traffic, held to one budget across the suites' worker threads: every request asks the
 * coordinator in the main thread for its turn over a BroadcastChannel (which reaches every thread of the
 * process), so `--max-rps` bounds the rate at the target for the whole run, token requests included, and
 * a 429 pauses the whole run's traffic for its Retry-After, not just the one request.
 *
 * The budget is held on arrivals, not on grants. A granted request counts as in flight until its answer
 * begins (or it fails), and is then placed in the window at that moment, which is never before it
 * reached the target: a target answers only what has arrived. A grant is given only while the requests
 * placed in the last window and those in flight number fewer than N. So for any window of one second at
 * the target, take the request of that window granted last: every other one arrived before its grant
 * (and was placed within a window before it) or was in flight at it, so at most N arrive in any window,
 * however late a busy machine writes a granted request.
 */
type Message =
  | { kind: 'acquire'; id: string; group: string }
  | { kind: 'grant'; id: string }
  | { kind: 'answered'; at: number }
  | { kind: 'sent'; group: string }
  | { kind: 'pause'; ms: number }
  | { kind: 'transient' }
  | { kind: 'timed'; endpoint: string; ms: number };

/** The answered requests of one operation: how many, and the median and 95th percentile of their time. */
export interface OperationLatency {
  count: number;
  p50Ms: number;
  p95Ms: number;
}

/** What the run sent (report.json `traffic`). */
export interface TrafficSummary {
  requests: number;
  /** Requests by endpoint group of the check that sent them. */
  byGroup: Record<string, number>;
  /** The budget, `--max-rps`; null when the run had none. */
  maxRequestsPerSecond: number | null;
  /** 429 answers seen. */
  rateLimited: number;
  /** Seconds the run's traffic stood paused on them. */
  waitedSeconds: number;
  /** Requests sent again after a transient answer (502, 503, 504, a reset) under --retry-transient. */
  transientRetries: number;
  /**
   * The answered requests by the operation they name (`GET /users/{user.id}`), each attempt counted, from
   * its sending to the end of its answer's body. Requests naming no operation of the table (probes of
   * unknown paths) and those without an answer are left out. Reports of earlier versions lack it.
   */
  byOperation?: Record<string, OperationLatency>;
}

/** The nearest-rank percentile of times sorted ascending: a time some request took, never a blend. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** The window a budget is held over: a second, and a small margin for clocks read a moment apart. */
export const windowMs = 1025;

/** The main thread's side: grants requests in turn, at most N per window, none while a 429 pauses the run. */
export class TrafficCoordinator {
  private readonly channel: BroadcastChannel;
  private readonly queue: { id: string; group: string }[] = [];
  /** When the requests of the current window were answered (or failed), each after it arrived. */
  private recent: number[] = [];
  /** Requests granted whose answer has not begun: each may arrive at any moment. */
  private inFlight = 0;
  private pausedUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly counts: TrafficSummary;
  private readonly times = new Map<string, number[]>();

  constructor(
    readonly channelName: string,
    private readonly maxRequestsPerSecond?: number,
    /** Requests the run sent before the coordinator started (the reachability probe): when answered. */
    answeredBefore: readonly number[] = [],
  ) {
    this.recent.push(...answeredBefore);
    this.counts = {
      requests: 0,
      byGroup: {},
      maxRequestsPerSecond: maxRequestsPerSecond ?? null,
      rateLimited: 0,
      waitedSeconds: 0,
      transientRetries: 0,
    };
    this.channel = new BroadcastChannel(channelName);
    this.channel.onmessage = (event) => this.receive((event as { data: Message }).data);
    this.channel.unref();
  }

  private receive(message: Message): void {
    if (message.kind === 'acquire') this.queue.push(message);
    if (message.kind === 'answered') {
      this.inFlight--;
      this.recent.push(message.at);
    }
    if (message.kind === 'sent') this.count(message.group);
    if (message.kind === 'transient') this.counts.transientRetries++;
    if (message.kind === 'timed') {
      const times = this.times.get(message.endpoint) ?? [];
      times.push(message.ms);
      this.times.set(message.endpoint, times);
    }
    if (message.kind === 'pause') {
      const now = Date.now();
      const until = now + message.ms;
      this.counts.rateLimited++;
      if (until > this.pausedUntil) {
        this.counts.waitedSeconds += (until - Math.max(this.pausedUntil, now)) / 1000;
        this.pausedUntil = until;
      }
    }
    this.drain();
  }

  private drain(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.queue.length > 0) {
      const now = Date.now();
      if (now < this.pausedUntil) return this.wake(this.pausedUntil - now);
      // Answers come from several threads, so not in order: keep those of the window, oldest first.
      this.recent = this.recent.filter((at) => at > now - windowMs).sort((a, b) => a - b);
      if (this.maxRequestsPerSecond && this.recent.length + this.inFlight >= this.maxRequestsPerSecond) {
        // Full with requests in flight alone: the next answer drains again. Else the oldest leaves the window.
        if (this.recent.length === 0) return;
        return this.wake((this.recent[0] as number) + windowMs - now);
      }
      if (this.maxRequestsPerSecond) this.inFlight++;
      const { id, group } = this.queue.shift() as { id: string; group: string };
      this.count(group);
      this.channel.postMessage({ kind: 'grant', id } satisfies Message);
    }
  }

  private count(group: string): void {
    this.counts.requests++;
    this.counts.byGroup[group] = (this.counts.byGroup[group] ?? 0) + 1;
  }

  private wake(ms: number): void {
    this.timer = setTimeout(() => this.drain(), Math.max(ms, 1));
  }

  summary(): TrafficSummary {
    const byOperation: Record<string, OperationLatency> = {};
    for (const [endpoint, times] of [...this.times].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = [...times].sort((a, b) => a - b);
      byOperation[endpoint] = {
        count: sorted.length,
        p50Ms: percentile(sorted, 50),
        p95Ms: percentile(sorted, 95),
      };
    }
    return {
      ...this.counts,
      byGroup: { ...this.counts.byGroup },
      waitedSeconds: Math.round(this.counts.waitedSeconds * 10) / 10,
      byOperation,
    };
  }

  close(): void {
    clearTimeout(this.timer);
    this.channel.close();
  }
}

/**
 * A worker's side. With a budget each request waits for its grant; without one it only waits out a 429's
 * pause, which every gate hears, and reports what it sent, so the run pays no round trip per request.
 */
export class TrafficGate {
  private readonly channel: BroadcastChannel;
  private readonly waiting = new Map<string, () => void>();
  private readonly prefix = randomUUID().slice(0, 8);
  private sent = 0;
  private pausedUntil = 0;

  constructor(
    channelName: string,
    /** The endpoint group of the check sending now, for the counts. */
    private readonly group: () => string,
    /** Whether the run has a budget (`--max-rps`): then every request waits for the coordinator's grant. */
    private readonly budgeted: boolean,
  ) {
    this.channel = new BroadcastChannel(channelName);
    this.channel.onmessage = (event) => {
      const message = (event as { data: Message }).data;
      if (message.kind === 'pause') this.pausedUntil = Math.max(this.pausedUntil, Date.now() + message.ms);
      if (message.kind !== 'grant') return;
      this.waiting.get(message.id)?.();
      this.waiting.delete(message.id);
    };
    this.channel.unref();
  }

  /**
   * Waits for the request's turn; the function it gives back is to be called the moment the request's
   * answer begins, or the request fails, which places it in the budget's window.
   */
  async acquire(): Promise<() => void> {
    if (!this.budgeted) {
      const wait = this.pausedUntil - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      this.channel.postMessage({ kind: 'sent', group: this.group() } satisfies Message);
      return () => undefined;
    }
    const id = `${this.prefix}-${this.sent++}`;
    await new Promise<void>((resolve) => {
      this.waiting.set(id, resolve);
      this.channel.postMessage({ kind: 'acquire', id, group: this.group() } satisfies Message);
    });
    let answered = false;
    return () => {
      if (answered) return;
      answered = true;
      this.channel.postMessage({ kind: 'answered', at: Date.now() } satisfies Message);
    };
  }

  /** The time of one answered request of an operation (its endpoint name), for the report's latencies. */
  timed(endpoint: string, ms: number): void {
    this.channel.postMessage({ kind: 'timed', endpoint, ms } satisfies Message);
  }

  /** Counts a request sent again after a transient answer, for the report. */
  transient(): void {
    this.channel.postMessage({ kind: 'transient' } satisfies Message);
  }

  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms);
    this.channel.postMessage({ kind: 'pause', ms } satisfies Message);
  }

  close(): void {
    this.channel.close();
  }
}

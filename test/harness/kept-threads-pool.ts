import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PoolOptions, PoolRunnerInitializer, PoolWorker, Vitest, WorkerRequest } from 'vitest/node';

/**
 * A vitest pool of threads kept from one run to the next of the same vitest instance: the project's own
 * sessions (the fault matrix, the register's variants) make a hundred small runs of a few check files
 * each, and vitest ends a run's workers with it, so each run paid a new thread loading the suites'
 * modules afresh: some 0.4 s of CPU, where the checks of a small run take 0.1 s.
 *
 * A kept thread is the same vitest threads worker (vitest/node ThreadsPoolWorker), started once. vitest
 * opens each run's use of it with a `start` message and closes it with `stop`, on which the worker tears
 * down for good; a kept thread hears the first `start` only, and the pool answers the later ones, and every
 * `stop`, itself. The thread keeps its setup and its loaded modules, as a worker shared by several files
 * of one run does (isolate: false): each run brings its own provided settings, and each target's runId
 * makes the checks drop what they kept for another (src/checks/run-context.ts).
 */

const name = 'kept-threads';

/** Threads between runs, by vitest instance. */
const idleThreads = new WeakMap<Vitest, Worker[]>();
/** Threads that ended or failed: never kept. */
const endedThreads = new WeakSet<Worker>();

class KeptThreadWorker implements PoolWorker {
  readonly name = name;
  private thread: Worker | undefined;
  /** Whether the thread heard its `start` in an earlier run. */
  private started = false;
  /**
   * Whether vitest let the thread go with a `stop` message: its run ended. A forced stop (a cancelled run)
   * sends none, and the thread, perhaps still running checks, is ended rather than kept.
   */
  private stopAsked = false;
  /** What vitest listens to on the thread, taken off it when the run lets it go. */
  private readonly listeners: [string, (arg: unknown) => void][] = [];
  private readonly stdout: NodeJS.WritableStream;
  private readonly stderr: NodeJS.WritableStream;

  constructor(private readonly options: PoolOptions) {
    this.stdout = options.project.vitest.logger.outputStream;
    this.stderr = options.project.vitest.logger.errorStream;
  }

  private get vitest(): Vitest {
    return this.options.project.vitest;
  }

  private current(): Worker {
    if (!this.thread) throw new Error('the worker was stopped or never started');
    return this.thread;
  }

  on(event: string, callback: (arg: unknown) => void): void {
    this.listeners.push([event, callback]);
    this.current().on(event, callback);
  }

  off(event: string, callback: (arg: unknown) => void): void {
    const index = this.listeners.findIndex(([e, c]) => e === event && c === callback);
    if (index !== -1) this.listeners.splice(index, 1);
    this.current().off(event, callback);
  }

  /** Passes a message on, but a kept thread's later `start` and every `stop` the pool answers itself. */
  send(message: WorkerRequest): void {
    const type = message.type;
    if (type === 'stop') this.stopAsked = true;
    if ((type === 'start' && this.started) || type === 'stop') {
      const reply = { type: type === 'start' ? 'started' : 'stopped', __vitest_worker_response__: true };
      setImmediate(() => {
        for (const [event, callback] of [...this.listeners]) if (event === 'message') callback(reply);
      });
      return;
    }
    if (type === 'start') this.started = true;
    this.current().postMessage(message);
  }

  start(): Promise<void> {
    if (this.thread) return Promise.resolve();
    const idle = idleThreads.get(this.vitest);
    const kept = idle?.pop();
    if (kept) {
      this.thread = kept;
      this.started = true;
    } else {
      this.thread = new Worker(join(this.options.distPath, 'workers/threads.js'), {
        env: this.options.env,
        execArgv: this.options.execArgv,
        stdout: true,
        stderr: true,
      });
      // A kept thread never holds the process open, even if its session is never closed.
      this.thread.unref();
      const thread = this.thread;
      thread.once('exit', () => endedThreads.add(thread));
      thread.once('error', () => endedThreads.add(thread));
    }
    this.thread.stdout.pipe(this.stdout, { end: false });
    this.thread.stderr.pipe(this.stderr, { end: false });
    return Promise.resolve();
  }

  /** Lets the thread go for the next run, unless it ended, failed or was stopped mid-run. */
  stop(): Promise<void> {
    const thread = this.thread;
    this.thread = undefined;
    if (!thread) return Promise.resolve();
    for (const [event, callback] of this.listeners.splice(0)) thread.off(event, callback);
    thread.stdout.unpipe(this.stdout);
    thread.stderr.unpipe(this.stderr);
    if (endedThreads.has(thread) || !this.stopAsked) return thread.terminate().then(() => undefined);
    const idle = idleThreads.get(this.vitest) ?? [];
    idle.push(thread);
    idleThreads.set(this.vitest, idle);
    return Promise.resolve();
  }

  deserialize(data: unknown): unknown {
    return data;
  }
}

/** The pool of the project's own sessions (suite-session.ts). */
export const keptThreadsPool: PoolRunnerInitializer = {
  name,
  createPoolWorker: (options) => new KeptThreadWorker(options),
};

/** Ends the threads a vitest instance kept; called as it closes. */
export async function endKeptThreads(vitest: Vitest): Promise<void> {
  const idle = idleThreads.get(vitest) ?? [];
  idleThreads.delete(vitest);
  await Promise.all(idle.map((thread) => thread.terminate()));
}

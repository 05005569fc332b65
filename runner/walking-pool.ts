import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PoolOptions, PoolRunnerInitializer, PoolWorker, WorkerRequest } from 'vitest/node';

/**
 * The old-generation bound of the worker that walks the affordability snapshot, in MB. The larger a
 * heap's bound, the further V8 lets it grow past its live data before a full collection, and a walk's
 * garbage is large: each 500-entry page is a string that only a full collection frees. With the default
 * bound the worker grows to several times its live data; a bound of 1 GB keeps it near its live data at
 * no cost in time (bench/README.md gives the figures), and still holds what the walks keep at their page
 * caps (about 1,000,000 ids). A target
 * that makes them keep more ends the worker with an out-of-memory error, which fails the checks it cut
 * short (runner/reporters/check-collector.ts); vitest's own threads worker, failing so, ends the whole process.
 */
const walkingHeapMb = 1024;

/**
 * vitest's threads worker (vitest/node ThreadsPoolWorker, whose constructor takes no resource limits),
 * with a bounded heap: the same entry point and messages, its output piped to vitest's logger.
 */
class BoundedHeapWorker implements PoolWorker {
  private readonly entrypoint: string;
  private thread: Worker | undefined;
  private failed = false;
  private readonly exitListeners = new Map<(arg: unknown) => void, (code: number) => void>();
  private readonly stdout: NodeJS.WritableStream;
  private readonly stderr: NodeJS.WritableStream;

  constructor(
    readonly name: string,
    private readonly heapMb: number,
    private readonly options: PoolOptions,
  ) {
    this.entrypoint = join(options.distPath, 'workers/threads.js');
    this.stdout = options.project.vitest.logger.outputStream;
    this.stderr = options.project.vitest.logger.errorStream;
  }

  private started(): Worker {
    if (!this.thread) throw new Error('the worker was stopped or never started');
    return this.thread;
  }

  /**
   * A worker that fails (out of memory, say) emits `error`, then `exit`. vitest fails the worker's files
   * on the error, but turns the exit into a second error that nothing listens for, which would end the
   * whole process with a stack trace: the exit after an error is not passed on.
   */
  on(event: string, callback: (arg: unknown) => void): void {
    if (event !== 'exit') return void this.started().on(event, callback);
    const onExit = (code: number) => this.failed || callback(code);
    this.exitListeners.set(callback, onExit);
    this.started().on('exit', onExit);
  }

  off(event: string, callback: (arg: unknown) => void): void {
    const listener = (event === 'exit' && this.exitListeners.get(callback)) || callback;
    this.exitListeners.delete(callback);
    this.started().off(event, listener);
  }

  send(message: WorkerRequest): void {
    this.started().postMessage(message);
  }

  start(): Promise<void> {
    // vitest may call start again on a worker it reuses (isolate: false).
    if (!this.thread) {
      this.failed = false;
      this.thread = new Worker(this.entrypoint, {
        env: this.options.env,
        execArgv: this.options.execArgv,
        resourceLimits: { maxOldGenerationSizeMb: this.heapMb },
        stdout: true,
        stderr: true,
      });
      this.thread.once('error', () => (this.failed = true));
      this.thread.stdout.pipe(this.stdout, { end: false });
      this.thread.stderr.pipe(this.stderr, { end: false });
    }
    return Promise.resolve();
  }

  async stop(): Promise<void> {
    const thread = this.thread;
    this.thread = undefined;
    if (!thread) return;
    await thread.terminate();
    thread.stdout.unpipe(this.stdout);
    thread.stderr.unpipe(this.stderr);
  }

  deserialize(data: unknown): unknown {
    return data;
  }
}

/** A vitest pool of threads whose heaps are bounded at `heapMb`. */
export function boundedHeapPool(heapMb: number): PoolRunnerInitializer {
  const name = `threads-${heapMb}mb`;
  return { name, createPoolWorker: (options) => new BoundedHeapWorker(name, heapMb, options) };
}

/** The pool of the affordability project (runner/run-suites.ts). */
export const walkingPool = boundedHeapPool(walkingHeapMb);

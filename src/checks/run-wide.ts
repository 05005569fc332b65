import { randomUUID } from 'node:crypto';
import { BroadcastChannel } from 'node:worker_threads';
import { runSettings } from './run-context.ts';

/**
 * A value made once for the whole run, whichever of its worker threads asks first: the others wait for
 * it. What `perRun` is within one worker, across all of them, for what must not happen once per worker: a
 * trial of the fixture password, which a second worker must not send while the first learns whether the
 * institution refused it. The main thread keeps the values (`RunWideValues`); every thread of the process
 * hears it over a BroadcastChannel, as the run's traffic coordinator (src/http/traffic.ts). A run without
 * one (the project's own sessions of the suites, on one worker) makes each value once per worker.
 */
type Message =
  | { kind: 'ask'; key: string; id: string }
  | { kind: 'make'; id: string }
  | { kind: 'made'; key: string; value?: unknown; error?: string }
  | { kind: 'value'; id: string; value?: unknown; error?: string };

type Kept = { value?: unknown; error?: string } | { waiting: string[] };

/** The main thread's side: the first thread to ask for a value makes it, the others are given it once made. */
export class RunWideValues {
  private readonly channel: BroadcastChannel;
  private readonly values = new Map<string, Kept>();

  constructor(readonly channelName: string) {
    this.channel = new BroadcastChannel(channelName);
    this.channel.onmessage = (event) => this.receive((event as { data: Message }).data);
    this.channel.unref();
  }

  private receive(message: Message): void {
    if (message.kind === 'ask') {
      const kept = this.values.get(message.key);
      if (kept === undefined) {
        this.values.set(message.key, { waiting: [] });
        this.post({ kind: 'make', id: message.id });
      } else if ('waiting' in kept) kept.waiting.push(message.id);
      else this.post({ kind: 'value', id: message.id, ...kept });
    }
    if (message.kind === 'made') {
      const kept = this.values.get(message.key);
      const made = {
        ...(message.value !== undefined ? { value: message.value } : {}),
        ...(message.error !== undefined ? { error: message.error } : {}),
      };
      this.values.set(message.key, made);
      if (kept && 'waiting' in kept) for (const id of kept.waiting) this.post({ kind: 'value', id, ...made });
    }
  }

  private post(message: Message): void {
    this.channel.postMessage(message);
  }

  close(): void {
    this.channel.close();
  }
}

/** This worker's channels, by name, and the values it asked for, by run and key. */
const channels = new Map<string, BroadcastChannel>();
const asked = new Map<string, Promise<unknown>>();

/**
 * The run's value of `key`: made by `make` in the thread that asks first, in this worker or another, and
 * given to every other asker once made. `make` must give something a structured clone carries (plain
 * data); its error, if it throws, is every asker's.
 */
export function runWide<T>(key: string, make: () => Promise<T>): Promise<T> {
  const settings = runSettings();
  const memo = `${settings.runId} ${key}`;
  let value = asked.get(memo) as Promise<T> | undefined;
  if (!value) {
    value = settings.runWide ? askRunWide(settings.runWide.channel, key, make) : make();
    asked.set(memo, value);
  }
  return value;
}

/** One ask of the keeper on the channel: the value made by this thread (told to make it) or another. */
export function askRunWide<T>(channelName: string, key: string, make: () => Promise<T>): Promise<T> {
  let channel = channels.get(channelName);
  if (!channel) {
    channel = new BroadcastChannel(channelName);
    // Like the traffic gate's: the checks awaiting an answer keep the worker alive, not the channel.
    channel.unref();
    channels.set(channelName, channel);
  }
  const id = randomUUID();
  const open = channel;
  return new Promise<T>((resolve, reject) => {
    const settle = (answer: { value?: unknown; error?: string }) => {
      if (answer.error !== undefined) reject(new Error(answer.error));
      else resolve(answer.value as T);
    };
    const listener = (event: Event) => {
      const message = (event as unknown as { data: Message }).data;
      if (message.kind !== 'make' && message.kind !== 'value') return;
      if (message.id !== id) return;
      open.removeEventListener('message', listener);
      if (message.kind === 'value') return settle(message);
      make().then(
        (made) => {
          open.postMessage({ kind: 'made', key, value: made } satisfies Message);
          resolve(made);
        },
        (error: unknown) => {
          const said = error instanceof Error ? error.message : String(error);
          open.postMessage({ kind: 'made', key, error: said } satisfies Message);
          reject(error instanceof Error ? error : new Error(said));
        },
      );
    };
    open.addEventListener('message', listener);
    open.postMessage({ kind: 'ask', key, id } satisfies Message);
  });
}

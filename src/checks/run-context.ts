import { AsyncLocalStorage } from 'node:async_hooks';
import { expect, inject } from 'vitest';
import { Api } from '../http/api.ts';
import type { Exchange } from '../http/exchange.ts';
import { sealSecrets } from '../http/secrets.ts';
import { TrafficGate } from '../http/traffic.ts';
import type { RunSettings } from '../profile/profile.ts';
import type { RequirementId } from '../requirements/requirement-ids.generated.ts';
import { suiteGroupOf } from '../requirements/groups.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The profile and run settings, provided by the runner (runner/run-suites.ts). */
    settings: RunSettings;
    /**
     * Settings for particular check files, by absolute path, over `settings`: one run of a session can
     * aim each file at its own target (the fault matrix runs many faults' files at once).
     */
    settingsByFile: Record<string, RunSettings>;
    /**
     * The key the run's writers seal the secrets a worker learns under (src/http/secrets.ts,
     * sealingKey), provided by the collector of the checks' outcomes (runner/reporters/check-collector.ts).
     */
    secretsSealingKey?: string;
  }
}

/**
 * A probe a check did not send (docs/design.md#reports, `partly-exercised`): what it would have shown, why
 * it was not sent, and what the user could give to have it sent (a profile field, a key); none where
 * nothing can (the run is read-only by choice, the target lacks what the probe needs).
 */
export interface ProbeNotRun {
  /** The probe in words: "under another user of the target". */
  probe: string;
  reason: string;
  enableBy?: string;
}

/**
 * The check running now: the requirements it names, its exchanges, so a failure carries the requests that
 * led to it, and the probes it did not send, which keep it from passing.
 */
export interface RunningCheck {
  requirements: readonly RequirementId[];
  exchanges: Exchange[];
  notRun: ProbeNotRun[];
  /**
   * Where `perRun` makes a shared result: the checks that read it. A probe its making leaves out is
   * recorded on each of them, as each judges what the shared result lacks.
   */
  readers?: RunningCheck[];
}

export const runningCheck = new AsyncLocalStorage<RunningCheck>();

function record(store: RunningCheck, notRun: ProbeNotRun): void {
  if (!store.notRun.some((n) => n.probe === notRun.probe && n.reason === notRun.reason))
    store.notRun.push(notRun);
  for (const reader of store.readers ?? []) record(reader, notRun);
}

/**
 * Records, on the check running now, a probe that could show a violation of its requirements and was not
 * sent: the check is then partly exercised, never passed. Every helper that leaves a probe out (a write
 * under --read-only, a fixture the profile lacks) says so here, and inside `perRun` the record reaches
 * every check that reads the shared result, so no check has to keep the books itself.
 */
export function probeNotRun(notRun: ProbeNotRun): void {
  const store = runningCheck.getStore();
  if (store) record(store, notRun);
}

/**
 * The first requirement the check running now names: its own rule, which an assertion that names no
 * other holds (docs/design.md#a-failure-fails-only-what-its-evidence-breaks).
 */
export function primaryRequirement(): RequirementId {
  const primary = runningCheck.getStore()?.requirements[0];
  if (primary === undefined) throw new Error('an assertion ran outside a check');
  return primary;
}

/** Whether the check running now names the requirement (it probes what that requirement is about). */
export function checkNames(requirement: RequirementId): boolean {
  return runningCheck.getStore()?.requirements.includes(requirement) ?? false;
}

/** The settings for the check file running now in this worker (vitest runs one file at a time per worker). */
export function runSettings(): RunSettings {
  const file = expect.getState().testPath;
  return (file ? inject('settingsByFile')[file] : undefined) ?? inject('settings');
}

/**
 * What a worker keeps for the run in progress. A worker may serve several targets (the fault matrix
 * aims each check file at its own fault's mock, one vitest run after another), each with its own run id:
 * everything kept is dropped when the run id changes.
 */
let current: { runId: string; api: Api; memo: Map<string, Shared> } | undefined;

/** What `perRun` keeps of one key: the result, and the store its making runs in (with its readers). */
interface Shared {
  promise: Promise<unknown>;
  making: RunningCheck & { readers: RunningCheck[] };
}

function currentRun(): NonNullable<typeof current> {
  const settings = runSettings();
  if (current?.runId !== settings.runId) {
    // Not awaited: the new run starts at once while the finished run's connections close behind it.
    void current?.api.close();
    const traffic = settings.traffic
      ? new TrafficGate(
          settings.traffic.channel,
          () => suiteGroupOf(expect.getState().testPath),
          settings.traffic.budgeted,
        )
      : undefined;
    const client = new Api(settings, traffic);
    client.http.exchanges.push((exchange) => runningCheck.getStore()?.exchanges.push(exchange));
    current = { runId: settings.runId, api: client, memo: new Map() };
  }
  return current;
}

/** The run's one client in this worker: its suites share its connections and its token. */
export function api(): Api {
  return currentRun().api;
}

/**
 * The secrets this worker learnt since it last reported (every token issued, every credential sent),
 * sealed for the run's writers, which mask them in all they write; undefined when there are none, or no
 * writer asked for them.
 */
export function sealedNewSecrets(): string | undefined {
  const key = inject('secretsSealingKey');
  const fresh = api().secrets.takeUnreported();
  return key && fresh.length > 0 ? sealSecrets(fresh, key) : undefined;
}

/**
 * A request or walk made once per run in this worker and shared by the checks that read it (the
 * institution list, a snapshot walk, a created user). Keyed by name within the run. The probes its making
 * left out (`probeNotRun`) are recorded on every check that reads it, not only on the first: each of them
 * judges what the shared result lacks.
 */
export function perRun<T>(key: string, make: () => Promise<T>): Promise<T> {
  const { memo } = currentRun();
  const reader = runningCheck.getStore();
  let shared = memo.get(key);
  if (!shared) {
    // The first reader's requirements and exchanges, as if it made the result itself; the probes left
    // out go to every reader.
    const making = {
      requirements: reader?.requirements ?? [],
      exchanges: reader?.exchanges ?? [],
      notRun: [] as ProbeNotRun[],
      readers: [] as RunningCheck[],
    };
    shared = { promise: runningCheck.run(making, make), making };
    memo.set(key, shared);
  }
  if (reader) {
    shared.making.readers.push(reader);
    for (const n of shared.making.notRun) record(reader, n);
  }
  return shared.promise as Promise<T>;
}

/**
 * Forgets what the checks of this worker shared: a check run again by --retries then asks the target
 * afresh rather than judging, a second time, a failed answer kept from its first attempt.
 */
export function forgetSharedAnswers(): void {
  currentRun().memo.clear();
}

/** `perRun` as a getter: `const institutions = perRunValue('institutions', () => fetch())`, then `await institutions()`. */
export function perRunValue<T>(key: string, make: () => Promise<T>): () => Promise<T> {
  return () => perRun(key, make);
}

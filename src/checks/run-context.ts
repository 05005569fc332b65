import { AsyncLocalStorage } from 'node:async_hooks';
import { inject } from 'vitest';
import { Api } from '../client/api.ts';
import type { Exchange } from '../client/exchange.ts';
import type { RunSettings } from '../profile/profile.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The profile and run settings, provided by the runner (src/runner/run-suites.ts). */
    settings: RunSettings;
  }
}

/** The exchanges of the check running now, so a failure carries the requests that led to it. */
export const checkExchanges = new AsyncLocalStorage<Exchange[]>();

let shared: Api | undefined;

export function runSettings(): RunSettings {
  return inject('settings');
}

/** The worker's one client: suites in a worker share its connections and its token. */
export function api(): Api {
  if (!shared) {
    shared = new Api(runSettings());
    shared.http.exchanges.push((exchange) => checkExchanges.getStore()?.push(exchange));
  }
  return shared;
}

import type { TaskClient } from '../client';
import { createStoreCore } from './create-store-core';
import type { RunStore } from './run-store';

const STORES_KEY = Symbol.for('hitl-react.run-stores.v1');

/**
 * The shared store of a client, made on first use (without the code of its answers: the hooks that
 * answer bring it, see `withAnswers`). The map lives on `globalThis` under a versioned
 * symbol, so two copies of this package on one page share one store per client instead of polling
 * twice.
 */
export function getRunStore(client: TaskClient): RunStore {
  const holder = globalThis as typeof globalThis & { [STORES_KEY]?: WeakMap<TaskClient, RunStore> };
  const stores = (holder[STORES_KEY] ??= new WeakMap());
  let store = stores.get(client);
  if (store === undefined) {
    store = createStoreCore(client);
    stores.set(client, store);
  }
  return store;
}

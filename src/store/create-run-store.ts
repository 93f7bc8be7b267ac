import type { TaskClient } from '../client';
import { ANSWERS_KEY, createStoreCore, type StoreAnswers } from './create-store-core';
import type { RunStore } from './run-store';
import type { RunStoreOptions } from './run-store-options';
import { ToolInputRegistry } from './tool-input-registry';

const STORES_KEY = Symbol.for('hitl-react.run-stores.v1');

/**
 * Gives `store` the code of its answers, so that an answer goes out in the same task as the click
 * that sends it. The stores below and the hooks that answer call it; a page that only watches runs
 * never imports it.
 */
export function withAnswers<S extends RunStore>(store: S): S {
  (store as S & { [ANSWERS_KEY]?: StoreAnswers })[ANSWERS_KEY]?.provide((deps) => new ToolInputRegistry(deps));
  return store;
}

/**
 * Creates a store for `client` with its own options. Most apps use `getRunStore(client)` (one
 * shared store per client) instead; a second store for the same client polls independently.
 */
export function createRunStore(client: TaskClient, options: RunStoreOptions = {}): RunStore {
  return withAnswers(createStoreCore(client, options));
}

/**
 * The shared store of a client as the hooks read it, made on first use without the code of its
 * answers (the hooks that answer bring it). The map lives on `globalThis` under a versioned
 * symbol, so two copies of this package on one page share one store per client instead of
 * polling twice.
 */
export function getSharedStore(client: TaskClient): RunStore {
  const holder = globalThis as typeof globalThis & { [STORES_KEY]?: WeakMap<TaskClient, RunStore> };
  const stores = (holder[STORES_KEY] ??= new WeakMap());
  let store = stores.get(client);
  if (store === undefined) {
    store = createStoreCore(client);
    stores.set(client, store);
  }
  return store;
}

/** The shared store of a client (the one the hooks use), made on first use, with the code of its answers. */
export function getRunStore(client: TaskClient): RunStore {
  return withAnswers(getSharedStore(client));
}

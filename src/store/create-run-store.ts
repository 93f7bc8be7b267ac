import type { TaskClient } from '../client';
import { createStoreCore } from './create-store-core';
import type { RunStore } from './run-store';
import type { RunStoreOptions } from './run-store-options';
import { withAnswers } from './with-answers';

/**
 * Creates a store for `client` with its own options. Most apps use `getRunStore(client)` (one
 * shared store per client) instead; a second store for the same client polls independently.
 */
export function createRunStore(client: TaskClient, options: RunStoreOptions = {}): RunStore {
  return withAnswers(createStoreCore(client, options));
}

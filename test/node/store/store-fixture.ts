import { createRunStore, type RunStore, type RunStoreOptions } from '../../../src/store';
import { FakeEnvironment, type FakeTaskClient } from './fake-task-client';

/**
 * Fake timers at a fixed date for each test, and a `makeStore` whose store is destroyed after it:
 * a hand-driven environment (visible, online) and no first-poll jitter unless `options` say so.
 */
export function useStoreFixture(): (client: FakeTaskClient, options?: RunStoreOptions) => RunStore {
  let store: RunStore | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
  });
  afterEach(() => {
    store?.destroy();
    store = undefined;
    vi.useRealTimers();
  });
  return (client, options = {}) => {
    store = createRunStore(client, { environment: new FakeEnvironment(), firstPollJitterMs: 0, ...options });
    return store;
  };
}

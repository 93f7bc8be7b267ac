import { act, cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { TaskClientProvider } from '../../../src/context';
import { createRunStore, type RunStore, type RunStoreOptions } from '../../../src/store';
import { FakeEnvironment, FakeTaskClient } from '../../node/store/fake-task-client';

export interface Harness {
  client: FakeTaskClient;
  store: RunStore;
  environment: FakeEnvironment;
  wrapper: (props: { children?: ReactNode }) => ReactNode;
}

/** A scripted client, its own store (no first-poll jitter, a hand-driven environment) and a provider wrapper. */
export function harness(client = new FakeTaskClient(), options: RunStoreOptions = {}): Harness {
  const environment = new FakeEnvironment();
  const store = createRunStore(client, { environment, firstPollJitterMs: 0, ...options });
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <TaskClientProvider client={client} store={store}>
      {children}
    </TaskClientProvider>
  );
  return { client, store, environment, wrapper };
}

/**
 * Advances the fake clock inside `act`, so the resulting renders are flushed; then settles the chain
 * of work those renders start "now" (an answer makes a run terminal, the render enables the result,
 * its effect starts a 0 ms timer, and so on), without moving the clock further.
 */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  for (let round = 0; round < 5; round += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

type JestShim = { jest?: { advanceTimersByTime(ms: number): void } };

/**
 * Fake timers that Testing Library can live with. Its async wrapper (used by user-event) drains with
 * a `setTimeout(0)` and only advances it itself when it sees a `jest` global; without one, every
 * user-event call would wait for ever under Vitest's fake timers. The shim is removed afterwards.
 */
export function installFakeClock(): void {
  vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
  (globalThis as JestShim).jest = { advanceTimersByTime: (ms) => vi.advanceTimersByTime(ms) };
}

export function removeFakeClock(): void {
  // Unmount while the fake clock still runs, so teardown timers are not handed to the real one.
  cleanup();
  delete (globalThis as JestShim).jest;
  vi.useRealTimers();
}

/** `userEvent.setup()` driving the fake clock. */
export function setupUser() {
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

/**
 * The bound on the hub's store calls, with fake timers: a store that answers nothing fails a call
 * after the time-out (the hub then polls on its own); one that is only slow under load, answering
 * other calls meanwhile, is waited for and never makes the hub degraded.
 */
import { createMemoryProxyStore, type ProxyStore } from '../../../src/server';
import { guardStore, StoreTimeoutError } from '../../../src/server/hub/guard-store';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A memory store whose `isWanted` answers only when the test says so. */
function storeWithHeldCalls() {
  const held: Array<(value: boolean) => void> = [];
  const store: ProxyStore = {
    ...createMemoryProxyStore(),
    isWanted: () => new Promise<boolean>((resolve) => held.push(resolve)),
  };
  return { store, held };
}

function listener() {
  return { failed: vi.fn(), slow: vi.fn(), succeeded: vi.fn() };
}

describe('the store guard', () => {
  it('fails a call the store does not answer within the time-out, and says the store failed', async () => {
    const { store } = storeWithHeldCalls();
    const events = listener();
    const call = guardStore(store, 1000, events).isWanted('a');
    const outcome = call.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(events.failed).not.toHaveBeenCalled();
    // The time-out is decided after the I/O already waiting (the next turn of the event loop).
    await vi.advanceTimersByTimeAsync(2);
    expect(await outcome).toBeInstanceOf(StoreTimeoutError);
    expect(events.failed).toHaveBeenCalledTimes(1);
  });

  it('waits for a slow call while the store answers others, and never says it failed', async () => {
    const { store, held } = storeWithHeldCalls();
    const events = listener();
    const guarded = guardStore(store, 1000, events);
    const slow = guarded.isWanted('a');
    await vi.advanceTimersByTimeAsync(500);
    // Another call goes through while the first is still out.
    await guarded.acquireLease('b', 'me', 1000);
    // Past the time-out of the first call: a guard that counted only time would have failed it.
    await vi.advanceTimersByTimeAsync(1200);
    expect(events.failed).not.toHaveBeenCalled();
    held[0]?.(true);
    expect(await slow).toBe(true);
    expect(events.failed).not.toHaveBeenCalled();
  });

  it("counts a client's own time-out as slow, not as a failure, while the store answers others", async () => {
    const store: ProxyStore = {
      ...createMemoryProxyStore(),
      isWanted: () =>
        new Promise((_, reject) => setTimeout(() => reject(Object.assign(new Error('Command timed out'), { name: 'TimeoutError' })), 800)),
    };
    const events = listener();
    const guarded = guardStore(store, 5000, events);
    const slow = guarded.isWanted('a').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);
    await guarded.acquireLease('b', 'me', 1000);
    await vi.advanceTimersByTimeAsync(700);
    expect(await slow).toBeInstanceOf(Error);
    expect(events.slow).toHaveBeenCalledTimes(1);
    expect(events.failed).not.toHaveBeenCalled();
  });
});

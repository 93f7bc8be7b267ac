/**
 * The lease that says which instance polls a topic, over the in-process store with fake timers:
 * one holder at a time, kept through a slow poll and a far-off next turn, given up so that nobody
 * polls sooner than the holder would have.
 */
import { createMemoryProxyStore } from '../../../src/server';
import { TopicLease } from '../../../src/server/hub/topic-lease';

const INTERVAL = 1000;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the lease of a topic', () => {
  it('has one holder; the other is told when it lapses, two intervals after the last take, and takes it then', async () => {
    const store = createMemoryProxyStore();
    const [a, b] = [new TopicLease(store, 'topic', 'a', INTERVAL), new TopicLease(store, 'topic', 'b', INTERVAL)];
    expect(await a.take()).toBe(true);
    expect(await b.take()).toBe(2 * INTERVAL);
    expect([a.held, b.held]).toEqual([true, false]);
    await vi.advanceTimersByTimeAsync(2 * INTERVAL);
    expect(await b.take()).toBe(true);
  });

  it('is kept through a poll slower than the lease, and until an interval after a far-off next turn', async () => {
    const store = createMemoryProxyStore();
    const [a, b] = [new TopicLease(store, 'topic', 'a', INTERVAL), new TopicLease(store, 'topic', 'b', INTERVAL)];
    await a.take();
    const polling = a.during(() => new Promise((resolve) => setTimeout(resolve, 5 * INTERVAL)));
    await vi.advanceTimersByTimeAsync(5 * INTERVAL);
    await polling;
    expect(await b.take()).not.toBe(true);
    a.wait(10 * INTERVAL);
    await vi.advanceTimersByTimeAsync(10 * INTERVAL);
    expect(await b.take()).toBe(INTERVAL);
  });

  it('is given up with a hold, so nobody polls sooner than the holder would have', async () => {
    const store = createMemoryProxyStore();
    const [a, b] = [new TopicLease(store, 'topic', 'a', INTERVAL), new TopicLease(store, 'topic', 'b', INTERVAL)];
    await a.take();
    await a.release(INTERVAL / 2);
    expect(a.held).toBe(false);
    expect(await b.take()).not.toBe(true);
    await vi.advanceTimersByTimeAsync(INTERVAL / 2);
    expect(await b.take()).toBe(true);
  });

  it('says it cannot tell when the store fails, so that an instance with a stream polls on its own', async () => {
    const store = { ...createMemoryProxyStore(), acquireLease: () => Promise.reject(new Error('down')) };
    const lease = new TopicLease(store, 'topic', 'a', INTERVAL);
    await expect(lease.take()).rejects.toThrow('down');
    expect(lease.held).toBeUndefined();
  });
});

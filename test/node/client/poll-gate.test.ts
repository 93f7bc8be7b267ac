/**
 * The gate the store's scheduler and the proxy's hub both send their polls through. The store's
 * side (`push`, reads outside the line) is covered by test/node/store/concurrency.test.ts and the
 * 429 hold by test/node/store/errors.test.ts; here, what only `throughGate` (the hub's way in) and
 * the hold's timer do.
 */
import { MAX_TIMER_DELAY_MS, PollGate, throughGate } from '../../../src/client';

/** A poll that answers when told to, and whether it started. */
function deferredPoll() {
  let answer = () => {};
  const poll = { started: false, answer: () => answer() };
  const run = () => {
    poll.started = true;
    return new Promise<string>((resolve) => {
      answer = () => resolve('answered');
    });
  };
  return Object.assign(poll, { run });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('throughGate', () => {
  it('keeps at most `max` polls open, the others first in, first out, and a read outside the line counts', async () => {
    const gate = new PollGate(2);
    gate.begin();
    const polls = Array.from({ length: 4 }, deferredPoll);
    const results = polls.map((poll) => throughGate(gate, poll.run));
    expect(polls.map((poll) => poll.started)).toEqual([true, false, false, false]);

    gate.end();
    expect(polls.map((poll) => poll.started)).toEqual([true, true, false, false]);
    polls[1]?.answer();
    await expect(results[1]).resolves.toBe('answered');
    expect(polls.map((poll) => poll.started)).toEqual([true, true, true, false]);
  });

  it('takes a poll whose signal aborts while it waits out of the line, so it never starts', async () => {
    const gate = new PollGate(1);
    const [first, dropped, next] = [deferredPoll(), deferredPoll(), deferredPoll()];
    const controller = new AbortController();
    const running = throughGate(gate, first.run);
    const leaving = throughGate(gate, dropped.run, controller.signal);
    void throughGate(gate, next.run);

    controller.abort();
    first.answer();
    await running;
    expect([dropped.started, next.started]).toEqual([false, true]);
    await expect(leaving).rejects.toThrow();
  });

  it('holds every poll until a time further off than a timer can wait, without waking in a loop', async () => {
    vi.useFakeTimers();
    const gate = new PollGate(4);
    const holdMs = MAX_TIMER_DELAY_MS + 60_000;
    gate.holdUntil(Date.now() + holdMs);
    const poll = deferredPoll();
    const timers = vi.spyOn(globalThis, 'setTimeout');
    void throughGate(gate, poll.run);

    // A timer longer than 2^31 - 1 ms fires at once: held by one, the gate would wake every millisecond.
    await vi.advanceTimersByTimeAsync(1000);
    expect(poll.started).toBe(false);
    expect(timers).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(holdMs - 1001);
    expect(poll.started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(poll.started).toBe(true);
  });
});

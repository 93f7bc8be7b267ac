/**
 * The service's pending calls in the notifications and at their deadlines: the clock tells of
 * each sighting with the call's tool, the deadlines tell the notifier (team from the store, title
 * from the form's heading) and, past a deadline, stop the run once across instances, or not.
 */
import { createMemoryProxyStore, type ProxyStore } from '../../../src/server';
import type { Notifier, WaitingItem } from '../../../src/server/notify/notifier';
import { createToolCallDeadlines, type TaskProxyToolCallOptions } from '../../../src/server/notify/notify-tool-call-deadlines';
import { ToolCallClock, type PendingToolCall } from '../../../src/server/forward/tool-call-clock';

const flush = () => new Promise((resolve) => setImmediate(resolve));
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

function recordingNotifier() {
  const noticed: WaitingItem[] = [];
  const ended: string[] = [];
  const notifier: Notifier = {
    notice: (item) => void noticed.push(item),
    ended: (id) => void ended.push(id),
    close: () => Promise.resolve(),
  };
  return { notifier, noticed, ended };
}

const form: PendingToolCall = { toolCallId: 'call-1', tool: { name: 'form_input', parameters: { heading: 'Log in to the bank' } } };
let clock = 10_000_000;
let store: ProxyStore;
beforeEach(() => {
  clock = 10_000_000;
  store = createMemoryProxyStore({ now: () => clock });
});

const deadlines = (
  options: TaskProxyToolCallOptions | undefined,
  extra: { teams?: boolean; stopRun?: (taskId: string) => Promise<void> } = {},
) => {
  const recorded = recordingNotifier();
  const stopRun = vi.fn(extra.stopRun ?? (() => Promise.resolve()));
  const made = createToolCallDeadlines(options, {
    store,
    notifier: recorded.notifier,
    stopRun,
    logger: silent,
    teams: extra.teams ?? false,
    now: () => clock,
  });
  return { ...recorded, stopRun, deadlines: made };
};

describe('ToolCallClock onPending', () => {
  it('tells of a status GET showing a pending call, with its tool and when it was first seen', async () => {
    const onPending = vi.fn();
    const clock = new ToolCallClock({ store: {}, ttlMs: 60_000, onStoreError: () => undefined, onPending });
    const status = () =>
      new Response(
        JSON.stringify({
          success: true,
          data: { status: 'running', detailedStatus: 'tool_call', toolCall: { toolCallId: 'call-1', tool: form.tool } },
        }),
        {
          headers: { 'content-type': 'application/json' },
        },
      );
    await clock.stamp('getRunStatus', 'task-1', status());
    const first = onPending.mock.calls[0]?.[2] as number;
    await clock.stamp('getRunStatus', 'task-1', status());
    expect(onPending).toHaveBeenCalledTimes(2);
    expect(onPending).toHaveBeenLastCalledWith('task-1', { toolCallId: 'call-1', tool: form.tool }, first);
  });
});

describe('createToolCallDeadlines', () => {
  it('tells the notifier of each sighting: the form heading as title, the task team from the store', async () => {
    await store.assignTask({ taskId: 'task-1', team: 'ops', createdAt: 0, readableName: 'Bank' });
    const { deadlines: made, noticed } = deadlines(undefined, { teams: true });
    made.pending('task-1', form, clock - 5000);
    await flush();
    made.pending('task-1', form, clock - 5000);
    made.pending('task-1', { toolCallId: 'call-1', tool: { name: 'approve_payment', parameters: {} } }, clock - 5000);
    expect(noticed).toEqual([
      {
        kind: 'tool_call',
        id: 'task-1/call-1',
        team: 'ops',
        source: 'task-service',
        title: 'Log in to the bank',
        waitingSince: clock - 5000,
        toolCall: { name: 'form_input', parameters: { heading: 'Log in to the bank' } },
      },
      {
        kind: 'tool_call',
        id: 'task-1/call-1',
        team: 'ops',
        source: 'task-service',
        title: 'Log in to the bank',
        waitingSince: clock - 5000,
        toolCall: { name: 'form_input', parameters: { heading: 'Log in to the bank' } },
      },
      {
        kind: 'tool_call',
        id: 'task-1/call-1',
        team: 'ops',
        source: 'task-service',
        title: 'approve_payment',
        waitingSince: clock - 5000,
        toolCall: { name: 'approve_payment', parameters: {} },
      },
    ]);
  });

  it("tells nobody of a task no team has (with teams), and team '' without teams", async () => {
    const withTeams = deadlines(undefined, { teams: true });
    withTeams.deadlines.pending('task-elsewhere', form, clock);
    await flush();
    expect(withTeams.noticed).toEqual([]);
    const without = deadlines(undefined);
    without.deadlines.pending('task-1', form, clock);
    expect(without.noticed.map((item) => item.team)).toEqual(['']);
  });

  it("ends the notifications of a task's call when another replaces it, or it is answered", () => {
    const { deadlines: made, ended } = deadlines(undefined);
    made.pending('task-1', form, clock);
    made.pending('task-1', { toolCallId: 'call-2' }, clock);
    made.answered('task-1', 'call-2');
    made.pending('task-2', { toolCallId: 'call-7' }, clock);
    // The answer gate knows the task only.
    made.answered('task-2');
    made.answered('task-3');
    expect(ended).toEqual(['task-1/call-1', 'task-1/call-2', 'task-2/call-7']);
  });

  it('stops the run once across two instances past the deadline, and not before', async () => {
    const options: TaskProxyToolCallOptions = { timeoutMs: 60_000, byTool: { form_input: 120_000 }, onExpired: 'stop' };
    const a = deadlines(options);
    const b = deadlines(options);
    const since = clock;
    clock += 119_999;
    for (const instance of [a, b]) instance.deadlines.pending('task-1', form, since);
    await flush();
    expect(a.stopRun.mock.calls.length + b.stopRun.mock.calls.length).toBe(0);

    clock += 1;
    for (let round = 0; round < 5; round++) {
      for (const instance of [a, b]) instance.deadlines.pending('task-1', form, since);
      clock += 1000;
      await flush();
    }
    expect([...a.stopRun.mock.calls, ...b.stopRun.mock.calls]).toEqual([['task-1']]);

    // Another tool: the default deadline.
    a.deadlines.pending('task-2', { toolCallId: 'call-9', tool: { name: 'approve' } }, clock - 60_000);
    await flush();
    expect(a.stopRun).toHaveBeenLastCalledWith('task-2');
  });

  it('tries a stop that failed again after a while', async () => {
    let failing = true;
    const { deadlines: made, stopRun } = deadlines(
      { timeoutMs: 0, onExpired: 'stop' },
      { stopRun: () => (failing ? Promise.reject(new Error('503')) : Promise.resolve()) },
    );
    made.pending('task-1', form, clock);
    await flush();
    made.pending('task-1', form, clock);
    await flush();
    expect(stopRun).toHaveBeenCalledTimes(1);
    failing = false;
    clock += 61_000;
    made.pending('task-1', form, clock - 61_000);
    await flush();
    expect(stopRun).toHaveBeenCalledTimes(2);
  });

  it("never stops a run with onExpired 'escalate' (the default): it waits on, and the notifier goes on hearing of it", async () => {
    const { deadlines: made, stopRun, noticed } = deadlines({ timeoutMs: 1000 });
    made.pending('task-1', form, clock - 10 * 60_000);
    await flush();
    expect(stopRun).not.toHaveBeenCalled();
    expect(noticed).toHaveLength(1);
  });

  it('refuses options it cannot follow when the proxy is made', () => {
    expect(() => deadlines({ timeoutMs: -1 })).toThrow(/timeoutMs/);
    expect(() => deadlines({ byTool: { form_input: Number.NaN } })).toThrow(/byTool\["form_input"\]/);
    expect(() => deadlines({ onExpired: 'cancel' as 'stop' })).toThrow(/onExpired/);
  });
});

import { resourceKeys } from '../../../src/store';
import { FakeTaskClient, processing, waitingFor } from './fake-task-client';
import { useStoreFixture } from './store-fixture';

const makeStore = useStoreFixture();

const key = resourceKeys.status('task-1');

describe('responses arriving out of order', () => {
  it('never lets an older response overwrite a newer one', async () => {
    // A client that ignores abort signals: the old request still answers, late.
    const client = new FakeTaskClient().script('getRunStatus', { hold: true });
    client.honourAbort = false;
    const s = makeStore(client);
    const first = s.watch(key);
    await vi.advanceTimersByTimeAsync(0);
    first.unwatch();
    await vi.advanceTimersByTimeAsync(0);
    const watcher = s.watch(key);
    await vi.advanceTimersByTimeAsync(0);
    const [older, newer] = client.callsTo('getRunStatus');
    expect(older?.aborted).toBe(true);

    newer?.resolve(waitingFor('call-2'));
    await vi.advanceTimersByTimeAsync(0);
    older?.resolve(waitingFor('call-1'));
    await vi.advanceTimersByTimeAsync(0);

    expect(s.getSnapshot(key).data?.toolCall?.toolCallId).toBe('call-2');
    watcher.unwatch();
  });

  it('drops a late answer to an aborted request even when it arrives first', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { hold: true });
    client.honourAbort = false;
    const s = makeStore(client);
    const first = s.watch(key);
    await vi.advanceTimersByTimeAsync(0);
    first.unwatch();
    await vi.advanceTimersByTimeAsync(0);
    s.watch(key);
    await vi.advanceTimersByTimeAsync(0);
    const [aborted, current] = client.callsTo('getRunStatus');

    aborted?.resolve(waitingFor('call-1'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.getSnapshot(key).data).toBeUndefined();
    expect(s.getSnapshot(key).isFetching).toBe(true);

    current?.resolve(processing());
    await vi.advanceTimersByTimeAsync(0);
    expect(s.getSnapshot(key).data?.detailedStatus).toBe('processing_page');
  });

  it('joins an open request on refetch instead of sending a second one', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { hold: true });
    const s = makeStore(client);
    s.watch(key);
    await vi.advanceTimersByTimeAsync(0);

    const refetched = s.refetch(key);
    expect(client.callsTo('getRunStatus')).toHaveLength(1);

    client.callsTo('getRunStatus')[0]?.resolve(processing());
    await expect(refetched).resolves.toMatchObject({ detailedStatus: 'processing_page' });
  });

  it('replaces an open request that started before an invalidation', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { hold: true });
    client.honourAbort = false;
    const s = makeStore(client);
    s.watch(key);
    await vi.advanceTimersByTimeAsync(0);

    s.invalidate((k) => k.resource === 'status');
    const [before, after] = client.callsTo('getRunStatus');
    expect(before?.aborted).toBe(true);

    after?.resolve(processing());
    before?.resolve(waitingFor('call-1'));
    await vi.advanceTimersByTimeAsync(0);

    expect(s.getSnapshot(key).data?.detailedStatus).toBe('processing_page');
  });
});

describe('an answered tool call is not brought back', () => {
  it('drops a status requested before the answer was accepted, and refetches at once', async () => {
    const client = new FakeTaskClient()
      .script('getRunStatus', { value: waitingFor('call-1') }, { hold: true }, { value: processing() })
      .script('submitToolInput', { value: undefined });
    client.honourAbort = false;
    const s = makeStore(client);
    s.watch(key);
    await vi.advanceTimersByTimeAsync(2000);
    // The poll at 2000 is still out when the answer is accepted.
    const [, slowPoll] = client.callsTo('getRunStatus');
    expect(slowPoll?.settled).toBe(false);

    await s.submitToolInput({ taskId: 'task-1', toolCallId: 'call-1' }, 'hello');
    await vi.advanceTimersByTimeAsync(0);
    expect(client.callsTo('getRunStatus')).toHaveLength(3);
    expect(s.getSnapshot(key).data?.detailedStatus).toBe('processing_page');

    slowPoll?.resolve(waitingFor('call-1'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.getSnapshot(key).data?.detailedStatus).toBe('processing_page');
    expect(s.getSnapshot(key).data?.toolCall).toBeNull();
  });

  it('drops a status requested before the answer was accepted even when it arrives first', async () => {
    const client = new FakeTaskClient()
      .script('getRunStatus', { value: waitingFor('call-1') }, { hold: true })
      .script('submitToolInput', { value: undefined });
    client.honourAbort = false;
    const s = makeStore(client);
    s.watch(key);
    await vi.advanceTimersByTimeAsync(2000);
    const shown = s.getSnapshot(key).data;

    await s.submitToolInput({ taskId: 'task-1', toolCallId: 'call-1' }, 'hello');
    const [, beforeAcceptance, afterAcceptance] = client.callsTo('getRunStatus');
    expect(afterAcceptance?.settled).toBe(false);

    beforeAcceptance?.resolve({ ...waitingFor('call-1'), liveStatus: 'https://live.example.test/run-1?old' });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.getSnapshot(key).data).toBe(shown);

    afterAcceptance?.resolve(processing());
    await vi.advanceTimersByTimeAsync(0);
    expect(s.getSnapshot(key).data?.detailedStatus).toBe('processing_page');
  });

  it('shows a call the service still lists after accepting its answer as answered, and never sends it again', async () => {
    const client = new FakeTaskClient()
      .script('getRunStatus', { value: waitingFor('call-1') })
      .script('submitToolInput', { value: undefined });
    const s = makeStore(client);
    s.watch(key);
    await vi.advanceTimersByTimeAsync(0);

    await s.submitToolInput({ taskId: 'task-1', toolCallId: 'call-1' }, 'hello');
    await vi.advanceTimersByTimeAsync(4000);

    expect(s.getSnapshot(key).data?.toolCall?.toolCallId).toBe('call-1');
    expect(s.getToolInput('task-1', 'call-1').state).toBe('submitted');
    expect(s.getToolInputSubject('task-1')).toBe('call-1');

    await s.submitToolInput({ taskId: 'task-1', toolCallId: 'call-1' }, 'hello again');
    expect(client.callsTo('submitToolInput')).toHaveLength(1);
  });
});

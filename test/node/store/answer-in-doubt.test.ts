/**
 * The store's side of "an answer reaches the service once", against a stand-in of the proxy over
 * real HTTP: one `Idempotency-Key` per answer, the same on every resend of it, a new one for a
 * different answer; and the proxy's `answer_in_doubt`, during which no different answer may go.
 */
import { createTaskClient } from '../../../src/client';
import { createRunStore, resourceKeys, StaleToolCallError, type RunStore } from '../../../src/store';
import { FakeEnvironment } from './fake-task-client';
import { accepted, inDoubt, startAnswerProxyDouble, type AnswerProxyDouble } from './answer-proxy-double';

const ref = { taskId: 'task-1', toolCallId: 'call-1' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const badGateway = { status: 502, body: { success: false, error: 'Bad gateway' } };

let proxy: AnswerProxyDouble;
let store: RunStore;

beforeEach(async () => {
  proxy = await startAnswerProxyDouble();
  // Statuses are polled rarely, so a status read after an answer is the one the answer asked for.
  store = createRunStore(createTaskClient({ baseUrl: proxy.url }), {
    environment: new FakeEnvironment(),
    firstPollJitterMs: 0,
    pollIntervalMs: { status: 10 * 60_000 },
  });
});

afterEach(async () => {
  store.destroy();
  await proxy.close();
});

const keys = () => proxy.answers.map((answer) => answer.key);
const inputs = () => proxy.answers.map((answer) => answer.input);

describe('the Idempotency-Key of an answer', () => {
  it('is sent with the answer, and is the same on each retry after a 504 and a 502', async () => {
    proxy.script(inDoubt(504), badGateway, accepted());

    await expect(store.submitToolInput(ref, { code: '123456' })).rejects.toMatchObject({ kind: 'answer_in_doubt', status: 504 });
    await expect(store.retryToolInput(ref)).rejects.toMatchObject({ kind: 'http', status: 502 });
    await store.retryToolInput(ref);

    expect(keys()).toHaveLength(3);
    expect(keys()[0]).toMatch(UUID);
    expect(new Set(keys()).size).toBe(1);
    expect(new Set(inputs())).toEqual(new Set(['{"code":"123456"}']));
    expect(store.getToolInput('task-1', 'call-1').state).toBe('submitted');
  });

  it('is the first answer’s for a second submit: joined while out, resent with its body after a failure', async () => {
    proxy.script(inDoubt(502), accepted());

    const first = store.submitToolInput(ref, 'first');
    const second = store.submitToolInput(ref, 'second');
    expect(second).toBe(first);
    await expect(first).rejects.toMatchObject({ kind: 'answer_in_doubt' });
    await store.submitToolInput(ref, 'third');

    expect(inputs()).toEqual(['first', 'first']);
    expect(keys()[0]).toMatch(UUID);
    expect(keys()[1]).toBe(keys()[0]);
  });

  it('is new for a different answer sent after reset()', async () => {
    proxy.script({ status: 400, body: { success: false, error: 'Invalid input' } }, accepted());

    await expect(store.submitToolInput(ref, 'first')).rejects.toMatchObject({ kind: 'http', status: 400 });
    store.resetToolInput('task-1', 'call-1');
    await store.submitToolInput(ref, 'second');

    expect(inputs()).toEqual(['first', 'second']);
    expect(keys()[1]).toMatch(UUID);
    expect(keys()[1]).not.toBe(keys()[0]);
  });
});

describe('an answer in doubt', () => {
  it('cannot be reset for a different answer, even after a retry that failed otherwise', async () => {
    proxy.script(inDoubt(504), badGateway, accepted());

    await expect(store.submitToolInput(ref, 'first')).rejects.toMatchObject({ kind: 'answer_in_doubt' });
    store.resetToolInput('task-1', 'call-1');
    expect(store.getToolInput('task-1', 'call-1')).toMatchObject({ state: 'error', inDoubt: true });

    await expect(store.submitToolInput(ref, 'second')).rejects.toMatchObject({ kind: 'http', status: 502 });
    store.resetToolInput('task-1', 'call-1');
    expect(store.getToolInput('task-1', 'call-1')).toMatchObject({ state: 'error', inDoubt: true });

    await store.submitToolInput(ref, 'third');
    expect(inputs()).toEqual(['first', 'first', 'first']);
    expect(new Set(keys()).size).toBe(1);
    expect(store.getToolInput('task-1', 'call-1')).toMatchObject({ state: 'submitted', inDoubt: false });
  });

  it.each([502, 503, 504] as const)(
    'after a %i, reads the status at once; the call gone makes it stale and probably received',
    async (status) => {
      const watcher = store.watch(resourceKeys.status('task-1'));
      await vi.waitFor(() => expect(proxy.statusReads()).toBe(1), { timeout: 10_000 });
      proxy.script(inDoubt(status));
      proxy.setCallGone(true);

      await expect(store.submitToolInput(ref, 'yes')).rejects.toMatchObject({ kind: 'answer_in_doubt', status });
      // The status read the doubt asks for at once (the next poll is minutes away) settles it.
      await vi.waitFor(() => expect(store.getToolInput('task-1', 'call-1').state).toBe('stale'), { timeout: 10_000 });
      expect(proxy.statusReads()).toBe(2);

      const { error } = store.getToolInput('task-1', 'call-1');
      expect(error).toBeInstanceOf(StaleToolCallError);
      expect((error as StaleToolCallError).probablyReceived).toBe(true);
      await expect(store.submitToolInput(ref, 'no')).rejects.toBeInstanceOf(StaleToolCallError);
      expect(inputs()).toEqual(['yes']);
      watcher.unwatch();
    },
  );

  it('stays in doubt while the status still shows the call', async () => {
    const watcher = store.watch(resourceKeys.status('task-1'));
    await vi.waitFor(() => expect(proxy.statusReads()).toBe(1), { timeout: 10_000 });
    proxy.script(inDoubt(504));

    await expect(store.submitToolInput(ref, 'yes')).rejects.toMatchObject({ kind: 'answer_in_doubt' });
    await vi.waitFor(() => expect(proxy.statusReads()).toBe(2), { timeout: 10_000 });
    // The status was applied: a status showing the call leaves the doubt as it was.
    await vi.waitFor(() => expect(store.getSnapshot(resourceKeys.status('task-1')).isFetching).toBe(false), { timeout: 10_000 });
    expect(store.getToolInput('task-1', 'call-1')).toMatchObject({ state: 'error', inDoubt: true });
    watcher.unwatch();
  });
});

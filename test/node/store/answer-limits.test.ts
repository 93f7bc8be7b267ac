/**
 * Answers that cannot be sent, answers whose fate is unknown, and how long answers are remembered
 * (issue 16): a body over the limit is refused before sending with the limit named, a 413 is never
 * resent, a failed send the service acted on says so, and a finished run's answers are forgotten.
 */
import { TaskApiError } from '../../../src/client';
import { AnswerTooLargeError, resourceKeys, StaleToolCallError, type RunStore } from '../../../src/store';
import { completed, FakeTaskClient, processing, waitingFor, type RecordedCall } from './fake-task-client';
import { useStoreFixture } from './store-fixture';

const makeStore = useStoreFixture();

const ref = { taskId: 'task-1', toolCallId: 'call-1' } as const;
const MiB = 1024 * 1024;
const sent = (client: FakeTaskClient) => client.callsTo('submitToolInput').map((call) => (call.args[1] as { input: string }).input);
const failure = (status: number, message = `POST /api/v1/task/{taskId}/run/tool-input failed with HTTP ${status}`) =>
  new TaskApiError(message, { kind: 'http', status, endpoint: 'POST /api/v1/task/{taskId}/run/tool-input' });

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('an answer too large to send', () => {
  it('is refused before sending, with the limit named, and a shorter answer goes at once', async () => {
    const client = new FakeTaskClient().script('submitToolInput', { value: undefined });
    const store = makeStore(client);

    const error = await rejection(store.submitToolInput(ref, 'x'.repeat(MiB)));
    expect(error).toBeInstanceOf(AnswerTooLargeError);
    expect(error.message).toBe('The answer is 1 MiB, over the 1 MiB that can be sent.');
    expect(error).toMatchObject({ limit: MiB, size: MiB + '{"input":"","toolCallId":"call-1"}'.length });
    expect(client.callsTo('submitToolInput')).toHaveLength(0);
    expect(store.getToolInput('task-1', 'call-1')).toMatchObject({ state: 'error', error });

    // "Try again" cannot help: nothing is sent.
    await expect(store.retryToolInput(ref)).rejects.toBe(error);
    expect(client.callsTo('submitToolInput')).toHaveLength(0);

    await store.submitToolInput(ref, 'short');
    expect(sent(client)).toEqual(['short']);
    expect(store.getToolInput('task-1', 'call-1').state).toBe('submitted');
  });

  it('counts the body as sent, escapes and all', async () => {
    const client = new FakeTaskClient().script('submitToolInput', { value: undefined });
    const store = makeStore(client, { maxAnswerBytes: 64 * 1024 });
    // 40,000 characters, 80,000 bytes once each quote is escaped.
    const error = await rejection(store.submitToolInput(ref, '"'.repeat(40_000)));
    expect(error.message).toBe('The answer is 78.2 KiB, over the 64 KiB that can be sent.');
    expect(client.callsTo('submitToolInput')).toHaveLength(0);
  });

  it('is never resent after the server answered 413; a different answer can go', async () => {
    const client = new FakeTaskClient().script(
      'submitToolInput',
      { error: failure(413, 'Request body larger than 1048576 bytes') },
      { value: undefined },
    );
    const store = makeStore(client, { maxAnswerBytes: 10 * MiB });

    const error = await rejection(store.submitToolInput(ref, 'large'));
    expect(error).toBeInstanceOf(AnswerTooLargeError);
    expect(error.message).toBe('The answer is larger than the server accepts.');
    expect(store.getToolInput('task-1', 'call-1').state).toBe('error');

    await expect(store.retryToolInput(ref)).rejects.toBe(error);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent(client)).toEqual(['large']);

    await store.submitToolInput(ref, 'smaller');
    expect(sent(client)).toEqual(['large', 'smaller']);
    expect(store.getToolInput('task-1', 'call-1').state).toBe('submitted');
  });
});

describe('a failed send the service acted on anyway', () => {
  it('is "probably received" once the status shows the call gone, even when the run has ended', async () => {
    const client = new FakeTaskClient()
      // The poll open while the answer goes out is answered after the service moved on; the run ends.
      .script('getRunStatus', { value: waitingFor('call-1') }, { hold: true }, { value: completed() })
      .script('submitToolInput', { error: failure(502) });
    const store = makeStore(client);
    store.watch(resourceKeys.status('task-1'));
    await vi.advanceTimersByTimeAsync(2000);
    const open = client.callsTo('getRunStatus')[1] as RecordedCall;

    await store.submitToolInput(ref, 'yes').catch(() => undefined);
    open.resolve(completed());
    await vi.advanceTimersByTimeAsync(0);

    const snapshot = store.getToolInput('task-1', 'call-1');
    expect(snapshot.state).toBe('stale');
    expect(snapshot.error).toBeInstanceOf(StaleToolCallError);
    expect(snapshot.error).toMatchObject({ probablyReceived: true, message: 'The answer was probably received: the run has moved on.' });
    expect(store.isRunTerminal(store.getSnapshot(resourceKeys.status('task-1')).data!)).toBe(true);
    expect(sent(client)).toEqual(['yes']);
  });

  it('stays an error, with the same body offered again, while the service still waits for the call', async () => {
    const client = new FakeTaskClient()
      .script('getRunStatus', { value: waitingFor('call-1') })
      .script('submitToolInput', { error: failure(502) }, { value: undefined });
    const store = makeStore(client);
    store.watch(resourceKeys.status('task-1'));
    await vi.advanceTimersByTimeAsync(0);
    await store.submitToolInput(ref, 'yes').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(4000);
    expect(store.getToolInput('task-1', 'call-1').state).toBe('error');
    await store.retryToolInput(ref);
    expect(sent(client)).toEqual(['yes', 'yes']);
  });

  it('is not "probably received" when the service refused it (4xx) and then moved on', async () => {
    const client = new FakeTaskClient()
      .script('getRunStatus', { value: waitingFor('call-1') }, { value: processing() })
      .script('submitToolInput', { error: failure(400) });
    const store = makeStore(client);
    store.watch(resourceKeys.status('task-1'));
    await vi.advanceTimersByTimeAsync(0);
    await store.submitToolInput(ref, 'yes').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(2000);
    expect(store.getToolInput('task-1', 'call-1')).toMatchObject({ state: 'stale', error: { probablyReceived: false } });
  });
});

describe('how long answers are remembered', () => {
  /** Each task's run asks for `call-<task>`, then is over once answered (or still running). */
  function runs(outcome: () => unknown) {
    const answered = new Set<string>();
    return new FakeTaskClient()
      .script('getRunStatus', (call) => {
        const taskId = call.args[0] as string;
        return { value: answered.has(taskId) ? outcome() : waitingFor(`call-${taskId}`) };
      })
      .script('submitToolInput', (call) => {
        answered.add(call.args[0] as string);
        return { value: undefined };
      });
  }

  async function answerAll(store: RunStore, count: number) {
    const watchers = [];
    for (let index = 0; index < count; index += 1) watchers.push(store.watch(resourceKeys.status(`t${index}`)));
    await vi.advanceTimersByTimeAsync(0);
    for (let index = 0; index < count; index += 1) await store.submitToolInput({ taskId: `t${index}`, toolCallId: `call-t${index}` }, 'ok');
    await vi.advanceTimersByTimeAsync(0);
    for (const watcher of watchers) watcher.unwatch();
  }

  it('forgets the answers of ended runs once their statuses leave the cache', async () => {
    const client = runs(completed);
    const store = makeStore(client, { cacheTimeMs: 60_000 });
    await answerAll(store, 200);
    expect(store.getToolInput('t7', 'call-t7').state).toBe('submitted');

    await vi.advanceTimersByTimeAsync(59_000);
    expect(store.getToolInput('t7', 'call-t7').state).toBe('submitted');
    await vi.advanceTimersByTimeAsync(2000);
    for (let index = 0; index < 200; index += 1) {
      expect(store.getToolInput(`t${index}`, `call-t${index}`).state).toBe('idle');
      expect(store.getToolInputSubject(`t${index}`)).toBeUndefined();
    }
  });

  it('keeps them while the run goes on, so an answered call the service still shows is not asked again', async () => {
    const client = runs(processing);
    const store = makeStore(client, { cacheTimeMs: 60_000 });
    await answerAll(store, 3);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(store.getToolInput('t1', 'call-t1').state).toBe('submitted');
  });
});

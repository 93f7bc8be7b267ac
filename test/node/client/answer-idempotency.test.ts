/**
 * The client's side of "an answer reaches the service once": the `Idempotency-Key` header it sends
 * when asked, and the proxy's `answer_in_doubt` read into its own kind, over real HTTP.
 */
import { createIdempotencyKey, createTaskClient, isTaskApiError, type TaskApiError } from '../../../src/client';
import { accepted, inDoubt, startAnswerProxyDouble, type AnswerProxyDouble } from '../store/answer-proxy-double';

let proxy: AnswerProxyDouble;

beforeEach(async () => {
  proxy = await startAnswerProxyDouble();
});

afterEach(() => proxy.close());

const body = { input: '{"code":"123456"}', toolCallId: 'call-1' };

async function rejection(promise: Promise<unknown>): Promise<TaskApiError> {
  try {
    await promise;
  } catch (error) {
    if (isTaskApiError(error)) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('submitToolInput and the Idempotency-Key header', () => {
  it('sends the key it is given, and none when given none', async () => {
    const client = createTaskClient({ baseUrl: proxy.url });
    await client.submitToolInput('t', body, { idempotencyKey: 'k-1f2e' });
    await client.submitToolInput('t', body);
    expect(proxy.answers.map((answer) => answer.key)).toEqual(['k-1f2e', null]);
  });

  it('lets the key win over a client-wide header of the same name', async () => {
    const client = createTaskClient({ baseUrl: proxy.url, headers: { 'Idempotency-Key': 'fixed' } });
    await client.submitToolInput('t', body, { idempotencyKey: 'k-2', runId: 'run-7' });
    expect(proxy.answers.map((answer) => answer.key)).toEqual(['k-2']);
  });

  it('refuses an empty key without sending anything', async () => {
    const client = createTaskClient({ baseUrl: proxy.url });
    await expect(client.submitToolInput('t', body, { idempotencyKey: '' })).rejects.toBeInstanceOf(TypeError);
    expect(proxy.answers).toEqual([]);
  });
});

describe('the proxy’s answer_in_doubt', () => {
  it.each([502, 503, 504] as const)('is a TaskApiError of kind answer_in_doubt for HTTP %i', async (status) => {
    proxy.script(inDoubt(status));
    const client = createTaskClient({ baseUrl: proxy.url });
    const error = await rejection(client.submitToolInput('t', body, { idempotencyKey: 'k' }));
    expect(error).toMatchObject({
      kind: 'answer_in_doubt',
      status,
      endpoint: 'POST /api/v1/task/{taskId}/run/tool-input',
      message: 'The answer may have been applied; the run status will tell.',
    });
    if (status === 503) expect(error.retryAfterMs).toBe(2000);
  });

  it('stays http for a 5xx without the code, and for the code on another status', async () => {
    const client = createTaskClient({ baseUrl: proxy.url });
    proxy.script({ status: 502, body: { success: false, error: 'Bad gateway' } }, accepted());
    await expect(client.submitToolInput('t', body)).rejects.toMatchObject({ kind: 'http', status: 502 });
    proxy.script({ status: 500, body: inDoubt().body });
    await expect(client.submitToolInput('t', body)).rejects.toMatchObject({ kind: 'http', status: 500 });
  });
});

describe('createIdempotencyKey', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is a random UUID where the platform makes them', () => {
    const keys = new Set(Array.from({ length: 50 }, () => createIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('is 16 random bytes as hex without randomUUID (a page on plain http)', () => {
    const platform = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: <T extends ArrayBufferView>(array: T) => platform.getRandomValues(array) });
    const keys = new Set(Array.from({ length: 50 }, () => createIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});

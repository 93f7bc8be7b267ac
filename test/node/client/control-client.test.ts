/** `readControl`, `takeControl` and `releaseControl`: the control lease of a hand-off (src/client/control-protocol.ts), as the client speaks it. */
import { CONTROL_HELD_CODE, CONTROL_PATH, createTaskClient, isTaskApiError, type TaskApiError } from '../../../src/client';
import { REQUEST_ENDED } from '../../../src/request';

const BASE = 'https://app.example/api/hitl';
const LEASE = 'lease_0123456789abcdef';

function clientAnswering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const requests: Request[] = [];
  const client = createTaskClient({
    baseUrl: BASE,
    headers: { authorization: 'Bearer session' },
    fetch: (request) => {
      requests.push(request);
      return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }));
    },
  });
  return { client, requests };
}

async function rejection(promise: Promise<unknown> | undefined): Promise<TaskApiError> {
  const error = await promise?.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isTaskApiError(error)) throw new Error(`expected a TaskApiError, got ${String(error)}`);
  return error;
}

const held = { holder: { user: 'alice', since: 1_765_100_000_000 }, ttlMs: 5000 };

describe('readControl', () => {
  it('reads GET {baseUrl}/control/{id} with the client’s headers, a call’s toolCallId in the query, and says who holds it', async () => {
    const { client, requests } = clientAnswering(200, { success: true, data: { ...held, extra: '<b>x</b>' } });
    await expect(client.readControl?.('task/1', { toolCallId: 'call 7' })).resolves.toEqual(held);
    const [request] = requests;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe(`${BASE}${CONTROL_PATH}/task%2F1?toolCallId=call+7`);
    expect(request?.headers.get('authorization')).toBe('Bearer session');
  });

  it('reads a request’s without a query, and nobody holding it as null', async () => {
    const { client, requests } = clientAnswering(200, { success: true, data: { holder: null, ttlMs: 5000 } });
    await expect(client.readControl?.('req-1')).resolves.toEqual({ holder: null, ttlMs: 5000 });
    expect(requests[0]?.url).toBe(`${BASE}${CONTROL_PATH}/req-1`);
  });

  it.each([
    ['no data', { success: true }],
    ['a holder without a user', { success: true, data: { holder: { since: 1 }, ttlMs: 5000 } }],
    ['a user that is not text', { success: true, data: { holder: { user: { name: 'alice' }, since: 1 }, ttlMs: 5000 } }],
    ['a since that is not a number', { success: true, data: { holder: { user: 'alice', since: '10:41' }, ttlMs: 5000 } }],
    ['no ttlMs', { success: true, data: { holder: null } }],
  ])('rejects an answer with %s as unusable (kind parse)', async (_name, body) => {
    const error = await rejection(clientAnswering(200, body).client.readControl?.('req-1'));
    expect(error).toMatchObject({ kind: 'parse', endpoint: 'GET /control/{id}' });
  });

  it('rejects a 404, a 410 request_ended and a 503 with what the proxy said', async () => {
    const missing = await rejection(clientAnswering(404, { success: false, error: 'Not found' }).client.readControl?.('x'));
    expect(missing).toMatchObject({ kind: 'http', status: 404 });
    const ended = await rejection(
      clientAnswering(410, { success: false, error: 'This hand-off ended', code: REQUEST_ENDED }).client.readControl?.('x'),
    );
    expect(ended).toMatchObject({ status: 410, code: 'request_ended' });
    const down = await rejection(
      clientAnswering(503, { success: false, error: 'Store unavailable' }, { 'retry-after': '2' }).client.readControl?.('x'),
    );
    expect(down).toMatchObject({ status: 503, retryAfterMs: 2000, isTransient: true });
  });
});

describe('takeControl', () => {
  it('posts { action: take, lease, toolCallId } as JSON and resolves with the holder and you: true', async () => {
    const { client, requests } = clientAnswering(200, { success: true, data: { ...held, you: true } });
    await expect(client.takeControl?.('task-1', { lease: LEASE, toolCallId: 'call_1' })).resolves.toEqual({ ...held, you: true });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`${BASE}${CONTROL_PATH}/task-1`);
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(await request?.json()).toEqual({ action: 'take', lease: LEASE, toolCallId: 'call_1' });
  });

  it('sends no toolCallId for a request', async () => {
    const { client, requests } = clientAnswering(200, { success: true, data: { ...held, you: true } });
    await client.takeControl?.('req-1', { lease: LEASE });
    expect(await requests[0]?.json()).toEqual({ action: 'take', lease: LEASE });
  });

  it('says who holds it on a 409 control_held, as details.user and details.since', async () => {
    const refused = await rejection(
      clientAnswering(409, {
        success: false,
        error: 'Someone else has control',
        code: CONTROL_HELD_CODE,
        details: { user: 'alice', since: 1_765_100_000_000 },
      }).client.takeControl?.('req-1', { lease: LEASE }),
    );
    expect(refused).toMatchObject({
      kind: 'http',
      status: 409,
      code: 'control_held',
      details: { user: 'alice', since: 1_765_100_000_000 },
      endpoint: 'POST /control/{id}',
    });
    expect(refused.message).toBe('Someone else has control');
    // A holder that is not one is not passed on.
    const odd = await rejection(
      clientAnswering(409, { success: false, error: 'Held', code: CONTROL_HELD_CODE, details: { user: 7 } }).client.takeControl?.('r', {
        lease: LEASE,
      }),
    );
    expect(odd).toMatchObject({ status: 409, code: 'control_held', details: undefined });
  });

  it('rejects a 200 that does not give control (no you: true, nobody holding) as unusable', async () => {
    const notYou = await rejection(clientAnswering(200, { success: true, data: held }).client.takeControl?.('r', { lease: LEASE }));
    expect(notYou.kind).toBe('parse');
    const nobody = await rejection(
      clientAnswering(200, { success: true, data: { holder: null, ttlMs: 5000, you: true } }).client.takeControl?.('r', { lease: LEASE }),
    );
    expect(nobody.kind).toBe('parse');
  });
});

describe('releaseControl', () => {
  it('posts { action: release, lease } and resolves with nobody holding it; with keepalive the request outlives the page', async () => {
    const { client, requests } = clientAnswering(200, { success: true, data: { holder: null, ttlMs: 5000, you: false } });
    await expect(client.releaseControl?.('task-1', { lease: LEASE, toolCallId: 'call_1' }, { keepalive: true })).resolves.toEqual({
      holder: null,
      ttlMs: 5000,
    });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(await request?.json()).toEqual({ action: 'release', lease: LEASE, toolCallId: 'call_1' });
    expect(request?.keepalive).toBe(true);
    await client.releaseControl?.('task-1', { lease: LEASE, toolCallId: 'call_1' });
    expect(requests[1]?.keepalive).toBe(false);
  });
});

/** `listRequests` and `answerRequest`: the proxy's requests protocol (src/request/requests-protocol.ts), as the client speaks it. */
import { createTaskClient, isTaskApiError, type TaskApiError } from '../../../src/client';
import { REQUEST_ALREADY_ANSWERED, REQUEST_ENDED, REQUESTS_PATH, type HumanAnswer } from '../../../src/request';

const BASE = 'https://app.example/api/hitl';

function clientAnswering(status: number, body: unknown) {
  const requests: Request[] = [];
  const client = createTaskClient({
    baseUrl: BASE,
    headers: { authorization: 'Bearer session' },
    fetch: (request) => {
      requests.push(request);
      return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
    },
  });
  return { client, requests };
}

const answer: HumanAnswer = { requestId: 'elicit/1', action: 'accept', content: { city: 'Lisbon' } };

async function rejection(promise: Promise<unknown> | undefined): Promise<TaskApiError> {
  const error = await promise?.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isTaskApiError(error)) throw new Error(`expected a TaskApiError, got ${String(error)}`);
  return error;
}

describe('listRequests', () => {
  it('reads GET {baseUrl}/requests with the client’s headers, and gives the entries and the proxy’s clock as they came', async () => {
    const listing = {
      request: { id: 'a', source: 'mcp', kind: 'link', url: 'https://pay.example' },
      state: 'open',
      team: 't',
      openedAt: 5,
    };
    const { client, requests } = clientAnswering(200, { success: true, data: [listing, { nonsense: true }], now: 1234 });
    await expect(client.listRequests?.()).resolves.toEqual({ requests: [listing, { nonsense: true }], now: 1234 });
    const [request] = requests;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe(`${BASE}${REQUESTS_PATH}`);
    expect(request?.headers.get('authorization')).toBe('Bearer session');
  });

  it('rejects a 404 (a proxy without requests, the service itself) with its status, and data that is not a list as unusable', async () => {
    const missing = await rejection(clientAnswering(404, { success: false, error: 'Not found' }).client.listRequests?.());
    expect(missing).toMatchObject({ kind: 'http', status: 404 });
    const malformed = await rejection(clientAnswering(200, { success: true, data: { requests: [] } }).client.listRequests?.());
    expect(malformed.kind).toBe('parse');
  });
});

describe('answerRequest', () => {
  it('posts the answer as JSON to {baseUrl}/requests/{id}/answer, the id escaped, and resolves with delivered', async () => {
    const { client, requests } = clientAnswering(200, { success: true, data: { delivered: false } });
    await expect(client.answerRequest?.('elicit/1', answer)).resolves.toEqual({ delivered: false });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    // The id is one path segment, encoded.
    expect(request?.url).toBe(`${BASE}${REQUESTS_PATH}/elicit%2F1/answer`);
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(await request?.json()).toEqual(answer);
  });

  it('says who answered first on a 409, and how the request ended on a 410', async () => {
    const taken = await rejection(
      clientAnswering(409, {
        success: false,
        error: 'Someone else answered first',
        code: REQUEST_ALREADY_ANSWERED,
        answeredBy: 'bob@example.com',
        answeredAt: 1_900_000_000_000,
      }).client.answerRequest?.('elicit/1', answer),
    );
    expect(taken).toMatchObject({
      kind: 'already_answered',
      status: 409,
      code: 'already_answered',
      details: { answeredBy: 'bob@example.com', answeredAt: 1_900_000_000_000 },
      endpoint: 'POST /requests/{id}/answer',
    });
    const ended = await rejection(
      clientAnswering(410, { success: false, error: 'This request ended', code: REQUEST_ENDED, state: 'cancelled' }).client.answerRequest?.(
        'elicit/1',
        answer,
      ),
    );
    expect(ended).toMatchObject({ kind: 'http', status: 410, code: 'request_ended', details: { state: 'cancelled' } });
    expect(ended.message).toBe('This request ended');
  });

  it('keeps a 400’s explanation as its message, and no code it did not send', async () => {
    const refused = await rejection(
      clientAnswering(400, { success: false, error: 'This request cannot be answered with "decline".' }).client.answerRequest?.(
        'a',
        answer,
      ),
    );
    expect(refused).toMatchObject({ kind: 'http', status: 400, code: undefined });
    expect(refused.message).toBe('This request cannot be answered with "decline".');
  });
});

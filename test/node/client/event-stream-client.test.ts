/**
 * The client's side of the proxy's event stream: the `text/event-stream` parser, how events are
 * read and checked, and how a stream that cannot work fails (with a mocked `fetch`: a proxy
 * without a stream, an answer that is not one). The stream itself, end to end, is tested with the
 * proxy (test/node/proxy, test/node/store/event-stream.test.ts).
 */
import {
  createTaskClient,
  readTaskEvent,
  ServerSentEventParser,
  TaskApiError,
  type ServerSentEvent,
  type TaskEvent,
} from '../../../src/client';

const bytes = (text: string) => new TextEncoder().encode(text);

function parse(chunks: Array<string | Uint8Array>, max?: number) {
  const events: ServerSentEvent[] = [];
  const comments: string[] = [];
  const parser = new ServerSentEventParser({ onEvent: (event) => events.push(event), onComment: (text) => comments.push(text) }, max);
  for (const chunk of chunks) parser.push(typeof chunk === 'string' ? bytes(chunk) : chunk);
  return { events, comments };
}

describe('ServerSentEventParser', () => {
  it('reads events split anywhere, with LF, CRLF or CR line ends, the id carried over', () => {
    const { events, comments } = parse([
      '\uFEFFid: a-1\r',
      '\nevent: status\r\ndata: {"x":',
      '1}\r\n\r',
      '\n: heartbeat\n\ndata: two\rdata: lines\r\r',
    ]);
    expect(events).toEqual([
      { event: 'status', data: '{"x":1}', lastEventId: 'a-1' },
      { event: 'message', data: 'two\nlines', lastEventId: 'a-1' },
    ]);
    expect(comments).toEqual(['heartbeat']);
  });

  it('decodes a character split between chunks, and ignores a block without data and unknown fields', () => {
    const euro = bytes('data: 5 €\n\n');
    const { events } = parse([euro.slice(0, 10), euro.slice(10), 'event: ready\nretry: 10\nfoo: bar\n\nevent: x\ndata\n\n']);
    expect(events).toEqual([
      { event: 'message', data: '5 €', lastEventId: undefined },
      { event: 'x', data: '', lastEventId: undefined },
    ]);
  });

  it('refuses a line that never ends past its limit', () => {
    expect(() => parse(['data: ', 'x'.repeat(100)], 64)).toThrow(RangeError);
  });
});

describe('readTaskEvent', () => {
  const status = { status: 'running', detailedStatus: 'processing_page', liveStatus: 'https://live.example/1' };

  it('reads a change as a poll would have, toolCall made null', () => {
    expect(readTaskEvent('status', 'e-1', JSON.stringify({ taskId: 't', final: false, data: status }))).toEqual<TaskEvent>({
      id: 'e-1',
      resource: 'status',
      topic: { taskId: 't' },
      final: false,
      data: { ...status, toolCall: null },
      error: undefined,
    });
  });

  it('rebuilds a failure as the TaskApiError a poll would have thrown', () => {
    const event = readTaskEvent(
      'gif',
      'e-2',
      JSON.stringify({ taskId: 't', runId: 'r', final: false, error: { kind: 'http', status: 503, message: 'Busy', retryAfterMs: 2000 } }),
    );
    expect(event?.topic).toEqual({ taskId: 't', runId: 'r' });
    expect(event?.error).toBeInstanceOf(TaskApiError);
    expect(event?.error).toMatchObject({
      kind: 'http',
      status: 503,
      message: 'Busy',
      retryAfterMs: 2000,
      endpoint: 'GET /api/v1/task/{taskId}/run/gif',
    });
    expect(event?.error?.isTransient).toBe(true);
  });

  it.each([
    ['an unknown event', 'hello', '{"taskId":"t","data":{"status":"x"}}'],
    ['a payload that is not JSON', 'status', '{'],
    ['no task id', 'status', '{"data":{"status":"running"}}'],
    ['data that is not a status', 'status', '{"taskId":"t","data":{"status":3}}'],
    ['an empty run id', 'result', '{"taskId":"t","runId":"","data":{"status":"completed"}}'],
  ])('ignores %s', (_, name, data) => {
    expect(readTaskEvent(name, undefined, data)).toBeUndefined();
  });
});

describe('client.events', () => {
  const BASE = 'https://app.example.com/api/hitl';

  function connect(respond: (request: Request) => Response, headers: Record<string, string> = {}) {
    const requests: Request[] = [];
    const client = createTaskClient({
      baseUrl: BASE,
      apiKey: 'sk_never_sent_on_events',
      headers,
      events: true,
      fetch: (request) => {
        requests.push(request);
        return Promise.resolve(respond(request));
      },
    });
    const seen: TaskEvent[] = [];
    let ready = 0;
    const done = client.events!.connect({
      topics: [{ taskId: 'a' }, { taskId: 'b', runId: 'r/1' }],
      lastEventId: 'k3-7',
      signal: new AbortController().signal,
      onReady: () => (ready += 1),
      onEvent: (event) => seen.push(event),
      onActivity: () => undefined,
    });
    return { done, requests, seen, ready: () => ready };
  }

  it('is there only with events: true', () => {
    expect(createTaskClient({ baseUrl: BASE }).events).toBeUndefined();
  });

  it('asks for the topics with the client’s headers and Last-Event-ID, never the key, and reads the stream to its end', async () => {
    const body =
      'retry: 2000\n\nid: k3-8\nevent: status\ndata: {"taskId":"a","final":false,"data":{"status":"running"}}\n\nevent: ready\ndata: {}\n\n';
    const { done, requests, seen, ready } = connect(
      () => new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } }),
      { authorization: 'Bearer session' },
    );
    await done;
    const request = requests[0] as Request;
    expect(request.url).toBe(`${BASE}/events?taskId=a&run=b%2Fr%2F1`);
    expect(request.headers.get('last-event-id')).toBe('k3-7');
    expect(request.headers.get('accept')).toBe('text/event-stream');
    expect(request.headers.get('authorization')).toBe('Bearer session');
    expect(request.headers.get('x-api-key')).toBeNull();
    expect(seen.map((event) => [event.id, event.topic.taskId, event.data?.status])).toEqual([['k3-8', 'a', 'running']]);
    expect(ready()).toBe(1);
  });

  it('fails as http with the status when the proxy has no stream', async () => {
    const { done } = connect(() => new Response('{"success":false,"error":"Not found"}', { status: 404 }));
    await expect(done).rejects.toMatchObject({ kind: 'http', status: 404, message: 'Not found', endpoint: 'GET /events' });
  });

  it('fails as parse when the answer is not an event stream (a login page, a cached JSON)', async () => {
    const { done } = connect(() => new Response('<html>Sign in</html>', { headers: { 'content-type': 'text/html' } }));
    await expect(done).rejects.toMatchObject({ kind: 'parse', status: 200 });
  });
});

describe('the proxy’s 409 for an answer that came second', () => {
  it('is a TaskApiError of kind already_answered; a 409 of the service stays http', async () => {
    const answer = (body: unknown) =>
      createTaskClient({
        baseUrl: 'https://app.example.com/api/hitl',
        fetch: () => Promise.resolve(new Response(JSON.stringify(body), { status: 409, headers: { 'content-type': 'application/json' } })),
      }).submitToolInput('t', { input: 'x', toolCallId: 'c' });
    await expect(answer({ success: false, error: 'Answered elsewhere.', code: 'already_answered' })).rejects.toMatchObject({
      kind: 'already_answered',
      status: 409,
      message: 'Answered elsewhere.',
    });
    await expect(answer({ success: false, error: 'Not the pending call' })).rejects.toMatchObject({ kind: 'http', status: 409 });
  });
});

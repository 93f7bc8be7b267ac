/**
 * The protocol table against the client that is built from it: every method sends exactly the
 * request its row describes, and the path helpers the proxy and the simulator share agree with it.
 */
import {
  buildEndpointPath,
  createTaskClient,
  isUnsafePathParameter,
  matchTaskEndpoint,
  TASK_ENDPOINTS,
  type TaskClient,
  type TaskEndpointName,
} from '../../../src/client';

const BASE = 'https://tasks.example.com';
const TASK_ID = 'task 1/ü';
// Every query parameter of the service at once: each request must pick only those its row lists.
const OPTIONS = { runId: 'run_1', page: 2, limit: 5, signal: new AbortController().signal };

const CALLS: { [Name in TaskEndpointName]: (client: TaskClient) => Promise<unknown> } = {
  createTask: (client) => client.createTask({ task: 'Log in' }, OPTIONS),
  listTasks: (client) => client.listTasks(OPTIONS),
  listRuns: (client) => client.listRuns(TASK_ID, OPTIONS),
  getRunStatus: (client) => client.getRunStatus(TASK_ID, OPTIONS),
  getRunResult: (client) => client.getRunResult(TASK_ID, OPTIONS),
  getRunGif: (client) => client.getRunGif(TASK_ID, OPTIONS),
  submitToolInput: (client) => client.submitToolInput(TASK_ID, { input: '[]', toolCallId: 'call_1' }, OPTIONS),
  stopRun: (client) => client.stopRun(TASK_ID, OPTIONS),
  stopTask: (client) => client.stopTask(TASK_ID, OPTIONS),
  checkApiKey: (client) => client.checkApiKey(OPTIONS),
};

/** A 2xx answer each endpoint accepts; tool-input answers with an empty body, which its row allows. */
const ANSWERS: { [Name in TaskEndpointName]: unknown } = {
  createTask: { success: true, data: { taskId: 'task_1' } },
  listTasks: { success: true, data: [] },
  listRuns: { success: true, data: [] },
  getRunStatus: { success: true, data: { status: 'running', toolCall: null } },
  getRunResult: { success: true, data: { status: 'running' } },
  getRunGif: { success: true, data: { status: 'pending' } },
  submitToolInput: undefined,
  stopRun: { success: true },
  stopTask: { success: true },
  checkApiKey: { success: true, data: 'ok' },
};

const names = Object.keys(TASK_ENDPOINTS) as TaskEndpointName[];

describe('the protocol table', () => {
  it('has one row per TaskClient method, named after it', () => {
    // The proxy's audit trail, requests and control lease, not endpoints of the service.
    const proxyOnly = ['getAuditTrail', 'getAuditPage', 'listRequests', 'answerRequest', 'readControl', 'takeControl', 'releaseControl'];
    const methods = Object.keys(createTaskClient({ baseUrl: BASE })).filter((name) => !proxyOnly.includes(name));
    expect([...names].sort()).toEqual(methods.sort());
    for (const name of names) expect(TASK_ENDPOINTS[name].name).toBe(name);
  });

  it('lists the endpoints of the spec, in its order (§4)', () => {
    expect(names.map((name) => `${TASK_ENDPOINTS[name].method} ${TASK_ENDPOINTS[name].path}`)).toEqual([
      'POST /api/v1/task/create',
      'GET /api/v1/tasks',
      'GET /api/v1/task/{taskId}/runs',
      'GET /api/v1/task/{taskId}/run/status',
      'GET /api/v1/task/{taskId}/run/result',
      'GET /api/v1/task/{taskId}/run/gif',
      'POST /api/v1/task/{taskId}/run/tool-input',
      'PUT /api/v1/task/{taskId}/run/stop',
      'PUT /api/v1/task/{taskId}/stop',
      'GET /api/v1/check',
    ]);
  });

  it.each(names)('is what the client sends for %s', async (name) => {
    const endpoint = TASK_ENDPOINTS[name];
    const requests: Request[] = [];
    const client = createTaskClient({
      baseUrl: BASE,
      fetch: (request) => {
        requests.push(request);
        const answer = ANSWERS[name];
        return Promise.resolve(new Response(answer === undefined ? null : JSON.stringify(answer), { status: 200 }));
      },
    });
    await CALLS[name](client);

    const [request] = requests;
    const url = new URL(request?.url ?? '');
    expect(request?.method).toBe(endpoint.method);
    expect(url.pathname).toBe(buildEndpointPath(endpoint, TASK_ID));
    expect([...url.searchParams.keys()]).toEqual(endpoint.query);
    expect(request?.headers.get('content-type')).toBe(endpoint.jsonBody ? 'application/json' : null);
  });

  it('reads back every path it builds, whatever the task id', () => {
    for (const name of names) {
      const endpoint = TASK_ENDPOINTS[name];
      const match = matchTaskEndpoint(buildEndpointPath(endpoint, TASK_ID));
      expect(match?.endpoints).toContain(endpoint);
      expect(match?.taskId).toBe(endpoint.path.includes('{taskId}') ? TASK_ID : undefined);
    }
  });

  it.each(['', '.', '..'])('refuses to build a path for the task id %j', (taskId) => {
    expect(() => buildEndpointPath(TASK_ENDPOINTS.getRunStatus, taskId)).toThrow(RangeError);
  });

  it.each([
    ['a slash', 'a/b', true],
    ['a backslash', 'a\\b', true],
    ['a dot segment', '..', true],
    ['a percent sequence left after decoding', '%2e%2e', true],
    ['a NUL', 'a\u0000b', true],
    ['a unit separator', 'a\u001fb', true],
    ['a DEL', 'a\u007fb', true],
    ['an ordinary id', 'task_1', false],
    ['spaces, dots and letters beyond ASCII', 'task 1.ü', false],
  ])('tells whether a path parameter with %s is unsafe', (_, value, unsafe) => {
    expect(isUnsafePathParameter(value)).toBe(unsafe);
  });
});

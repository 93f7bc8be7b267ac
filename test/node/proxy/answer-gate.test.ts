/** Exactly once across people: browser clients → proxy (real HTTP) → HTTP simulator, on 127.0.0.1. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTaskClient, TaskApiError, type TaskClient } from '../../../src/client';
import { formInputTool } from '../../../src/schema';
import { createTaskProxy, toNodeListener, type TaskProxy } from '../../../src/server';
import { startSimulatorServer, type SimulatorServer } from '../../../src/testing';
import { createTestClock, plausibleInput, type TestClock } from '../simulator/drive';

const KEY = 'sk_live_answer_gate_51c0';

let simulator: SimulatorServer;
let clock: TestClock;
let proxy: TaskProxy;
let server: Server;
let people: TaskClient[];

beforeEach(async () => {
  clock = createTestClock();
  simulator = await startSimulatorServer({ apiKey: KEY, seed: 3, now: clock.now });
  proxy = createTaskProxy({ upstream: simulator.url, apiKey: KEY, basePath: '/api/hitl' });
  server = createServer(toNodeListener(proxy));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/hitl`;
  people = [createTaskClient({ baseUrl: base }), createTaskClient({ baseUrl: base })];
});

afterEach(async () => {
  await proxy.close();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  await simulator.close();
});

/** A login run waiting for its form, and the call. */
async function waitingCall() {
  const { taskId } = await simulator.service.client.createTask({ task: 'Log in to the shop', tools: [formInputTool()] });
  clock.advance(3500);
  const { toolCall } = await simulator.service.client.getRunStatus(taskId);
  if (toolCall === null) throw new Error('no tool call');
  return { taskId, toolCallId: toolCall.toolCallId, input: (name: string) => plausibleInput(toolCall, { Username: name }) };
}

const posts = () => simulator.service.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/tool-input'));

describe('answers through the proxy', () => {
  it('forwards the first of two answers sent at once; the second gets 409 already_answered and never reaches the service', async () => {
    const { taskId, toolCallId, input } = await waitingCall();
    const [ada, bob] = people as [TaskClient, TaskClient];
    const outcomes = await Promise.allSettled([
      ada.submitToolInput(taskId, { input: input('ada'), toolCallId }),
      bob.submitToolInput(taskId, { input: input('bob'), toolCallId }),
    ]);

    expect(posts()).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected')?.reason as TaskApiError;
    expect(refused).toBeInstanceOf(TaskApiError);
    expect(refused).toMatchObject({ kind: 'already_answered', status: 409, message: 'This tool call was already answered.' });
    expect(refused.isTransient).toBe(false);

    // Later, too: the call stays answered.
    await expect(bob.submitToolInput(taskId, { input: input('bob'), toolCallId })).rejects.toMatchObject({ kind: 'already_answered' });
    expect(posts()).toHaveLength(1);
    expect(simulator.service.getTask(taskId)?.runs[0]?.answers).toHaveLength(1);
  });

  it('answers a repeat of the accepted answer with the same Idempotency-Key 200 without forwarding it; the same input without the key is 409', async () => {
    const { taskId, toolCallId, input } = await waitingCall();
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/hitl/api/v1/task/${taskId}/run/tool-input`;
    const post = (text: string, key?: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }) },
        body: JSON.stringify({ input: text, toolCallId }),
      });
    expect((await post(input('ada'), 'ada-1')).status).toBe(200);
    // The same request again, as a browser re-sends it when the response never arrived.
    const repeat = await post(input('ada'), 'ada-1');
    expect([repeat.status, repeat.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    // Anyone else, even with the right input, learns only that the call was answered: no oracle.
    for (const [text, key] of [
      [input('ada'), undefined],
      [input('ada'), 'guess-1'],
      [input('bob'), 'ada-1'],
    ] as const) {
      const other = await post(text, key);
      expect([other.status, ((await other.json()) as { code?: string }).code]).toEqual([409, 'already_answered']);
    }
    expect(posts()).toHaveLength(1);
    expect(simulator.service.getTask(taskId)?.runs[0]?.answers.map((answer) => answer.input)).toEqual([input('ada')]);
  });

  it('lets the waiting answer go when the service refused the first one', async () => {
    const { taskId, toolCallId, input } = await waitingCall();
    simulator.service.faults.inject({ type: 'api-error', match: { method: 'POST', path: '/api/v1/task/{taskId}/run/tool-input' } });
    const [ada, bob] = people as [TaskClient, TaskClient];
    const [first, second] = await Promise.allSettled([
      ada.submitToolInput(taskId, { input: input('ada'), toolCallId }),
      bob.submitToolInput(taskId, { input: input('bob'), toolCallId }),
    ]);

    expect(first).toMatchObject({ status: 'rejected', reason: { kind: 'api' } });
    expect(second).toEqual({ status: 'fulfilled', value: undefined });
    expect(posts()).toHaveLength(2);
    expect(simulator.service.getTask(taskId)?.runs[0]?.answers.map((answer) => answer.input)).toEqual([input('bob')]);
  });

  it('answers each call on its own: an answer to a call the status does not show never reaches the service, nor holds the real one back', async () => {
    const { taskId, toolCallId, input } = await waitingCall();
    const [ada] = people as [TaskClient];
    await expect(ada.submitToolInput(taskId, { input: input('ada'), toolCallId: 'not-the-call' })).rejects.toMatchObject({
      kind: 'already_answered',
      status: 409,
    });
    expect(posts()).toHaveLength(0);
    await ada.submitToolInput(taskId, { input: input('ada'), toolCallId });
    expect(posts()).toHaveLength(1);
  });

  it('refuses a body without a toolCallId, and an id too long to keep, without forwarding them', async () => {
    const { taskId } = await waitingCall();
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/hitl/api/v1/task/${taskId}/run/tool-input`;
    const post = (body: unknown) =>
      fetch(base, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

    expect((await post({ input: 'x' })).status).toBe(400);
    const long = await post({ input: 'x', toolCallId: 'c'.repeat(1025) });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ success: false, error: '"toolCallId" is longer than 1024 characters' });
    expect(posts()).toHaveLength(0);
  });
});

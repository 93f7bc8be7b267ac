/**
 * The task service's own calls through one proxy instance, over real HTTP, in front of the
 * simulated service, with Slack's Web API stood in for (test/node/notify/slack-api.ts): a task
 * created through the proxy is watched with no page open, so its `form_input` call reaches the
 * notification channels (a signed webhook, without the call's parameters; Slack, which reads the
 * form to offer a modal) and the watch stops when the run ends. Answered from Slack's modal (the
 * core's `ServiceCallAnswers`): the call is pending for the task's team only, answered once (a
 * page's late answer gets 409), and audited with `via`, never with the input.
 */
import { webhookChannel, type NotificationChannel, type WaitingItem } from '../../../src/server';
import { call, fx, instance, KEY } from './requests-fixture';
import { DELIVERY_TASK, SLOT_FORM, startServiceFront, type ServiceFront } from './service-call-fixture';
import {
  buttonsOf,
  opened,
  posted,
  pressOf,
  slackNotify,
  submissionOf,
  submit,
  sx,
  useSlackFixture,
  interact,
} from '../notify/slack-fixture';
import { startWebhookReceiver, type WebhookReceiver } from '../notify/webhook-receiver';

useSlackFixture();

const WAIT = { timeout: 15_000, interval: 20 };
let front: ServiceFront;
let receiver: WebhookReceiver;
beforeAll(async () => {
  [front, receiver] = await Promise.all([startServiceFront(KEY), startWebhookReceiver()]);
});
afterAll(async () => {
  await receiver.close();
  await front.close();
});

it('tells the channels of the form_input call of a task created through the proxy with no page open, and takes its answer once from Slack', async () => {
  // A channel of its own that keeps the items it is handed, as a channel that answers in place reads them.
  const items: WaitingItem[] = [];
  const keeper: NotificationChannel = { name: 'keeper', send: (_message, { item }) => Promise.resolve(void items.push(item)) };
  const slack = slackNotify();
  const a = await instance({
    upstream: front.upstream('i0'),
    notify: { ...slack, channels: [...slack.channels, keeper, webhookChannel({ url: receiver.url, secret: receiver.secret })] },
    events: { pollIntervalMs: { status: 50, gif: 50 }, firstPollJitterMs: 0 },
    toolCalls: { watch: { intervalMs: 100 } },
    auditDigestKey: 'audit-digest-key-of-the-service-calls-test',
  });
  const created = await call(a, 'ann@ops', 'POST', '/api/v1/task/create', DELIVERY_TASK);
  expect(created.status).toBe(200);
  const { taskId } = created.body.data as { taskId: string };

  // Nobody reads the run through the proxy: the watch alone finds the call, and every channel hears of it.
  await expect.poll(() => receiver.deliveries.length, WAIT).toBeGreaterThan(0);
  const event = receiver.deliveries[0]?.verified as { type: string; data: { requestId: string; title: string; source: string } };
  expect(event).toMatchObject({ type: 'request.waiting', data: { title: SLOT_FORM.heading, source: 'task-service' } });
  const toolCallId = event.data.requestId.slice(`${taskId}/`.length);
  expect(event.data.requestId).toBe(`${taskId}/${toolCallId}`);
  // The form stays out of the message: its heading is the title, nothing else of it is there.
  for (const delivery of receiver.deliveries) expect(delivery.body).not.toMatch(/Delivery slot|courier asks/);
  await expect.poll(() => items.length, WAIT).toBeGreaterThan(0);
  expect(items[0]).toMatchObject({ kind: 'tool_call', team: 'ops', toolCall: { name: 'form_input', parameters: SLOT_FORM } });
  const message = await posted();

  // Someone of another team is told privately, and no modal opens; the team's person gets the form.
  expect(await interact(a, pressOf(message, 'hitl_answer_call', 'U0MAL'))).toBe(200);
  const [told] = await sx.slack.waitFor('chat.postEphemeral');
  expect(told?.body.text).toMatch(/not one you answer/);
  expect(sx.slack.of('views.open')).toEqual([]);
  expect(await interact(a, pressOf(message, 'hitl_answer_call', 'U0ANN'))).toBe(200);
  const view = await opened();
  expect(JSON.stringify(view)).toContain('Delivery slot');
  // A teammate opens the form too, before anyone submits it.
  expect(await interact(a, pressOf(message, 'hitl_answer_call', 'U0BOB'))).toBe(200);
  const teammates = await opened(2);

  // Submitted: the service gets the answer once; a page's late answer is refused.
  const typed = { hitl_field_0: { type: 'plain_text_input' as const, value: 'Tuesday 9-11, ring twice' } };
  expect((await submit(a, submissionOf(view, typed, 'U0ANN'))).body).toBeNull();
  const answers = () => front.requests.filter((request) => request.path.endsWith('/run/tool-input'));
  await expect.poll(() => answers().length, WAIT).toBe(1);
  // The teammate's submission comes after: the call no longer waits, and nothing is sent.
  expect(
    (await submit(a, submissionOf(teammates, { hitl_field_0: { ...typed.hitl_field_0, value: 'Monday' } }, 'U0BOB', 'V0002'))).status,
  ).toBe(200);
  const late = await call(
    a,
    'bob@ops',
    'POST',
    `/api/v1/task/${taskId}/run/tool-input`,
    JSON.stringify({ toolCallId, input: 'Wednesday' }),
  );
  expect([late.status, late.body.code]).toEqual([409, 'already_answered']);
  expect(answers()).toHaveLength(1);

  // The trail says who answered and how, never what.
  await expect.poll(() => fx.audited.filter((entry) => entry.action === 'answer').length, WAIT).toBe(2);
  const trail = fx.audited.filter((entry) => entry.action === 'answer');
  expect(trail.map(({ user, via, status, outcome, toolCallId: id }) => ({ user, via, status, outcome, id }))).toEqual([
    { user: 'ann@ops', via: 'slack', status: 200, outcome: 'accepted', id: toolCallId },
    { user: 'bob@ops', via: 'page', status: 409, outcome: 'already_answered', id: toolCallId },
  ]);
  expect(trail[0]?.inputHmac).toMatch(/^[0-9a-f]{64}$/);
  expect(JSON.stringify(fx.audited)).not.toMatch(/Monday|Tuesday|Wednesday|ring twice/);
  expect(JSON.stringify(await a.proxy.auditLog({ team: 'ops', taskId }))).not.toMatch(/Tuesday|Wednesday|ring twice/);

  // The run goes on and ends: its watch stops with the status that said so, and nothing else is read.
  await expect.poll(() => a.proxy.stats().topics, WAIT).toBe(0);
  const reads = () => front.requests.filter((request) => request.path.startsWith(`/api/v1/task/${taskId}/`));
  expect(
    reads()
      .filter((request) => request.path.endsWith('/run/status'))
      .at(-1)?.runStatus,
  ).toBe('completed');
  expect(reads().filter((request) => /\/run\/(result|gif)$/.test(request.path))).toEqual([]);
  expect(await fx.inner.listWatchedTasks?.(10)).toEqual([]);
  const count = reads().length;
  // An ended watch is not taken up again from the store's list, read every 200 ms here.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(reads()).toHaveLength(count);
});

it("updates the call's Slack message once when a page answers it: its buttons gone, who answered and where", async () => {
  const a = await instance({
    upstream: front.upstream('i0'),
    notify: slackNotify(),
    events: { pollIntervalMs: { status: 50, gif: 50 }, firstPollJitterMs: 0 },
    toolCalls: { watch: { intervalMs: 100 } },
  });
  const created = await call(a, 'ann@ops', 'POST', '/api/v1/task/create', DELIVERY_TASK);
  const { taskId } = created.body.data as { taskId: string };
  const message = await posted();
  const value = JSON.parse(buttonsOf(message).find((each) => each.action_id === 'hitl_answer_call')?.value ?? '[]') as string[];
  const toolCallId = (value[0] ?? '').slice(`${taskId}/`.length);
  const input = JSON.stringify([{ label: 'Delivery slot', value: 'Friday' }]);
  const page = await call(a, 'bob@ops', 'POST', `/api/v1/task/${taskId}/run/tool-input`, JSON.stringify({ toolCallId, input }));
  expect(page.status).toBe(200);
  const [update] = await sx.slack.waitFor('chat.update');
  expect(String(update?.body.ts)).toMatch(/^1700000000\.\d{6}$/);
  expect(JSON.stringify(update?.body.blocks)).toContain('by bob@ops in the inbox');
  expect(JSON.stringify(update?.body.blocks)).toContain(SLOT_FORM.heading);
  expect(JSON.stringify(update?.body.blocks)).not.toContain('Friday');
  expect(buttonsOf(update!)).toEqual([]);
  await a.proxy.close();
  expect(sx.slack.of('chat.update')).toHaveLength(1);
});

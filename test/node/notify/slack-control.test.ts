/**
 * The Slack messages of hand-offs of the agent's browser (a control request of `proxy.requests`, a
 * pending call of the task service's `human_control`): posted with the inbox's link only, never
 * answered from the channel (a press, even one forged, answers nothing); redrawn at each change of
 * who holds control (`slackControlSync`) to say "alice has control since 10:41 UTC" or "Nobody has
 * control yet"; and once the hand-off ended, the ended message stays, whatever change comes later.
 * Proxy instances over real HTTP on one shared store, Slack's Web API stood in for, and the
 * simulated task service over real HTTP for the service's call.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ControlChange } from '../../../src/server/control/control-change';
import { toNodeListener } from '../../../src/node';
import type { HumanRequest } from '../../../src/request';
import { HUMAN_CONTROL_TOOL_NAME, humanControlTool } from '../../../src/schema';
import { slackControlSync } from '../../../src/server/requests/slack-control';
import { slackSettingsOf } from '../../../src/server/notify/slack-channel';
import { createSimulatedService, type Scenario } from '../../../src/testing';
import { answer, call, fx, instance, KEY, pid, settled } from '../proxy/requests-fixture';
import type { SlackCall } from './slack-api';
import { buttonsOf, CHANNEL, claimed, finish, interact, posted, pressWith, slackNotify, sx, text, useSlackFixture } from './slack-fixture';

useSlackFixture();

const LIVE_URL = 'https://live.example.com/session/s3cr3t-live-view-token';
const INBOX = 'https://app.example.com/inbox#';

const captcha = (id: string): HumanRequest => ({
  id,
  source: 'browserbase',
  kind: 'control',
  title: 'Pass the CAPTCHA',
  requestedBy: 'Checkout <agent>',
  liveUrl: LIVE_URL,
  message: 'A CAPTCHA blocks the checkout',
  instructions: 'Tick the box, then type the code <!channel>',
  allows: { decline: true, cancel: true },
});

/** An instance with Slack's channel, and the sync of control changes as the proxy would call it, its work kept. */
async function withSync(options: Parameters<typeof instance>[0] = {}) {
  const notify = slackNotify();
  const at = await instance({ notify, ...options });
  const work: Array<Promise<unknown>> = [];
  const errors: unknown[] = [];
  const settings = slackSettingsOf(notify.channels[0]);
  if (settings === undefined) throw new Error('not a slackChannel');
  const sync = slackControlSync(
    [settings],
    fx.store,
    { info() {}, warn() {}, error: (line) => errors.push(line) },
    errors.push.bind(errors),
    (each) => work.push(each),
  );
  const done = async () => {
    while (work.length > 0) await Promise.all(work.splice(0));
    expect(errors).toEqual([]);
  };
  return { at, sync, done };
}

/** The `chat.update`s so far of the message posted first. */
const updates = () => sx.slack.of('chat.update').filter((each) => each.body.ts === '1700000000.000001');
/** The line of the message that says who holds control, as Block Kit holds it; null when it has none. */
const holderLine = (message: SlackCall) =>
  (message.body.blocks as Array<{ block_id?: string; text?: { type: string; text: string } }>).find(
    (block) => block.block_id === 'hitl_control',
  )?.text ?? null;

it('says who holds control of a control request, is never answered from the channel, and stays ended once it ended', async () => {
  const { at: a, sync, done } = await withSync();
  const opened = a.proxy.requests.open(captcha('hc-1'), { team: 'ops' });
  const message = await posted();
  const id = pid('hc-1');
  // The inbox's link only, what the agent needs as plain text, and never the live view's address.
  expect(buttonsOf(message).map((each) => [each.action_id, each.url])).toEqual([
    ['hitl_open_request', `${INBOX}${encodeURIComponent(id)}`],
  ]);
  expect(text(message)).toContain('A CAPTCHA blocks the checkout');
  expect(text(message)).toContain('Tick the box, then type the code <!channel>');
  expect(text(message)).toContain('Requested by: Checkout <agent>');
  expect(holderLine(message)).toEqual({ type: 'plain_text', text: 'Nobody has control yet', emoji: false });
  expect(JSON.stringify(message.body)).not.toContain('live.example.com');
  expect(JSON.stringify(message.body)).not.toContain('s3cr3t');

  // A press Slack never showed (Cancel, "I have finished"), signed all the same: nothing is answered.
  expect(await interact(a, pressWith(message, 'hitl_cancel', JSON.stringify([id, 'cancel'])))).toBe(200);
  expect(await interact(a, pressWith(message, 'hitl_finished', JSON.stringify([id, 'finished'])))).toBe(200);
  const told = await sx.slack.waitFor('chat.postEphemeral', 2);
  expect(told.map((each) => each.body.text)).toEqual([
    expect.stringMatching(/cannot be answered in Slack/),
    expect.stringMatching(/cannot be answered in Slack/),
  ]);
  expect(await settled(opened)).toBe(false);

  // Taken: the message says who (a name is text, never markup) and since when, in UTC.
  const since = Date.UTC(2026, 11, 7, 10, 41, 30);
  const change = (holder: ControlChange['holder']): ControlChange => ({ team: 'ops', target: { kind: 'request', requestId: id }, holder });
  sync(change({ user: 'alice <@U0BOSS>', since }));
  await done();
  expect(updates()).toHaveLength(1);
  const taken = updates()[0]!;
  expect(holderLine(taken)).toEqual({ type: 'plain_text', text: 'alice <@U0BOSS> has control since 10:41 UTC', emoji: false });
  expect(taken.body.text).toContain('alice &lt;@U0BOSS&gt; has control since 10:41 UTC');
  expect(buttonsOf(taken).map((each) => each.action_id)).toEqual(['hitl_open_request']);
  expect(text(taken)).toContain('Tick the box');

  // Released (or lapsed): nobody again.
  sync(change(null));
  await done();
  expect(updates()).toHaveLength(2);
  expect(holderLine(updates()[1]!)?.text).toBe('Nobody has control yet');

  // Taken again, then answered in the inbox: the ended message.
  sync(change({ user: 'bob', since: since + 60_000 }));
  await done();
  expect(holderLine(updates()[2]!)?.text).toBe('bob has control since 10:42 UTC');
  const page = await answer(a, 'bob@ops', 'hc-1', { requestId: 'hc-1', action: 'accept', control: { done: true } });
  expect(page.status).toBe(200);
  expect(await opened).toEqual({ requestId: 'hc-1', action: 'accept', control: { done: true } });
  await claimed('slack-updated:', 1);
  await sx.slack.waitFor('chat.update', 4);
  await finish(a);
  const ended = updates()[3]!;
  expect(text(ended)).toMatch(/Answered\* by bob@ops in the inbox/);
  expect(buttonsOf(ended)).toEqual([]);

  // A change told late (the lease's end, a take that raced the answer) leaves the ended message as it is.
  sync(change({ user: 'carol', since: since + 120_000 }));
  sync(change(null));
  await done();
  expect(updates()).toHaveLength(4);
  expect(sx.slack.of('chat.postMessage')).toHaveLength(1);
});

it('ends with the ended message when a change of holder and the answer race', async () => {
  const { at: a, sync, done } = await withSync();
  const opened = a.proxy.requests.open(captcha('hc-2'), { team: 'ops' });
  await posted();
  const id = pid('hc-2');
  const target = { kind: 'request', requestId: id } as const;
  sync({ team: 'ops', target, holder: { user: 'alice', since: Date.now() } });
  const page = answer(a, 'ann@ops', 'hc-2', { requestId: 'hc-2', action: 'accept', control: { done: false } });
  sync({ team: 'ops', target, holder: null });
  expect((await page).status).toBe(200);
  await opened;
  await claimed('slack-updated:', 1);
  await done();
  await finish(a);
  const last = updates().at(-1)!;
  expect(text(last)).toMatch(/Answered\* by ann@ops in the inbox/);
  expect(holderLine(last)).toBeNull();
});

it('says who already holds control in the message of a hand-off posted after it was taken', async () => {
  const { at: a, sync, done } = await withSync();
  // The proxy's id of a request is its own: take it from `open`, note the holder, and only then is it told.
  const opened = a.proxy.requests.open(captcha('hc-3'), { team: 'ops' });
  sync({ team: 'ops', target: { kind: 'request', requestId: opened.id }, holder: { user: 'dana', since: Date.UTC(2026, 0, 1, 8, 5) } });
  await done();
  await posted();
  // Posted with dana already, or posted before the note and redrawn: either way the last word says dana.
  const last = () => [...sx.slack.of('chat.postMessage'), ...updates()].at(-1)!;
  await expect.poll(() => holderLine(last())?.text).toBe('dana has control since 08:05 UTC');
  await finish(a);
  expect(holderLine(last())?.text).toBe('dana has control since 08:05 UTC');
});

/** A run that hands its browser over once (`human_control`), then completes. */
const handOffScenario: Scenario = {
  name: 'hand-off',
  description: 'Checks out behind a CAPTCHA; asks a person with human_control.',
  keywords: ['checkout'],
  steps: [
    { type: 'page', title: 'Cart', url: 'https://shop.example.com/cart', durationMs: 50 },
    {
      type: 'tool_call',
      tool: HUMAN_CONTROL_TOOL_NAME,
      parameters: { reason: 'A CAPTCHA blocks the checkout', instructions: 'Tick the box <b>then</b> type the code', timeoutSeconds: 600 },
    },
    { type: 'page', title: 'Paid', url: 'https://shop.example.com/paid', durationMs: 50 },
  ],
  result: () => ({ summary: 'Paid.' }),
};

it('gives the message of a human_control call of the task service the inbox link only, what it asks as text, and who holds control', async () => {
  const service = createSimulatedService({ apiKey: KEY, scenario: handOffScenario });
  const listener = toNodeListener((request) => service.handle(request));
  const server: Server = createServer(listener);
  listener.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const {
      at: a,
      sync,
      done,
    } = await withSync({
      upstream: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      events: { pollIntervalMs: { status: 50, gif: 50 }, firstPollJitterMs: 0 },
      toolCalls: { watch: { intervalMs: 100 } },
    });
    const body = JSON.stringify({ task: 'Check out the cart', agent: 'BROWSER_AGENT', tools: [humanControlTool()] });
    const created = await call(a, 'ann@ops', 'POST', '/api/v1/task/create', body);
    const { taskId } = created.body.data as { taskId: string };
    const message = await posted();
    const status = await call(a, 'ann@ops', 'GET', `/api/v1/task/${taskId}/run/status`);
    const { toolCallId } = (status.body.data as { toolCall: { toolCallId: string } }).toolCall;
    const id = `${taskId}/${toolCallId}`;
    expect(message.body.channel).toBe(CHANNEL);

    expect(buttonsOf(message).map((each) => [each.action_id, each.url])).toEqual([
      ['hitl_open_request', `${INBOX}${encodeURIComponent(id)}`],
    ]);
    expect(text(message)).toContain('Take control');
    expect(text(message)).toContain('A CAPTCHA blocks the checkout');
    expect(text(message)).toContain('Tick the box <b>then</b> type the code');
    expect(holderLine(message)?.text).toBe('Nobody has control yet');
    // A forged press of the call's "Answer…": no modal, nothing answered.
    expect(await interact(a, pressWith(message, 'hitl_answer_call', JSON.stringify([id, 'call'])))).toBe(200);
    const [told] = await sx.slack.waitFor('chat.postEphemeral');
    expect(told?.body.text).toMatch(/cannot be answered in Slack/);
    expect(sx.slack.of('views.open')).toEqual([]);

    const since = Date.UTC(2026, 11, 7, 9, 3);
    sync({ team: 'ops', target: { kind: 'call', taskId, toolCallId }, holder: { user: 'alice', since } });
    await done();
    expect(holderLine(updates()[0]!)?.text).toBe('alice has control since 09:03 UTC');
    expect(buttonsOf(updates()[0]!).map((each) => each.action_id)).toEqual(['hitl_open_request']);

    // Handed back from a page: the ended message; a later change leaves it.
    const input = JSON.stringify({ done: true });
    const page = await call(a, 'ann@ops', 'POST', `/api/v1/task/${taskId}/run/tool-input`, JSON.stringify({ toolCallId, input }));
    expect(page.status).toBe(200);
    await sx.slack.waitFor('chat.update', 2);
    sync({ team: 'ops', target: { kind: 'call', taskId, toolCallId }, holder: null });
    await done();
    await finish(a);
    expect(updates()).toHaveLength(2);
    expect(text(updates()[1]!)).toMatch(/Answered\* by ann@ops in the inbox/);
    expect(buttonsOf(updates()[1]!)).toEqual([]);
    const { liveStatus: liveUrl } = status.body.data as { liveStatus?: string };
    expect(liveUrl).toMatch(/^https?:/);
    expect(JSON.stringify(sx.slack.calls)).not.toContain(liveUrl);
  } finally {
    await new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  }
});

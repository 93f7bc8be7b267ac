/**
 * Answering from Slack (`slackChannel`), end to end: proxy instances over real HTTP on one shared
 * store, a stand-in of Slack's Web API that keeps every call, and interactions posted to
 * `{basePath}/slack/interactions` shaped and signed as Slack sends them. A press answers once
 * through the page's own path (the audit says `via: 'slack'`); the message is updated once across
 * instances when the request ends anywhere; a press that is not signed, is stale, is a retry, comes
 * from someone `identify` does not map to the team, or comes after the end answers nothing.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { HumanRequest } from '../../../src/request';
import { slackChannel, type ProxyStore, type TaskProxyNotifyOptions } from '../../../src/server';
import { answer, fx, instance, list, pid, room, settled, SECRET, useRequestsFixture, type Instance } from '../proxy/requests-fixture';
import { startSlackApi, type SlackApiStandIn, type SlackCall } from './slack-api';

useRequestsFixture();

const TOKEN = 'xoxb-test-7731';
const SIGNING_SECRET = 'slack-signing-5f1c9e';
const CHANNEL = 'C0APPROVALS';

let slack: SlackApiStandIn;
/** Every `claimOnce` of the shared store, with what it answered: the waits below count the ones of Slack. */
let claims: Array<{ key: string; won: boolean }>;

beforeEach(async () => {
  slack = await startSlackApi(TOKEN);
  claims = [];
  const store = fx.inner;
  fx.inner = new Proxy(store, {
    get(_, name: keyof ProxyStore) {
      if (name === 'claimOnce')
        return async (key: string, ttlMs: number) => {
          const won = await store.claimOnce(key, ttlMs);
          claims.push({ key, won });
          return won;
        };
      const value: unknown = Reflect.get(store, name);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(store) : value;
    },
  });
});
afterEach(() => slack.close());

/** Who each Slack user is, as the app's directory says. */
const people: Record<string, { user: string; team: string } | null> = {
  U0ANN: { user: 'ann@ops', team: 'ops' },
  U0BOB: { user: 'bob@ops', team: 'ops' },
  U0MAL: { user: 'mal@sales', team: 'sales' },
};

function notify(): TaskProxyNotifyOptions {
  const channel = slackChannel({
    token: TOKEN,
    signingSecret: SIGNING_SECRET,
    channel: CHANNEL,
    apiUrl: slack.apiUrl,
    identify: ({ userId, teamId }) => (teamId === 'T0ACME' ? (people[userId] ?? null) : null),
  });
  return { channels: [channel], link: (item) => `https://app.example.com/inbox#${encodeURIComponent(item.id)}` };
}
const slackInstance = () => instance({ notify: notify() });

/** An approval of one action whose arguments hold a secret: never in a message. */
const sendInvoice = (id: string): HumanRequest => ({
  id,
  source: 'langgraph',
  kind: 'approval',
  title: 'Send the invoice?',
  requestedBy: 'Billing agent',
  actions: [{ name: 'send_email', args: { to: 'cfo@example.com', apiKey: SECRET }, description: 'Mails invoice 42' }],
  allows: { cancel: true },
});

type Blocks = Array<Record<string, unknown> & { type: string; elements?: Array<Record<string, unknown>> }>;
const buttonsOf = (call: SlackCall) =>
  ((call.body.blocks as Blocks).find((block) => block.type === 'actions')?.elements ?? []) as Array<{
    action_id: string;
    value?: string;
    url?: string;
  }>;

/** The message posted about the `n`th request (from 1), once it is. */
const posted = async (n = 1) => (await slack.waitFor('chat.postMessage', n))[n - 1] as SlackCall;

/** What Slack posts to the Request URL when `userId` presses the button `actionId` of `message`. */
function pressOf(message: SlackCall, actionId: string, userId = 'U0ANN') {
  const button = buttonsOf(message).find((each) => each.action_id === actionId);
  if (button === undefined) throw new Error(`no button ${actionId}`);
  const payload = {
    type: 'block_actions',
    user: { id: userId, username: userId.toLowerCase(), team_id: 'T0ACME' },
    api_app_id: 'A0HITL',
    team: { id: 'T0ACME', domain: 'acme' },
    channel: { id: CHANNEL, name: 'approvals' },
    message: { type: 'message', ts: '1700000000.000001', text: message.body.text },
    container: { type: 'message', message_ts: '1700000000.000001', channel_id: CHANNEL },
    trigger_id: `${Date.now()}.${randomUUID()}`,
    response_url: 'https://hooks.slack.com/actions/T0ACME/1/abc',
    actions: [{ type: 'button', action_id: actionId, block_id: 'hitl_actions', value: button.value, action_ts: `${Date.now() / 1000}` }],
  };
  return `payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/** Posts `body` to the Request URL as Slack does, signed with `secret` at `at` (seconds). */
async function interact(
  at: Instance,
  body: string,
  { secret = SIGNING_SECRET, seconds = Math.floor(Date.now() / 1000), retry }: { secret?: string; seconds?: number; retry?: number } = {},
) {
  const signature = `v0=${createHmac('sha256', secret).update(`v0:${seconds}:${body}`).digest('hex')}`;
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    'x-slack-request-timestamp': String(seconds),
    'x-slack-signature': signature,
    ...(retry === undefined ? {} : { 'x-slack-retry-num': String(retry), 'x-slack-retry-reason': 'http_timeout' }),
  };
  const response = await fetch(`${at.url}/slack/interactions`, { method: 'POST', headers, body });
  return response.status;
}

/** Resolves once `count` claims whose key starts with `prefix` were tried on the store. */
const claimed = (prefix: string, count: number) =>
  vi.waitFor(
    () => {
      const found = claims.filter((claim) => claim.key.startsWith(prefix));
      expect(found.length).toBeGreaterThanOrEqual(count);
      return found;
    },
    { timeout: 5000, interval: 5 },
  );

const slackAnswers = () => fx.audited.filter((entry) => entry.action === 'answer_request');
/** The answers in the audit trail, once there are `count` (an answer is audited right after its source has it). */
const audited = (count: number) =>
  vi.waitFor(
    () => {
      expect(slackAnswers().length).toBeGreaterThanOrEqual(count);
      return slackAnswers();
    },
    { timeout: 5000, interval: 5 },
  );
/** Closes `instances`: each waits for what it still does after its answers (the presses it took, the messages it updates). */
const finish = (...instances: Instance[]) => Promise.all(instances.map((each) => each.proxy.close()));
const text = (call: SlackCall) => JSON.stringify(call.body.blocks);

it('posts what the approval asks with its buttons, and answers it once from a press: audited via slack, the message updated once, buttons gone', async () => {
  const a = await slackInstance();
  const opened = a.proxy.requests.open(sendInvoice('ap-1'), { team: 'ops' });
  const message = await posted();
  expect(message.body.channel).toBe(CHANNEL);
  expect(JSON.stringify(message.body)).not.toContain(SECRET);
  expect(text(message)).toContain('Send the invoice?');
  expect(text(message)).toContain('Billing agent');
  expect(text(message)).toContain('send_email');
  expect(text(message)).toContain('Team ops');
  expect(buttonsOf(message).map((each) => each.action_id)).toEqual(['hitl_approve', 'hitl_reject', 'hitl_cancel', 'hitl_open_request']);
  expect(JSON.parse(buttonsOf(message)[0]?.value ?? '')).toEqual([pid('ap-1'), 'approve']);

  expect(await interact(a, pressOf(message, 'hitl_approve'))).toBe(200);
  expect(await opened).toEqual({ requestId: 'ap-1', action: 'accept', decisions: [{ type: 'approve' }] });
  expect(await audited(1)).toEqual([expect.objectContaining({ user: 'ann@ops', requestId: pid('ap-1'), via: 'slack' })]);
  // Answered, then delivered: each change is heard, and the message is updated at the first only.
  const updates = await claimed('slack-updated:', 2);
  expect(updates.filter((claim) => claim.won)).toHaveLength(1);
  const [update] = await slack.waitFor('chat.update');
  await finish(a);
  expect(slack.of('chat.update')).toHaveLength(1);
  expect(update?.body).toMatchObject({ channel: CHANNEL, ts: '1700000000.000001' });
  expect(buttonsOf(update as SlackCall)).toEqual([]);
  expect(text(update as SlackCall)).toMatch(/Answered\* by ann@ops in Slack, <!date\^\d+\^/);
  expect(slack.of('chat.postEphemeral')).toEqual([]);
});

it('rejects from a press', async () => {
  const a = await slackInstance();
  const opened = a.proxy.requests.open(sendInvoice('ap-2'), { team: 'ops' });
  expect(await interact(a, pressOf(await posted(), 'hitl_reject', 'U0BOB'))).toBe(200);
  expect(await opened).toEqual({ requestId: 'ap-2', action: 'accept', decisions: [{ type: 'reject' }] });
  expect(await audited(1)).toEqual([expect.objectContaining({ user: 'bob@ops', via: 'slack' })]);
  expect(text((await slack.waitFor('chat.update'))[0] as SlackCall)).toContain('by bob@ops in Slack');
});

it('tells someone who does not answer for the team privately, and answers nothing', async () => {
  const a = await slackInstance();
  const opened = a.proxy.requests.open(sendInvoice('ap-3'), { team: 'ops' });
  const message = await posted();
  // Nobody `identify` knows, then a user of another team.
  expect(await interact(a, pressOf(message, 'hitl_approve', 'U0EVE'))).toBe(200);
  const [unknown] = await slack.waitFor('chat.postEphemeral');
  expect(unknown?.body).toMatchObject({ channel: CHANNEL, user: 'U0EVE' });
  expect(unknown?.body.text).toContain('Nothing was answered');
  expect(await interact(a, pressOf(message, 'hitl_approve', 'U0MAL'))).toBe(200);
  const [, stranger] = await slack.waitFor('chat.postEphemeral', 2);
  expect(stranger?.body).toMatchObject({ channel: CHANNEL, user: 'U0MAL' });
  expect(stranger?.body.text).toContain('Nothing was sent');

  expect(await settled(opened)).toBe(false);
  expect((await list(a, 'ann@ops')).map((each) => each.state)).toEqual(['open']);
  expect(slackAnswers().filter((entry) => entry.outcome === 'accepted')).toEqual([]);
  expect(slack.of('chat.update')).toEqual([]);
});

it('refuses a press not signed with the signing secret, or older than five minutes, with 401, changing nothing', async () => {
  const a = await slackInstance();
  const opened = a.proxy.requests.open(sendInvoice('ap-4'), { team: 'ops' });
  const message = await posted();
  const press = pressOf(message, 'hitl_approve');
  expect(await interact(a, press, { secret: 'not-the-signing-secret' })).toBe(401);
  expect(await interact(a, press, { seconds: Math.floor(Date.now() / 1000) - 6 * 60 })).toBe(401);
  expect(await interact(a, press, { seconds: Math.floor(Date.now() / 1000) + 6 * 60 })).toBe(401);
  // Signed as Slack signs it, then changed on the way: another button's press under the first's signature.
  const seconds = String(Math.floor(Date.now() / 1000));
  const forged = await fetch(`${a.url}/slack/interactions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': seconds,
      'x-slack-signature': `v0=${createHmac('sha256', SIGNING_SECRET).update(`v0:${seconds}:${press}`).digest('hex')}`,
    },
    body: pressOf(message, 'hitl_reject'),
  });
  expect(forged.status).toBe(401);
  expect(claims.filter((claim) => claim.key.startsWith('slack-interaction:'))).toEqual([]);
  expect(await settled(opened)).toBe(false);

  // The same press, signed as Slack signs it, is the first answer.
  expect(await interact(a, press)).toBe(200);
  expect(await opened).toEqual({ requestId: 'ap-4', action: 'accept', decisions: [{ type: 'approve' }] });
  expect(await audited(1)).toEqual([expect.objectContaining({ user: 'ann@ops', via: 'slack', status: 200 })]);
  await finish(a);
  expect(slackAnswers()).toHaveLength(1);
  expect(slack.of('chat.postEphemeral')).toEqual([]);
});

it('answers nothing to a press after a page answered, tells who did, and updates the message once across two instances', async () => {
  const a = await slackInstance();
  const b = await slackInstance();
  const opened = a.proxy.requests.open(sendInvoice('ap-5'), { team: 'ops' });
  const message = await posted();
  // Both instances started: each hears every change of the store.
  await list(b, 'bob@ops');
  const page = await answer(a, 'bob@ops', 'ap-5', { requestId: 'ap-5', action: 'accept', decisions: [{ type: 'approve' }] });
  expect(page.status).toBe(200);
  expect(await opened).toEqual({ requestId: 'ap-5', action: 'accept', decisions: [{ type: 'approve' }] });

  expect(await interact(b, pressOf(message, 'hitl_reject'))).toBe(200);
  const [late] = await slack.waitFor('chat.postEphemeral');
  expect(late?.body).toMatchObject({ channel: CHANNEL, user: 'U0ANN' });
  expect(late?.body.text).toContain('already answered by bob@ops');
  expect(late?.body.text).toContain('Your answer was not sent');

  // Two changes (answered, delivered), each heard by both instances: four tries, one update.
  const updates = await claimed('slack-updated:', 4);
  expect(updates.filter((claim) => claim.won)).toHaveLength(1);
  const [update] = await slack.waitFor('chat.update');
  expect(text(update as SlackCall)).toContain('by bob@ops in the inbox');
  expect(buttonsOf(update as SlackCall)).toEqual([]);
  await finish(a, b);
  expect(slack.of('chat.update')).toHaveLength(1);
  expect(fx.audited.filter((entry) => entry.action === 'answer_request').map((entry) => [entry.via, entry.status])).toEqual([
    ['page', 200],
    ['slack', 409],
  ]);
});

it('changes nothing twice when Slack retries a press (X-Slack-Retry-Num)', async () => {
  const a = await slackInstance();
  const opened = a.proxy.requests.open(sendInvoice('ap-6'), { team: 'ops' });
  const press = pressOf(await posted(), 'hitl_approve');
  expect(await interact(a, press)).toBe(200);
  expect(await opened).toEqual({ requestId: 'ap-6', action: 'accept', decisions: [{ type: 'approve' }] });
  expect(await interact(a, press, { retry: 1 })).toBe(200);
  await slack.waitFor('chat.update');
  await finish(a);
  // The retry is known by its press: its claim is tried, and lost.
  expect(claims.filter((claim) => claim.key.startsWith('slack-interaction:')).map((claim) => claim.won)).toEqual([true, false]);
  expect(slackAnswers()).toHaveLength(1);
  expect(slack.of('chat.postEphemeral')).toEqual([]);
  expect(slack.of('chat.update')).toHaveLength(1);
});

it('delivers once a press that reaches the instance that did not open the request', async () => {
  const a = await slackInstance();
  const b = await slackInstance();
  const opened = a.proxy.requests.open(sendInvoice('ap-7'), { team: 'ops' });
  const message = await posted();
  expect(await interact(b, pressOf(message, 'hitl_approve'))).toBe(200);
  expect(await opened).toEqual({ requestId: 'ap-7', action: 'accept', decisions: [{ type: 'approve' }] });
  expect(await audited(1)).toEqual([expect.objectContaining({ user: 'ann@ops', via: 'slack', status: 200 })]);
  const updates = await claimed('slack-updated:', 2);
  expect(updates.filter((claim) => claim.won)).toHaveLength(1);
  expect((await list(a, 'ann@ops'))[0]).toMatchObject({ state: 'answered', answeredBy: 'ann@ops' });
  await slack.waitFor('chat.update');
  await finish(a, b);
  expect(slack.of('chat.update')).toHaveLength(1);
  expect(slackAnswers()).toHaveLength(1);
});

it('gives a form only the inbox link, and says it was withdrawn when its source cancels it', async () => {
  const a = await slackInstance();
  const opened = a.proxy.requests.open(room('fm-1'), { team: 'ops' });
  const message = await posted();
  expect(buttonsOf(message)).toEqual([
    expect.objectContaining({ action_id: 'hitl_open_request', url: `https://app.example.com/inbox#${encodeURIComponent(pid('fm-1'))}` }),
  ]);
  await a.proxy.requests.cancel(opened.id);
  expect(await opened).toEqual({ requestId: 'fm-1', action: 'cancel' });
  const [update] = await slack.waitFor('chat.update');
  expect(text(update as SlackCall)).toContain('Withdrawn');
  expect(buttonsOf(update as SlackCall)).toEqual([]);
});

it('gives a page to visit its address and "I have finished", which answers it', async () => {
  const a = await slackInstance();
  const opened = a.proxy.requests.open(
    { id: 'ln-1', source: 'mcp', kind: 'link', title: 'Sign in to the CRM', url: 'https://crm.example.com/login' },
    { team: 'ops' },
  );
  const message = await posted();
  expect(buttonsOf(message).map((each) => [each.action_id, each.url])).toEqual([
    ['hitl_open_link', 'https://crm.example.com/login'],
    ['hitl_finished', undefined],
    ['hitl_open_request', expect.stringContaining('https://app.example.com/inbox#')],
  ]);
  // Pressing the address's button tells the Request URL too: it answers nothing.
  const visit = pressOf(message, 'hitl_open_link');
  expect(await interact(a, visit)).toBe(200);
  expect(await interact(a, pressOf(message, 'hitl_finished'))).toBe(200);
  expect(await opened).toEqual({ requestId: 'ln-1', action: 'accept' });
  expect(await audited(1)).toEqual([expect.objectContaining({ via: 'slack', status: 200 })]);
});

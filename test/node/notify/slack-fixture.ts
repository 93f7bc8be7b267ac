/**
 * What the tests of answering from Slack share: proxy instances over real HTTP on one shared store
 * (`requests-fixture`), a stand-in of Slack's Web API that keeps every call (`slack-api`), and
 * interactions posted to `{basePath}/slack/interactions` shaped and signed as Slack sends them: a
 * button's press (`block_actions`) and a modal's submission (`view_submission`).
 * `useSlackFixture()` registers the hooks of a test file.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { HumanRequest } from '../../../src/request';
import { slackChannel, type ProxyStore, type TaskProxyNotifyOptions, type TaskProxyOptions } from '../../../src/server';
import { fx, instance, SECRET, useRequestsFixture, type Instance } from '../proxy/requests-fixture';
import { startSlackApi, type SlackApiStandIn, type SlackCall } from './slack-api';

export const TOKEN = 'xoxb-test-7731';
export const SIGNING_SECRET = 'slack-signing-5f1c9e';
export const CHANNEL = 'C0APPROVALS';

/** The running test's Slack, and every `claimOnce` of the shared store with what it answered. */
export const sx = {
  slack: undefined as unknown as SlackApiStandIn,
  claims: [] as Array<{ key: string; won: boolean }>,
};

/** Registers the hooks of a test file: the requests' fixture, a Slack per test, and the store's claims watched. */
export function useSlackFixture(): void {
  useRequestsFixture();
  beforeEach(async () => {
    sx.slack = await startSlackApi(TOKEN);
    sx.claims = [];
    const store = fx.inner;
    fx.inner = new Proxy(store, {
      get(_, name: keyof ProxyStore) {
        if (name === 'claimOnce')
          return async (key: string, ttlMs: number) => {
            const won = await store.claimOnce(key, ttlMs);
            sx.claims.push({ key, won });
            return won;
          };
        const value: unknown = Reflect.get(store, name);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(store) : value;
      },
    });
  });
  afterEach(() => sx.slack.close());
}

/** Who each Slack user is, as the app's directory says. */
const people: Record<string, { user: string; team: string } | null> = {
  U0ANN: { user: 'ann@ops', team: 'ops' },
  U0BOB: { user: 'bob@ops', team: 'ops' },
  U0MAL: { user: 'mal@sales', team: 'sales' },
};

/** The notifications of a Slack channel to the stand-in, with the inbox's link. */
export function slackNotify(apiUrl = sx.slack.apiUrl): TaskProxyNotifyOptions {
  const channel = slackChannel({
    token: TOKEN,
    signingSecret: SIGNING_SECRET,
    channel: CHANNEL,
    apiUrl,
    identify: ({ userId, teamId }) => (teamId === 'T0ACME' ? (people[userId] ?? null) : null),
  });
  return { channels: [channel], link: (item) => `https://app.example.com/inbox#${encodeURIComponent(item.id)}` };
}
export const slackInstance = (options: Partial<TaskProxyOptions> = {}) => instance({ notify: slackNotify(), ...options });

/** An approval of one action whose arguments hold a secret: never in a message. */
export const sendInvoice = (id: string): HumanRequest => ({
  id,
  source: 'langgraph',
  kind: 'approval',
  title: 'Send the invoice?',
  requestedBy: 'Billing agent',
  actions: [{ name: 'send_email', args: { to: 'cfo@example.com', apiKey: SECRET }, description: 'Mails invoice 42' }],
  allows: { cancel: true },
});

type Blocks = Array<Record<string, unknown> & { type: string; elements?: Array<Record<string, unknown>> }>;
export const buttonsOf = (call: SlackCall) =>
  ((call.body.blocks as Blocks).find((block) => block.type === 'actions')?.elements ?? []) as Array<{
    action_id: string;
    value?: string;
    url?: string;
  }>;
export const text = (call: SlackCall) => JSON.stringify(call.body.blocks);

/** The message posted about the `n`th request (from 1), once it is. */
export const posted = async (n = 1) => (await sx.slack.waitFor('chat.postMessage', n))[n - 1] as SlackCall;

const user = (userId: string) => ({ id: userId, username: userId.toLowerCase(), team_id: 'T0ACME' });
const team = { id: 'T0ACME', domain: 'acme' };

/** What Slack posts to the Request URL when `userId` presses the button `actionId` of `message`. */
export function pressOf(message: SlackCall, actionId: string, userId = 'U0ANN') {
  const button = buttonsOf(message).find((each) => each.action_id === actionId);
  if (button === undefined) throw new Error(`no button ${actionId}`);
  return pressWith(message, actionId, button.value, userId);
}

/** A press of a button `actionId` with `value` in `message`, whether or not the message has it (a forged one, signed all the same). */
export function pressWith(message: SlackCall, actionId: string, value: string | undefined, userId = 'U0ANN') {
  const payload = {
    type: 'block_actions',
    user: user(userId),
    api_app_id: 'A0HITL',
    team,
    channel: { id: CHANNEL, name: 'approvals' },
    message: { type: 'message', ts: '1700000000.000001', text: message.body.text },
    container: { type: 'message', message_ts: '1700000000.000001', channel_id: CHANNEL },
    trigger_id: `${Date.now()}.${randomUUID()}`,
    response_url: 'https://hooks.slack.com/actions/T0ACME/1/abc',
    actions: [{ type: 'button', action_id: actionId, block_id: 'hitl_actions', value, action_ts: `${Date.now() / 1000}` }],
  };
  return `payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/** What a person typed or chose in a modal's input, as Slack's `view.state.values` holds it (`action_id` "value"). */
export type InputState =
  | { type: 'plain_text_input' | 'email_text_input' | 'url_text_input' | 'number_input'; value: string | null }
  | { type: 'static_select' | 'radio_buttons'; selected_option: { value: string } | null }
  | { type: 'checkboxes' | 'multi_static_select'; selected_options: Array<{ value: string }> }
  | { type: 'datepicker'; selected_date: string | null }
  | { type: 'timepicker'; selected_time: string | null };

/**
 * What Slack posts when `userId` submits `view` (as `views.open` got it) with `inputs` by block id:
 * the view with its id and `state.values`, as Slack sends a `view_submission`.
 */
export function submissionOf(view: Record<string, unknown>, inputs: Record<string, InputState>, userId = 'U0ANN', viewId = 'V0001') {
  const values = Object.fromEntries(Object.entries(inputs).map(([block, input]) => [block, { value: input }]));
  const payload = {
    type: 'view_submission',
    team,
    user: user(userId),
    api_app_id: 'A0HITL',
    trigger_id: `${Date.now()}.${randomUUID()}`,
    view: { ...view, id: viewId, team_id: 'T0ACME', hash: '1700000000.abc', state: { values } },
  };
  return `payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/** Posts `body` to the Request URL as Slack does, signed with `secret` at `seconds`: the response. */
export function post(
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
  return fetch(`${at.url}/slack/interactions`, { method: 'POST', headers, body });
}

/** Posts `body` as `post` does: the status. */
export const interact = async (at: Instance, body: string, options?: Parameters<typeof post>[2]) => (await post(at, body, options)).status;

/** Submits a modal: Slack's acknowledgement, its body read (`null` for an empty one, which closes the modal). */
export async function submit(at: Instance, body: string): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const response = await post(at, body);
  const read = await response.text();
  return { status: response.status, body: read === '' ? null : (JSON.parse(read) as Record<string, unknown>) };
}

/** The view of the `n`th modal opened (from 1), once it is. */
export const opened = async (n = 1) => (await sx.slack.waitFor('views.open', n))[n - 1]?.body.view as Record<string, unknown>;

/** Resolves once `count` claims whose key starts with `prefix` were tried on the store. */
export const claimed = (prefix: string, count: number) =>
  vi.waitFor(
    () => {
      const found = sx.claims.filter((claim) => claim.key.startsWith(prefix));
      expect(found.length).toBeGreaterThanOrEqual(count);
      return found;
    },
    { timeout: 5000, interval: 5 },
  );

export const slackAnswers = () => fx.audited.filter((entry) => entry.action === 'answer_request');
/** The answers in the audit trail, once there are `count` (an answer is audited right after its source has it). */
export const audited = (count: number) =>
  vi.waitFor(
    () => {
      expect(slackAnswers().length).toBeGreaterThanOrEqual(count);
      return slackAnswers();
    },
    { timeout: 5000, interval: 5 },
  );
/** Closes `instances`: each waits for what it still does after its answers (the presses it took, the messages it updates). */
export const finish = (...instances: Instance[]) => Promise.all(instances.map((each) => each.proxy.close()));

/**
 * One request, every way to answer it, two proxy instances on one real redis-server: a Slack
 * message (the Web API's stand-in) and an e-mail with answer links (a real SMTP server) for each
 * request, and the inbox's page. An answer reaching the instance that did not open the request is
 * delivered once; the page, a Slack press and an e-mail's POST racing for one request give the
 * source one answer, one of them is taken (audited `via` its channel) and every other is told who
 * answered: the page by its 409, the e-mail by its page, Slack privately.
 */
import { emailChannel, slackChannel, type TaskProxyNotifyOptions } from '../../../src/server';
import { createRedisProxyStore, type RedisProxyStore } from '../../../src/server/redis';
import { startRedisServer, type RedisServer } from '../../../scripts/lib/redis-server';
import { answer, call, fx, instance, KEY } from '../proxy/requests-fixture';
import { DELIVERY_TASK, startServiceFront, type ServiceFront } from '../proxy/service-call-fixture';
import type { SlackCall } from './slack-api';
import {
  buttonsOf,
  CHANNEL,
  interact,
  opened,
  pressOf,
  SIGNING_SECRET,
  sendInvoice,
  submissionOf,
  submit,
  sx,
  text,
  TOKEN,
  useSlackFixture,
} from './slack-fixture';
import { heading, linksOf, startSmtpInbox, visitLink, type SmtpInbox } from './smtp-inbox';

useSlackFixture();

const PUBLIC_URL = 'https://app.example.com';
const LINK_PREFIX = `${PUBLIC_URL}/api/hitl/act/`;

let redis: RedisServer;
let smtp: SmtpInbox;
let front: ServiceFront;
const stores: RedisProxyStore[] = [];
let prefix = 0;

beforeAll(async () => {
  [redis, smtp, front] = await Promise.all([startRedisServer(), startSmtpInbox(), startServiceFront(KEY)]);
});
afterAll(async () => {
  await Promise.all([redis.stop(), smtp.close(), front.close()]);
});
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

/** Slack and e-mail, both answering in place: ann is U0ANN in Slack and ann@example.com by mail. */
function notify(): TaskProxyNotifyOptions {
  const people = { U0ANN: { user: 'ann@ops', team: 'ops' }, U0BOB: { user: 'bob@ops', team: 'ops' } } as Record<
    string,
    { user: string; team: string }
  >;
  return {
    channels: [
      slackChannel({
        token: TOKEN,
        signingSecret: SIGNING_SECRET,
        channel: CHANNEL,
        apiUrl: sx.slack.apiUrl,
        identify: ({ userId }) => people[userId] ?? null,
      }),
      emailChannel({
        transport: { host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true },
        from: 'inbox@example.com',
        to: 'cat@example.com',
        retryBaseMs: 10,
        actions: { identify: (address) => (address === 'cat@example.com' ? { user: 'cat@ops', team: 'ops' } : null) },
      }),
    ],
    link: (item) => `${PUBLIC_URL}/inbox#${encodeURIComponent(item.id)}`,
  };
}

/** Two instances, each with its own connection to Redis under this test's prefix, each reaching the task service as itself. */
async function twoInstances() {
  const name = `across-${++prefix}:`;
  const made = [0, 1].map(() => createRedisProxyStore({ url: redis.url, prefix: name, onError: () => undefined }));
  stores.push(...made);
  return Promise.all(
    made.map((store, index) =>
      instance({
        store,
        notify: notify(),
        publicUrl: PUBLIC_URL,
        upstream: front.upstream(`i${index}`),
        events: { pollIntervalMs: { status: 50, gif: 50 }, firstPollJitterMs: 0 },
        toolCalls: { watch: { intervalMs: 100 } },
      }),
    ),
  );
}

/** Opens an invoice's approval on `at`, and waits for its Slack message and its mail. */
async function openEverywhere(at: Awaited<ReturnType<typeof twoInstances>>[number], id: string, n: number) {
  const mails = smtp.mails.length;
  const request = at.proxy.requests.open(sendInvoice(id), { team: 'ops' });
  const [message] = (await sx.slack.waitFor('chat.postMessage', n)).slice(n - 1);
  await smtp.waitFor(mails + 1);
  const links = linksOf(smtp.mails[mails]!);
  return { request, message: message as SlackCall, approve: links.get('Approve send_email')! };
}

const answersIn = () => fx.audited.filter((entry) => entry.action === 'answer_request');

it('delivers once a Slack press and an e-mail POST that reach the instance that did not open the request', async () => {
  const [a, b] = await twoInstances();
  const first = await openEverywhere(a!, 'inv-1', 1);
  expect(await interact(b!, pressOf(first.message, 'hitl_approve'))).toBe(200);
  expect(await first.request).toEqual({ requestId: 'inv-1', action: 'accept', decisions: [{ type: 'approve' }] });

  const second = await openEverywhere(a!, 'inv-2', 2);
  const done = await visitLink(b!.url, LINK_PREFIX, second.approve, 'POST');
  expect([done.status, heading(done)]).toEqual([200, 'Done']);
  expect(await second.request).toEqual({ requestId: 'inv-2', action: 'accept', decisions: [{ type: 'approve' }] });

  // Each message updated once, whichever instance saw its request end.
  await vi.waitFor(() => expect(sx.slack.of('chat.update')).toHaveLength(2), { timeout: 5000, interval: 10 });
  await Promise.all([a!.proxy.close(), b!.proxy.close()]);
  expect(sx.slack.of('chat.update')).toHaveLength(2);
  expect(answersIn().map((entry) => [entry.user, entry.via, entry.status])).toEqual([
    ['ann@ops', 'slack', 200],
    ['cat@ops', 'email', 200],
  ]);
});

it('the page, Slack and an e-mail racing for one request: one answer reaches the source, the others are told who answered', async () => {
  const [a, b] = await twoInstances();
  const { request, message, approve } = await openEverywhere(a!, 'inv-3', 1);
  const reject = { requestId: 'inv-3', action: 'accept', decisions: [{ type: 'reject', message: 'Not this month' }] };
  const [page, mail, press] = await Promise.all([
    answer(a!, 'bob@ops', 'inv-3', reject),
    visitLink(b!.url, LINK_PREFIX, approve, 'POST'),
    interact(b!, pressOf(message, 'hitl_approve')),
  ]);
  expect(press).toBe(200);
  const got = await request;
  // Every way ends in the audit trail: one taken, each other refused with 409.
  await vi.waitFor(() => expect(answersIn()).toHaveLength(3), { timeout: 5000, interval: 10 });
  const taken = answersIn().filter((entry) => entry.status === 200);
  expect(taken).toHaveLength(1);
  expect(answersIn().filter((entry) => entry.status === 409)).toHaveLength(2);
  const winner = taken[0]!;
  expect(got).toEqual(winner.via === 'page' ? reject : { requestId: 'inv-3', action: 'accept', decisions: [{ type: 'approve' }] });

  const by = `already answered by ${winner.user}`;
  if (winner.via !== 'page') expect([page.status, page.body.answeredBy]).toEqual([409, winner.user]);
  if (winner.via !== 'email')
    expect([mail.status, heading(mail), mail.html.includes(winner.user)]).toEqual([409, 'This request was already answered', true]);
  if (winner.via !== 'slack') {
    const [told] = await sx.slack.waitFor('chat.postEphemeral');
    expect(told?.body).toMatchObject({ user: 'U0ANN' });
    expect(told?.body.text).toContain(by);
  }
  // The message says who answered, and where, once.
  await vi.waitFor(() => expect(sx.slack.of('chat.update')).toHaveLength(1), { timeout: 5000, interval: 10 });
  expect(text(sx.slack.of('chat.update')[0]!)).toContain(`by ${winner.user}`);
  expect(buttonsOf(sx.slack.of('chat.update')[0]!)).toEqual([]);
  await Promise.all([a!.proxy.close(), b!.proxy.close()]);
});

it("the service's own form_input, answered in a Slack modal on the instance that did not create the task, reaches the service once", async () => {
  const [a, b] = await twoInstances();
  const created = await call(a!, 'ann@ops', 'POST', '/api/v1/task/create', DELIVERY_TASK);
  expect(created.status).toBe(200);
  const { taskId } = created.body.data as { taskId: string };
  // No page is open: the watch finds the call, and one message is posted about it.
  const [message] = await sx.slack.waitFor('chat.postMessage');
  expect(buttonsOf(message!).map((each) => each.action_id)).toEqual(['hitl_answer_call', 'hitl_open_request']);

  expect(await interact(b!, pressOf(message!, 'hitl_answer_call'))).toBe(200);
  const view = await opened();
  const typed = { hitl_field_0: { type: 'plain_text_input' as const, value: 'Tuesday 9-11' } };
  expect((await submit(b!, submissionOf(view, typed))).body).toBeNull();
  // Submitted again (a double click), and on the other instance: nothing more reaches the service.
  await submit(a!, submissionOf(view, typed));
  const answers = () => front.requests.filter((request) => request.path === `/api/v1/task/${taskId}/run/tool-input`);
  await vi.waitFor(() => expect(answers()).toHaveLength(1), { timeout: 10_000, interval: 20 });
  expect(answers()[0]?.instance).toBe('i1');
  // The message says who answered, once.
  await vi.waitFor(() => expect(sx.slack.of('chat.update')).toHaveLength(1), { timeout: 5000, interval: 10 });
  expect(text(sx.slack.of('chat.update')[0]!)).toContain('by ann@ops in Slack');
  await Promise.all([a!.proxy.close(), b!.proxy.close()]);
  expect(answers()).toHaveLength(1);
  expect(sx.slack.of('chat.postMessage')).toHaveLength(1);
  expect(fx.audited.filter((entry) => entry.action === 'answer').map((entry) => [entry.user, entry.via, entry.status])).toEqual([
    ['ann@ops', 'slack', 200],
  ]);
});

/**
 * Answering from Slack (`slackChannel`), end to end: proxy instances over real HTTP on one shared
 * store, a stand-in of Slack's Web API that keeps every call, and interactions posted to
 * `{basePath}/slack/interactions` shaped and signed as Slack sends them. A press answers once
 * through the page's own path (the audit says `via: 'slack'`); the message is updated once across
 * instances when the request ends anywhere; a press that is not signed, is stale, is a retry, comes
 * from someone `identify` does not map to the team, or comes after the end answers nothing.
 * The modals (a reason, an edit, a response, a form, several actions) are in `slack-modals.test.ts`.
 */
import { createHmac } from 'node:crypto';
import { answer, fx, list, pid, room, settled, SECRET } from '../proxy/requests-fixture';
import type { SlackCall } from './slack-api';
import {
  audited,
  buttonsOf,
  CHANNEL,
  claimed,
  finish,
  interact,
  posted,
  pressOf,
  sendInvoice,
  SIGNING_SECRET,
  slackAnswers,
  slackInstance,
  sx,
  text,
  useSlackFixture,
} from './slack-fixture';

useSlackFixture();

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
  const [update] = await sx.slack.waitFor('chat.update');
  await finish(a);
  expect(sx.slack.of('chat.update')).toHaveLength(1);
  expect(update?.body).toMatchObject({ channel: CHANNEL, ts: '1700000000.000001' });
  expect(buttonsOf(update as SlackCall)).toEqual([]);
  expect(text(update as SlackCall)).toMatch(/Answered\* by ann@ops in Slack, <!date\^\d+\^/);
  expect(sx.slack.of('chat.postEphemeral')).toEqual([]);
});

it('tells someone who does not answer for the team privately, and answers nothing', async () => {
  const a = await slackInstance();
  const opened = a.proxy.requests.open(sendInvoice('ap-3'), { team: 'ops' });
  const message = await posted();
  // Nobody `identify` knows, then a user of another team.
  expect(await interact(a, pressOf(message, 'hitl_approve', 'U0EVE'))).toBe(200);
  const [unknown] = await sx.slack.waitFor('chat.postEphemeral');
  expect(unknown?.body).toMatchObject({ channel: CHANNEL, user: 'U0EVE' });
  expect(unknown?.body.text).toContain('Nothing was answered');
  expect(await interact(a, pressOf(message, 'hitl_approve', 'U0MAL'))).toBe(200);
  const [, stranger] = await sx.slack.waitFor('chat.postEphemeral', 2);
  expect(stranger?.body).toMatchObject({ channel: CHANNEL, user: 'U0MAL' });
  expect(stranger?.body.text).toContain('Nothing was sent');

  expect(await settled(opened)).toBe(false);
  expect((await list(a, 'ann@ops')).map((each) => each.state)).toEqual(['open']);
  expect(slackAnswers().filter((entry) => entry.outcome === 'accepted')).toEqual([]);
  expect(sx.slack.of('chat.update')).toEqual([]);
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
  expect(sx.claims.filter((claim) => claim.key.startsWith('slack-interaction:'))).toEqual([]);
  expect(await settled(opened)).toBe(false);

  // The same press, signed as Slack signs it, is the first answer.
  expect(await interact(a, press)).toBe(200);
  expect(await opened).toEqual({ requestId: 'ap-4', action: 'accept', decisions: [{ type: 'approve' }] });
  expect(await audited(1)).toEqual([expect.objectContaining({ user: 'ann@ops', via: 'slack', status: 200 })]);
  await finish(a);
  expect(slackAnswers()).toHaveLength(1);
  expect(sx.slack.of('chat.postEphemeral')).toEqual([]);
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

  expect(await interact(b, pressOf(message, 'hitl_approve'))).toBe(200);
  const [late] = await sx.slack.waitFor('chat.postEphemeral');
  expect(late?.body).toMatchObject({ channel: CHANNEL, user: 'U0ANN' });
  expect(late?.body.text).toContain('already answered by bob@ops');
  expect(late?.body.text).toContain('Your answer was not sent');

  // Two changes (answered, delivered), each heard by both instances: four tries, one update.
  const updates = await claimed('slack-updated:', 4);
  expect(updates.filter((claim) => claim.won)).toHaveLength(1);
  const [update] = await sx.slack.waitFor('chat.update');
  expect(text(update as SlackCall)).toContain('by bob@ops in the inbox');
  expect(buttonsOf(update as SlackCall)).toEqual([]);
  await finish(a, b);
  expect(sx.slack.of('chat.update')).toHaveLength(1);
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
  await sx.slack.waitFor('chat.update');
  await finish(a);
  // The retry is known by its press: its claim is tried, and lost.
  expect(sx.claims.filter((claim) => claim.key.startsWith('slack-interaction:')).map((claim) => claim.won)).toEqual([true, false]);
  expect(slackAnswers()).toHaveLength(1);
  expect(sx.slack.of('chat.postEphemeral')).toEqual([]);
  expect(sx.slack.of('chat.update')).toHaveLength(1);
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
  await sx.slack.waitFor('chat.update');
  await finish(a, b);
  expect(sx.slack.of('chat.update')).toHaveLength(1);
  expect(slackAnswers()).toHaveLength(1);
});

it('says a request was withdrawn when its source cancels it', async () => {
  const a = await slackInstance();
  const opened = a.proxy.requests.open(room('fm-1'), { team: 'ops' });
  const message = await posted();
  expect(buttonsOf(message).map((each) => each.action_id)).toEqual(['hitl_answer', 'hitl_decline', 'hitl_cancel', 'hitl_open_request']);
  await a.proxy.requests.cancel(opened.id);
  expect(await opened).toEqual({ requestId: 'fm-1', action: 'cancel' });
  const [update] = await sx.slack.waitFor('chat.update');
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

it("gives a hand-off of the agent's browser only the inbox link: it is never answered from a message", async () => {
  const a = await slackInstance();
  void a.proxy.requests.open(
    {
      id: 'hc-1',
      source: 'task-service',
      kind: 'control',
      liveUrl: 'https://live.example.com/session/1',
      message: 'A CAPTCHA blocks the checkout',
      allows: { cancel: true },
    },
    { team: 'ops' },
  );
  const message = await posted();
  expect(buttonsOf(message).map((each) => each.action_id)).toEqual(['hitl_open_request']);
  expect(JSON.stringify(message.body)).not.toContain('live.example.com');
});

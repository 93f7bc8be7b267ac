/**
 * `webhookChannel` against a real receiver on 127.0.0.1 that verifies each delivery with the
 * `standardwebhooks` package: signed deliveries, retries with backoff and the same `webhook-id`,
 * `Retry-After`, the tries it never makes, and Slack's body.
 */
import { Webhook } from 'standardwebhooks';
import { createMemoryProxyStore } from '../../../src/server';
import type { NotificationContext, NotificationMessage } from '../../../src/server/notify/notify-options';
import { notificationWebhookId } from '../../../src/server/notify/notify-message';
import { webhookChannel } from '../../../src/server/notify/webhook-channel';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const context = (signal = new AbortController().signal): NotificationContext => ({
  item: { id: 'req-1', kind: 'request', team: 'ops', source: 'mcp', title: 'Approve the refund', waitingSince: 0 },
  store: createMemoryProxyStore(),
  signal,
  logger: silent,
});
const message = (overrides: Partial<NotificationMessage> = {}): NotificationMessage => ({
  webhookId: notificationWebhookId('req-1', 'waiting'),
  kind: 'waiting',
  requestId: 'req-1',
  title: 'Approve the refund',
  team: 'ops',
  source: 'mcp',
  link: 'https://app.example.com/inbox#req-1',
  waitingSince: Date.UTC(2026, 0, 2, 3, 4, 5),
  ...overrides,
});

let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describe('webhookChannel', () => {
  it('POSTs the message signed as Standard Webhooks sign, which the standardwebhooks package verifies', async () => {
    receiver = await startWebhookReceiver();
    await webhookChannel({ url: receiver.url, secret: receiver.secret }).send(message(), context());
    const [delivery] = await receiver.received(1);
    expect(delivery?.verifyError).toBeUndefined();
    expect(delivery?.headers['webhook-id']).toBe(message().webhookId);
    expect(delivery?.headers['content-type']).toBe('application/json');
    expect(delivery?.verified).toEqual({
      type: 'request.waiting',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      data: {
        webhookId: message().webhookId,
        kind: 'waiting',
        requestId: 'req-1',
        title: 'Approve the refund',
        team: 'ops',
        source: 'mcp',
        link: 'https://app.example.com/inbox#req-1',
        waitingSince: Date.UTC(2026, 0, 2, 3, 4, 5),
      },
    });
  });

  it('a signature under another secret, or of another body, does not verify', async () => {
    receiver = await startWebhookReceiver([], 'whsec_' + Buffer.alloc(32, 7).toString('base64'));
    await webhookChannel({ url: receiver.url, secret: 'whsec_' + Buffer.alloc(32, 8).toString('base64') }).send(message(), context());
    const [delivery] = await receiver.received(1);
    expect(delivery?.verifyError).toMatch(/signature/i);
    const own = new Webhook(receiver.secret);
    expect(() => own.verify(`${delivery?.body} `, delivery?.headers as Record<string, string>)).toThrow();
  });

  it('tries again after two 503s with growing delays, every try with the same webhook-id, each verified', async () => {
    receiver = await startWebhookReceiver([{ status: 503 }, { status: 503 }]);
    const channel = webhookChannel({ url: receiver.url, secret: receiver.secret, retryBaseMs: 60, random: () => 1 });
    await channel.send(message(), context());
    const deliveries = await receiver.received(3);
    expect(deliveries).toHaveLength(3);
    expect(new Set(deliveries.map((delivery) => delivery.headers['webhook-id']))).toEqual(new Set([message().webhookId]));
    expect(deliveries.map((delivery) => delivery.verifyError)).toEqual([undefined, undefined, undefined]);
    // Full jitter with `random` at 1: the first retry waits its whole window (60 ms), the second twice that.
    expect(deliveries[1]!.at - deliveries[0]!.at).toBeGreaterThanOrEqual(55);
    expect(deliveries[2]!.at - deliveries[1]!.at).toBeGreaterThanOrEqual(115);
  });

  it('waits as long as Retry-After asks after a 429', async () => {
    receiver = await startWebhookReceiver([{ status: 429, headers: { 'retry-after': '1' } }]);
    await webhookChannel({ url: receiver.url, secret: receiver.secret, retryBaseMs: 1, random: () => 0 }).send(message(), context());
    const deliveries = await receiver.received(2);
    expect(deliveries[1]!.at - deliveries[0]!.at).toBeGreaterThanOrEqual(990);
  });

  it('gives up after `retries` tries, and never tries a 400 again', async () => {
    receiver = await startWebhookReceiver(Array.from({ length: 10 }, () => ({ status: 500 })));
    const failing = webhookChannel({ url: receiver.url, secret: receiver.secret, retries: 3, retryBaseMs: 1 });
    await expect(failing.send(message(), context())).rejects.toThrow(/answered 500/);
    expect(receiver.deliveries).toHaveLength(3);

    await receiver.close();
    receiver = await startWebhookReceiver([{ status: 400 }]);
    const refused = webhookChannel({ url: receiver.url, secret: receiver.secret, retryBaseMs: 1 });
    await expect(refused.send(message(), context())).rejects.toThrow(/answered 400/);
    expect(receiver.deliveries).toHaveLength(1);
  });

  it('tries again when the receiver cannot be reached, and stops when the proxy closes', async () => {
    receiver = await startWebhookReceiver();
    const url = receiver.url;
    await receiver.close();
    receiver = undefined;
    const controller = new AbortController();
    let tries = 0;
    const sending = webhookChannel({
      url,
      secret: `whsec_${Buffer.alloc(24, 1).toString('base64')}`,
      retryBaseMs: 5,
      retries: 100,
      fetch: (request) => {
        // The third try: the proxy closes meanwhile.
        if (++tries === 3) controller.abort(new Error('the proxy closed'));
        return fetch(request);
      },
    }).send(message(), context(controller.signal));
    await expect(sending).rejects.toThrow(/the proxy closed/);
    expect(tries).toBe(3);
  });

  it('refuses an address that is not http(s), a secret that is not one, and a standard webhook without a secret', () => {
    expect(() => webhookChannel({ url: 'file:///etc/passwd', secret: `whsec_${Buffer.alloc(24).toString('base64')}` })).toThrow(TypeError);
    expect(() => webhookChannel({ url: 'https://hooks.example.com', secret: 'not base64!' })).toThrow(TypeError);
    expect(() => webhookChannel({ url: 'https://hooks.example.com' })).toThrow(/needs a secret/);
  });

  it('names the host in its name, never the path (a Slack URL holds its token there)', () => {
    const channel = webhookChannel({ url: 'https://hooks.slack.com/services/T000/B000/SECRETTOKEN', format: 'slack' });
    expect(channel.name).toBe('slack hooks.slack.com');
  });
});

describe('webhookChannel with format: "slack"', () => {
  it('sends text and Block Kit blocks: the title as plain text, team and source, a button to the request', async () => {
    receiver = await startWebhookReceiver();
    const hostile = '<!channel> *Pay* <https://evil.example|here> & more';
    await webhookChannel({ url: receiver.url, format: 'slack' }).send(message({ title: hostile }), context());
    const [delivery] = await receiver.received(1);
    const body = JSON.parse(delivery!.body) as { text: string; blocks: unknown[] };
    expect(body.text).toBe('Waiting for an answer: &lt;!channel&gt; *Pay* &lt;https://evil.example|here&gt; &amp; more (Team ops · mcp)');
    expect(body.blocks).toEqual([
      { type: 'section', text: { type: 'plain_text', text: hostile, emoji: false } },
      { type: 'context', elements: [{ type: 'plain_text', text: 'Waiting for an answer · Team ops · mcp', emoji: false }] },
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            action_id: 'hitl_open_request',
            text: { type: 'plain_text', text: 'Open request', emoji: false },
            url: 'https://app.example.com/inbox#req-1',
            style: 'primary',
          },
        ],
      },
    ]);
    // Unsigned without a secret: Slack does not verify.
    expect(delivery?.headers['webhook-signature']).toBeUndefined();
  });

  it('says how long an escalation waited, and leaves the button out without a link', async () => {
    receiver = await startWebhookReceiver();
    await webhookChannel({ url: receiver.url, format: 'slack' }).send(
      message({ kind: 'escalation', afterMs: 30 * 60_000, link: undefined }),
      context(),
    );
    const body = JSON.parse((await receiver.received(1))[0]!.body) as { text: string; blocks: Array<{ type: string }> };
    expect(body.text).toMatch(/^Still waiting after 30 min: Approve the refund/);
    expect(body.blocks.map((block) => block.type)).toEqual(['section', 'context']);
  });
});

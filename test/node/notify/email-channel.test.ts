/**
 * `emailChannel` through nodemailer to a real SMTP server (`smtp-server` on 127.0.0.1): the
 * subject names the request, both bodies link to it, the HTML escapes the agent's title, and
 * nothing the request holds beyond its title, team and source reaches the mail.
 */
import { createMemoryProxyStore } from '../../../src/server';
import { emailChannel } from '../../../src/server/notify/email-channel';
import { createNotifier } from '../../../src/server/notify/notify-create-notifier';
import type { WaitingItem } from '../../../src/server/notify/notifier';
import { slackControlSync } from '../../../src/server/requests/slack-control';
import { part, startSmtpInbox, type ReceivedMail, type SmtpInbox } from './smtp-inbox';

/** A header of a raw message, unfolded, its RFC 2047 encoded words decoded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split('\r\n\r\n')[0]!.replace(/\r\n(?=[ \t])/g, '');
  const value = head
    .split('\r\n')
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();
  return value?.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

let inbox: SmtpInbox;
let port = 0;
let mails: ReceivedMail[] = [];

beforeEach(async () => {
  inbox = await startSmtpInbox();
  ({ port, mails } = inbox);
});
afterEach(() => inbox.close());

const nextMail = () => inbox.waitFor(mails.length + 1);

const item: WaitingItem = {
  id: 'req-42',
  kind: 'request',
  team: 'billing',
  source: 'langgraph',
  title: 'Approve <b>refund</b> & "notify" the customer',
  waitingSince: Date.UTC(2026, 4, 6, 7, 8, 9),
  // What a request may hold beside its title: never in a notification.
  request: {
    id: 'req-42',
    source: 'langgraph',
    kind: 'form_input',
    title: 'Approve',
    form: { fields: [{ name: 'card', type: 'text', default: 'CARD-4111-SECRET' }] },
  },
};

describe('emailChannel', () => {
  it('mails the request through an SMTP transport made from options: subject, link, escaped HTML, no values', async () => {
    const silent = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const channel = emailChannel({
      transport: { host: '127.0.0.1', port, secure: false, ignoreTLS: true },
      from: 'Inbox <inbox@example.com>',
      to: (message) => `${message.team}@example.com`,
    });
    const notifier = createNotifier(
      { channels: [channel], link: (waiting) => `https://app.example.com/inbox#${encodeURIComponent(waiting.id)}` },
      { store: createMemoryProxyStore(), logger: silent },
    );
    const got = nextMail();
    notifier.notice(item);
    await got;
    await notifier.close();

    expect(silent.error).not.toHaveBeenCalled();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.from).toBe('inbox@example.com');
    expect(mail?.to).toEqual(['billing@example.com']);
    expect(header(mail!.raw, 'subject')).toMatch(/Waiting for an answer: Approve <b>refund<\/b> & "notify" the customer/);
    const text = part(mail!, 'text/plain');
    const html = part(mail!, 'text/html');
    expect(text).toContain('Answer it: https://app.example.com/inbox#req-42');
    expect(text).toContain('Approve <b>refund</b> & "notify" the customer');
    expect(text).toContain('Team: billing');
    expect(html).toContain('<a href="https://app.example.com/inbox#req-42">Answer it</a>');
    expect(html).toContain('Approve &lt;b&gt;refund&lt;/b&gt; &amp; &quot;notify&quot; the customer');
    expect(html).not.toContain('<b>refund');
    expect(mail!.raw).not.toContain('CARD-4111-SECRET');
    expect(header(mail!.raw, 'message-id')).toMatch(/^<msg_[\w-]+@hitl-react\.notification>$/);
  });

  it('takes an SMTP URL, and a list of recipients', async () => {
    const channel = emailChannel({
      transport: `smtp://127.0.0.1:${port}`,
      from: 'inbox@example.com',
      to: ['a@example.com', 'b@example.com'],
    });
    const got = nextMail();
    await channel.send(
      {
        webhookId: 'msg_1',
        kind: 'escalation',
        afterMs: 2 * 60 * 60_000,
        requestId: 'req-1',
        title: 'Enter the code',
        team: '',
        source: 'mcp',
        link: undefined,
        waitingSince: 0,
      },
      { item, store: createMemoryProxyStore(), signal: new AbortController().signal, logger: console },
    );
    await got;
    await channel.close?.();
    expect(mails[0]?.to).toEqual(['a@example.com', 'b@example.com']);
    expect(header(mails[0]!.raw, 'subject')).toMatch(/^Still waiting after 2 h: Enter the code \(mcp\)$/);
    expect(part(mails[0]!, 'text/plain')).toContain('Open the inbox to answer it.');
  });

  it('sends through any object with sendMail, and sends nothing without a recipient', async () => {
    const sendMail = vi.fn(() => Promise.resolve());
    const channel = emailChannel({ transport: { sendMail }, from: 'inbox@example.com', to: () => undefined });
    const context = { item, store: createMemoryProxyStore(), signal: new AbortController().signal, logger: console };
    const message = {
      webhookId: 'msg_1',
      kind: 'waiting' as const,
      requestId: 'r',
      title: 't',
      team: 'x',
      source: 's',
      link: undefined,
      waitingSince: 0,
    };
    await channel.send(message, context);
    expect(sendMail).not.toHaveBeenCalled();
    await emailChannel({ transport: { sendMail }, from: 'inbox@example.com', to: 'ops@example.com' }).send(message, context);
    expect(sendMail).toHaveBeenCalledWith(
      expect.objectContaining({ to: ['ops@example.com'], messageId: '<msg_1@hitl-react.notification>' }),
    );
  });

  it("mails a human_control call of the task service as a hand-off: what it needs as text, who holds control as it is sent, the inbox's link only", async () => {
    const silent = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const store = createMemoryProxyStore();
    const channel = emailChannel({ transport: `smtp://127.0.0.1:${port}`, from: 'inbox@example.com', to: 'ops@example.com' });
    const notifier = createNotifier(
      { channels: [channel], link: (waiting) => `https://app.example.com/inbox#${encodeURIComponent(waiting.id)}` },
      { store, logger: silent },
    );
    // Taken before the mail goes: told as the proxy tells every change of holder, with no Slack channel.
    const work: Array<Promise<unknown>> = [];
    slackControlSync([], store, silent, silent.error, (each) => work.push(each))({
      team: 'billing',
      target: { kind: 'call', taskId: 'task-7', toolCallId: 'call-1' },
      holder: { user: 'alice <i>', since: Date.UTC(2026, 4, 6, 10, 41, 59) },
    });
    await Promise.all(work);
    const got = nextMail();
    notifier.notice({
      id: 'task-7/call-1',
      kind: 'tool_call',
      team: 'billing',
      source: 'task-service',
      title: 'human_control',
      waitingSince: Date.UTC(2026, 4, 6, 10, 40),
      toolCall: {
        name: 'human_control',
        parameters: {
          reason: 'A CAPTCHA <b>blocks</b> the checkout',
          instructions: 'Tick the box,\nthen type the code',
          timeoutSeconds: 300,
        },
      },
    });
    await got;
    await notifier.close();

    expect(silent.error).not.toHaveBeenCalled();
    const [mail] = mails;
    expect(header(mail!.raw, 'subject')).toBe('Waiting for an answer: Take control (Team billing · task-service)');
    const text = part(mail!, 'text/plain').replace(/\r\n/g, '\n');
    const html = part(mail!, 'text/html');
    expect(text).toContain('Why: A CAPTCHA <b>blocks</b> the checkout');
    expect(text).toContain('What to do: Tick the box,\nthen type the code');
    expect(text).toContain('alice <i> has control since 10:41 UTC (as this e-mail was sent).');
    expect(text).toContain('Open the live view and take control: https://app.example.com/inbox#task-7%2Fcall-1');
    expect(html).toContain('A CAPTCHA &lt;b&gt;blocks&lt;/b&gt; the checkout');
    expect(html).toContain('Tick the box,<br>then type the code');
    expect(html).toContain('alice &lt;i&gt; has control since 10:41 UTC');
    expect(html).toContain('<a href="https://app.example.com/inbox#task-7%2Fcall-1">Open the live view and take control</a>');
    expect(html).not.toMatch(/<b>|<i>/);
    expect([...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual(['https://app.example.com/inbox#task-7%2Fcall-1']);
  });
});

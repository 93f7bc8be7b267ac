import { importOptionalPeer, retryDelay } from '../../utils';
import type { WaitingItem } from './notifier';
import { escapeHtml } from './notify-message';
import type { NotificationChannel, NotificationMessage } from './notify-options';
import { sleep } from './notify-retry';
import { notificationContextLine, notificationHeadline } from './notify-slack-body';

/** One e-mail as `emailChannel` hands it to the transport (nodemailer's `sendMail` options). */
export interface EmailChannelMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Derived from the `webhook-id`: a repeat after a store fault has the same one, which mail clients may fold. */
  messageId: string;
}

/** What `emailChannel` sends through: a nodemailer transport, or any object with its `sendMail`. */
export interface EmailTransport {
  sendMail(mail: EmailChannelMail): Promise<unknown>;
  close?(): void;
}

/** Options of `emailChannel`. */
export interface EmailChannelOptions {
  /**
   * How the mail leaves: a nodemailer transport (`nodemailer.createTransport(...)`) or any object
   * with `sendMail`; or what `nodemailer.createTransport` takes, an SMTP URL
   * (`smtps://user:pass@smtp.example.com`) or SMTP options, for a transport made (and
   * `nodemailer` imported) at the first notification and closed with the proxy. Required.
   */
  transport: EmailTransport | string | Record<string, unknown>;
  /** The sender, e.g. `"Inbox" <inbox@example.com>`. Required. */
  from: string;
  /**
   * The recipients: an address, a list, or a function of the message (and the item) giving them,
   * e.g. by `message.team`. No recipient: nothing is sent. Required.
   */
  to: string | readonly string[] | ((message: NotificationMessage, item: WaitingItem) => string | readonly string[] | undefined);
  /** Tries in all: a connection error or an SMTP 4xx is tried again, an SMTP 5xx is not. Default: 3. */
  retries?: number;
  /** Upper bound of the first retry's delay, in ms (full jitter, doubling). Default: 1000. */
  retryBaseMs?: number;
  /** Names the channel in log lines. Default: `email`. */
  name?: string;
}

/** Whether nodemailer's error is worth another try: no connection, or a temporary (4xx) SMTP answer. */
function isTransient(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code !== 'number' || (code >= 400 && code < 500);
}

/** The mail's subject, plain text and HTML: the request's title, team, source and link, nothing it was answered with. */
export function emailContent(message: NotificationMessage): Pick<EmailChannelMail, 'subject' | 'text' | 'html'> {
  const headline = notificationHeadline(message);
  const since = new Date(message.waitingSince).toISOString();
  const facts: Array<[string, string]> = [
    ['Team', message.team === '' ? '(none)' : message.team],
    ['Source', message.source],
    ['Waiting since', since],
    ['Request', message.requestId],
  ];
  const text = [
    `${headline}.`,
    '',
    message.title,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    message.link === undefined ? 'Open the inbox to answer it.' : `Answer it: ${message.link}`,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body>',
    `<p>${escapeHtml(headline)}.</p>`,
    `<p><strong>${escapeHtml(message.title)}</strong></p>`,
    `<p>${facts.map(([label, value]) => `${escapeHtml(label)}: ${escapeHtml(value)}`).join('<br>')}</p>`,
    message.link === undefined ? '<p>Open the inbox to answer it.</p>' : `<p><a href="${escapeHtml(message.link)}">Answer it</a></p>`,
    '</body></html>',
  ].join('\n');
  // One line whatever the team's name holds: a line break in a header would start another header.
  const subject = `${headline}: ${message.title} (${notificationContextLine(message)})`.replace(/\s+/g, ' ');
  return { subject, text, html };
}

/**
 * A channel that e-mails each notification through nodemailer: plain text and HTML (the title
 * escaped), a link to the request. `nodemailer` is an optional peer, imported only when a
 * transport has to be made from SMTP options.
 */
export function emailChannel(options: EmailChannelOptions): NotificationChannel {
  if (options?.transport === undefined || options.transport === null) throw new TypeError('emailChannel: transport is required');
  if (typeof options.from !== 'string' || options.from === '') throw new TypeError('emailChannel: from must be an address');
  const given = options.transport;
  const tries = Math.max(1, Math.floor(options.retries ?? 3));
  let made: Promise<EmailTransport> | undefined;
  const transport = (): Promise<EmailTransport> => {
    if (typeof given === 'object' && typeof (given as Partial<EmailTransport>).sendMail === 'function')
      return Promise.resolve(given as EmailTransport);
    made ??= importOptionalPeer('nodemailer', 'emailChannel').then((nodemailer) =>
      (nodemailer as { createTransport(options: unknown): EmailTransport }).createTransport(given),
    );
    // A failed import is tried again at the next notification (the package may be installed since).
    made.catch(() => (made = undefined));
    return made;
  };

  return {
    name: options.name ?? 'email',
    async send(message, { item, signal }) {
      const listed = typeof options.to === 'function' ? options.to(message, item) : options.to;
      const to = (typeof listed === 'string' ? [listed] : [...(listed ?? [])]).filter((address) => address !== '');
      if (to.length === 0) return;
      const mail: EmailChannelMail = {
        from: options.from,
        to,
        ...emailContent(message),
        messageId: `<${message.webhookId}@hitl-react.notification>`,
      };
      const sender = await transport();
      for (let attempt = 0; ; attempt++) {
        try {
          await sender.sendMail(mail);
          return;
        } catch (error) {
          if (signal.aborted || !isTransient(error) || attempt + 1 >= tries) throw error;
          await sleep(retryDelay(attempt, undefined, { baseMs: options.retryBaseMs ?? 1000 }), signal);
        }
      }
    },
    close() {
      // Only a transport this channel made is its to close.
      void made?.then((own) => own.close?.()).catch(() => undefined);
    },
  };
}

import { importOptionalPeer, retryDelay } from '../../utils';
import { readControlHolder } from '../requests/slack-control';
import type { WaitingItem } from './notifier';
import { controlHolderLine, escapeHtml, handOffOf, type HandOffHolder, type HandOffText } from './notify-message';
import type { AnswerLink, NotificationChannel, NotificationChannelActions, NotificationMessage } from './notify-options';
import type { ProxyIdentity } from '../task-proxy-options';
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
  /** Names the channel in log lines, and in its answer links (see `actions`). Default: `email`. */
  name?: string;
  /**
   * Answer from the mail. With it, each recipient gets a mail of their own, and a request one press
   * can answer (an approval of one action: approve or reject it as it allows, decline and cancel
   * where `allows` says) carries a link per decision, signed for that recipient, beside the inbox's
   * link. A link opens a page at `{publicUrl}{basePath}/act/{token}` that says what will happen
   * and answers only when its one button is pressed (mail scanners open every link). Forms,
   * approvals of several actions and links to visit carry the inbox's link only: they need more
   * than one press. Needs `createTaskProxy`'s `publicUrl`. Default: none (one mail to every
   * recipient, with the inbox's link).
   */
  actions?: EmailChannelActions;
}

/** `emailChannel`'s `actions`. */
export interface EmailChannelActions {
  /**
   * The person an address is: `{ team, user }` as the proxy's `identify` names them, or `null`.
   * Asked when a mail is made (an address that is not of the request's team, or not its one user,
   * gets no answer links) and again when a link is used (then nothing is answered unless it still
   * is). Required.
   */
  identify(address: string): ProxyIdentity | null | Promise<ProxyIdentity | null>;
  /** How long a link holds, in ms; never past the request's deadline. Used or expired, it only says what happened. Default: 86400000 (24 h). */
  ttlMs?: number;
}

/** Whether nodemailer's error is worth another try: no connection, or a temporary (4xx) SMTP answer. */
function isTransient(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code !== 'number' || (code >= 400 && code < 500);
}

/** A hand-off as its mail tells it: what the agent needs, and who held control when it was sent (`null`: nobody). */
export interface EmailHandOff extends HandOffText {
  readonly holder: HandOffHolder | null;
}

/**
 * The mail's subject, plain text and HTML: the request's title, team, source and link, the links
 * that answer it (`links`, each labelled with its decision), nothing it was answered with. A
 * hand-off (`handOff`) says why the agent needs a person and what to do there, who holds control
 * when it is sent, and links to the inbox only, where control is taken.
 */
export function emailContent(
  message: NotificationMessage,
  links: readonly AnswerLink[] = [],
  handOff?: EmailHandOff,
): Pick<EmailChannelMail, 'subject' | 'text' | 'html'> {
  if (handOff !== undefined) return handOffContent(message, handOff);
  const headline = notificationHeadline(message);
  const since = new Date(message.waitingSince).toISOString();
  const facts: Array<[string, string]> = [
    ['Team', message.team === '' ? '(none)' : message.team],
    ['Source', message.source],
    ['Waiting since', since],
    ['Request', message.requestId],
  ];
  const answerHere = 'Answer from here (each link asks you to confirm):';
  const inbox = links.length === 0 ? 'Answer it' : 'Open it in the inbox';
  const text = [
    `${headline}.`,
    '',
    message.title,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(links.length === 0 ? [] : [answerHere, ...links.map((link) => `${link.label}: ${link.url}`), '']),
    message.link === undefined ? 'Open the inbox to answer it.' : `${inbox}: ${message.link}`,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body>',
    `<p>${escapeHtml(headline)}.</p>`,
    `<p><strong>${escapeHtml(message.title)}</strong></p>`,
    `<p>${facts.map(([label, value]) => `${escapeHtml(label)}: ${escapeHtml(value)}`).join('<br>')}</p>`,
    ...(links.length === 0
      ? []
      : [
          `<p>${escapeHtml(answerHere)}</p>`,
          `<ul>${links.map((link) => `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></li>`).join('')}</ul>`,
        ]),
    message.link === undefined ? '<p>Open the inbox to answer it.</p>' : `<p><a href="${escapeHtml(message.link)}">${inbox}</a></p>`,
    '</body></html>',
  ].join('\n');
  // One line whatever the team's name holds: a line break in a header would start another header.
  const subject = `${headline}: ${message.title} (${notificationContextLine(message)})`.replace(/\s+/g, ' ');
  return { subject, text, html };
}

/** The mail of a hand-off: no answer links (control is taken in the inbox); a mail cannot change, so who holds control is as of sending. */
function handOffContent(message: NotificationMessage, handOff: EmailHandOff): Pick<EmailChannelMail, 'subject' | 'text' | 'html'> {
  const headline = notificationHeadline(message);
  const asked: Array<[string, string]> = [
    ['Why', handOff.reason],
    ['What to do', handOff.instructions],
  ];
  const said = asked.filter(([, value]) => value !== '');
  const holding = handOff.holder === null ? [] : [`${controlHolderLine(handOff.holder)} (as this e-mail was sent).`];
  const facts: Array<[string, string]> = [
    ['Team', message.team === '' ? '(none)' : message.team],
    ['Source', message.source],
    ['Waiting since', new Date(message.waitingSince).toISOString()],
  ];
  const open = 'Open the live view and take control';
  const text = [
    `${headline}.`,
    '',
    message.title,
    '',
    ...said.flatMap(([label, value]) => [`${label}: ${value}`, '']),
    ...(holding.length === 0 ? [] : [...holding, '']),
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    message.link === undefined ? 'Open the inbox to take control.' : `${open}: ${message.link}`,
    '',
  ].join('\n');
  const paragraph = (value: string) => value.split('\n').map(escapeHtml).join('<br>');
  const html = [
    '<!doctype html><html><body>',
    `<p>${escapeHtml(headline)}.</p>`,
    `<p><strong>${escapeHtml(message.title)}</strong></p>`,
    ...said.map(([label, value]) => `<p>${escapeHtml(label)}:<br>${paragraph(value)}</p>`),
    ...holding.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>${facts.map(([label, value]) => `${escapeHtml(label)}: ${escapeHtml(value)}`).join('<br>')}</p>`,
    message.link === undefined ? '<p>Open the inbox to take control.</p>' : `<p><a href="${escapeHtml(message.link)}">${open}</a></p>`,
    '</body></html>',
  ].join('\n');
  const subject = `${headline}: ${message.title} (${notificationContextLine(message)})`.replace(/\s+/g, ' ');
  return { subject, text, html };
}

/**
 * A channel that e-mails each notification through nodemailer: plain text and HTML (the title
 * escaped), a link to the request, and with `actions` a mail per recipient with links that answer
 * it. `nodemailer` is an optional peer, imported only when a transport has to be made from SMTP
 * options.
 */
export function emailChannel(options: EmailChannelOptions): NotificationChannel {
  if (options?.transport === undefined || options.transport === null) throw new TypeError('emailChannel: transport is required');
  if (typeof options.from !== 'string' || options.from === '') throw new TypeError('emailChannel: from must be an address');
  const given = options.transport;
  const tries = Math.max(1, Math.floor(options.retries ?? 3));
  const actions = checkActions(options.actions);
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
    ...(actions === undefined ? {} : { actions }),
    async send(given, { item, store, signal, answerLinks }) {
      const listed = typeof options.to === 'function' ? options.to(given, item) : options.to;
      const to = (typeof listed === 'string' ? [listed] : [...(listed ?? [])]).filter((address) => address !== '');
      if (to.length === 0) return;
      const asked = handOffOf(item);
      // A service call's title is its tool's name: a hand-off gets the request's heading.
      const message = asked !== undefined && item.kind !== 'request' ? { ...given, title: 'Take control' } : given;
      const handOff = asked === undefined ? undefined : { ...asked, holder: await readControlHolder(store, item.id).catch(() => null) };
      const sender = await transport();
      const deliver = async (mail: EmailChannelMail) => {
        for (let attempt = 0; ; attempt++) {
          try {
            await sender.sendMail(mail);
            return;
          } catch (error) {
            if (signal.aborted || !isTransient(error) || attempt + 1 >= tries) throw error;
            await sleep(retryDelay(attempt, undefined, { baseMs: options.retryBaseMs ?? 1000 }), signal);
          }
        }
      };
      const messageId = `${message.webhookId}@hitl-react.notification`;
      // A hand-off has no link that answers it: control is taken in the inbox.
      if (actions === undefined || handOff !== undefined)
        return deliver({ from: options.from, to, ...emailContent(message, [], handOff), messageId: `<${messageId}>` });
      // A mail per recipient: each carries links only its recipient answers with. One that fails
      // does not keep the others from theirs.
      const failures: unknown[] = [];
      for (const [index, address] of to.entries()) {
        const links = (await answerLinks?.(address).catch(() => undefined)) ?? [];
        const mail = { from: options.from, to: [address], ...emailContent(message, links), messageId: `<${index}.${messageId}>` };
        await deliver(mail).catch((error: unknown) => failures.push(error));
        if (signal.aborted) break;
      }
      if (failures.length > 0) throw failures[0];
    },
    close() {
      // Only a transport this channel made is its to close.
      void made?.then((own) => own.close?.()).catch(() => undefined);
    },
  };
}

function checkActions(actions: EmailChannelActions | undefined): NotificationChannelActions | undefined {
  if (actions === undefined) return undefined;
  if (typeof actions?.identify !== 'function') throw new TypeError('emailChannel: actions.identify must be a function');
  const { ttlMs } = actions;
  if (ttlMs !== undefined && !(typeof ttlMs === 'number' && ttlMs > 0 && Number.isFinite(ttlMs)))
    throw new TypeError('emailChannel: actions.ttlMs must be a number of ms above 0');
  return Object.freeze({ via: 'email' as const, identify: (address: string) => actions.identify(address), ttlMs });
}

import { EN_SOURCE_NAMES, sourceName } from '../../messages';
import { isRecord } from '../../utils';
import { describeError } from '../logger';
import type { ProxyIdentity } from '../task-proxy-options';
import { readControlHolder, showControlHolder } from '../requests/slack-control';
import { rememberSlackMessage, settleSlackMessages } from '../requests/slack-messages';
import type { WaitingItem } from './notifier';
import { handOffOf, plainTitle, type HandOffText } from './notify-message';
import { callSlack, readSlackApiUrl, type SlackChannelSettings, type SlackUser } from './slack-api';
import { slackWaitingMessage } from './slack-blocks';
import { slackHandOffMessage, type SlackHandOffView } from './slack-control-blocks';
import { notificationHeadline } from './notify-slack-body';
import type { NotificationChannel, NotificationMessage, TaskProxyNotifyOptions } from './notify-options';

export type { SlackUser } from './slack-api';

/** Options of `slackChannel`. */
export interface SlackChannelOptions {
  /** The Slack app's bot token (`xoxb-…`), with the scope `chat:write`. Required. */
  token: string;
  /** The Slack app's signing secret (Basic Information → App Credentials): every interaction is checked with it. Required. */
  signingSecret: string;
  /** The conversation the messages go to: a channel's id (`C0123…`), or a name the bot is in. Required. */
  channel: string;
  /**
   * Who a Slack user is: `{ team, user }` as the proxy's `identify` names them, or `null` for nobody.
   * Asked at every press of a button: only a user of the request's team (its one user, when it is
   * for one) answers; anyone else is told so privately, and nothing is answered. Required.
   */
  identify(user: SlackUser): ProxyIdentity | null | Promise<ProxyIdentity | null>;
  /** The Web API's base address. Default: `https://slack.com/api/`. */
  apiUrl?: string;
  /** Names the channel in log lines and its messages in the store: give each `slackChannel` of a proxy its own. Default: `slack`. */
  name?: string;
}

const settings = new WeakMap<object, SlackChannelSettings>();

/** The settings of `channel` when it is a `slackChannel`. */
export const slackSettingsOf = (channel: unknown): SlackChannelSettings | undefined =>
  typeof channel === 'object' && channel !== null ? settings.get(channel) : undefined;

const required = (value: unknown, what: string) => {
  if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`slackChannel: ${what} is required`);
  return value;
};

/**
 * A channel that posts one Slack message (Block Kit) per notification through the Web API's
 * `chat.postMessage`: what the request asks, who asks, its team and how long it waits, never an
 * answer nor an action's arguments. Its buttons answer in Slack: an approval's Approve, Reject (a
 * modal asks a reason), Edit and Respond (modals) where allowed, Decide for several actions in one
 * modal; a form's Answer (a modal of its fields, checked as a page checks them) when Slack has an
 * input for every field and none is secret (else only "Open in inbox"); a page to visit, its
 * address and "I have finished"; Decline and Cancel where allowed. The proxy takes them at
 * `POST {basePath}/slack/interactions` (the Slack app's Request URL) through the same path as a
 * page's answer. When the request ends anywhere, the message is updated once (`chat.update`): no
 * buttons, and how it ended. Needs a store with `keepNote` (the memory and Redis stores have it).
 */
export function slackChannel(options: SlackChannelOptions): NotificationChannel {
  const own: SlackChannelSettings = {
    token: required(options?.token, 'token'),
    signingSecret: required(options.signingSecret, 'signingSecret'),
    channel: required(options.channel, 'channel'),
    apiUrl: readSlackApiUrl(options.apiUrl),
    name: options.name ?? 'slack',
    identify: (user) => options.identify(user),
  };
  if (typeof options.identify !== 'function') throw new TypeError('slackChannel: identify must be a function');
  const channel: NotificationChannel = {
    name: own.name,
    async send(message, { item, store, signal, logger }) {
      const request = item.kind === 'request' ? item.request : undefined;
      const asked = handOffOf(item);
      const handOff = asked === undefined ? undefined : handOffView(message, item, asked);
      // Someone may have taken control before the message went out: it says so from the start.
      const holder = handOff === undefined ? null : await readControlHolder(store, item.id).catch(() => null);
      const { text, blocks } =
        handOff !== undefined
          ? slackHandOffMessage(handOff, holder)
          : slackWaitingMessage({
              id: message.requestId,
              title: message.title,
              team: message.team,
              source: message.source,
              request,
              waitingSince: message.waitingSince,
              headline: notificationHeadline(message),
              link: message.link,
              toolCall: item.toolCall,
            });
      const posted = await callSlack(
        own,
        'chat.postMessage',
        { channel: own.channel, text, blocks, unfurl_links: false, unfurl_media: false },
        signal,
      );
      if (typeof posted.ts !== 'string') return;
      const at = typeof posted.channel === 'string' ? posted.channel : own.channel;
      const ref = { channel: at, ts: posted.ts, title: handOff?.title ?? message.title, handOff };
      await rememberSlackMessage(store, own.name, item.id, ref);
      // Control may have changed hands while it was on its way, before any instance could find it.
      // Posted: a failure now is logged, not thrown (a retry would post it twice).
      if (handOff !== undefined)
        await showControlHolder(own, store, item.id, logger, { ref, holder }).catch((error: unknown) =>
          logger.error(`notifications: ${own.name} could not say who holds control of a hand-off: ${describeError(error)}`),
        );
      if (item.kind !== 'request') return;
      // It may have ended while the message was on its way: then nobody else updates it.
      await settleSlackMessages(own, store, item.id, logger);
    },
  };
  settings.set(channel, own);
  return Object.freeze(channel);
}

/** What the message of a hand-off shows (a service call's title is its tool's name: it gets the request's heading). */
function handOffView(message: NotificationMessage, item: WaitingItem, asked: HandOffText): SlackHandOffView {
  const who = sourceName(message.source, EN_SOURCE_NAMES);
  const request = isRecord(item.request) ? item.request : {};
  return {
    ...asked,
    title: item.kind === 'request' ? message.title : 'Take control',
    team: message.team,
    source: who,
    requestedBy: plainTitle(request.requestedBy, who),
    waitingSince: message.waitingSince,
    headline: notificationHeadline(message),
    link: message.link,
  };
}

/** The `slackChannel`s of `notify` (every rule, every team), each once. */
export function slackChannelsOf(notify: TaskProxyNotifyOptions | undefined): SlackChannelSettings[] {
  const lists: unknown[] = [notify?.channels, ...(notify?.escalate ?? []).map((step) => step?.channels)];
  for (const rules of Object.values(notify?.teams ?? {}))
    lists.push(rules?.channels, ...(rules?.escalate ?? []).map((step) => step?.channels));
  const found = new Set<SlackChannelSettings>();
  for (const channel of lists.flatMap((list) => (Array.isArray(list) ? (list as unknown[]) : []))) {
    const own = slackSettingsOf(channel);
    if (own !== undefined) found.add(own);
  }
  const names = new Set([...found].map((own) => own.name));
  if (names.size !== found.size)
    throw new TypeError('createTaskProxy: two Slack channels have the same name; give each its own (it names its messages in the store)');
  return [...found];
}

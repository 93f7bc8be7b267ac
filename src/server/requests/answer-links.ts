import { describeError, type TaskProxyLogger } from '../logger';
import type { WaitingItem } from '../notify/notifier';
import type { AnswerLink, NotificationChannel, NotificationChannelActions, TaskProxyNotifyOptions } from '../notify/notify-options';
import type { ProxyIdentity, TaskProxyOptions } from '../task-proxy-options';
import { linkChoices, mintAnswerToken, readAnswerToken, type AnswerLinkClaims } from './answer-link-token';
import { readDeadline } from './request-records';

/** Where the links point, below `basePath`: `{basePath}/act/{token}`. */
export const ANSWER_LINK_PATH = '/act/';

/** How long a link holds when its channel's `actions.ttlMs` says nothing: a day. */
const DEFAULT_LINK_TTL_MS = 24 * 60 * 60_000;

/** A channel that sends answer links. */
export type ActionChannel = NotificationChannel & { readonly actions: NotificationChannelActions };

/** A token read back: what it says, the channel that sent it, and the key of its one use. */
export interface ReadAnswerLink {
  readonly claims: AnswerLinkClaims;
  readonly channel: ActionChannel;
  readonly use: string;
}

/** What `createAnswerLinks` needs of the proxy. */
export interface AnswerLinksSettings {
  readonly notify: TaskProxyNotifyOptions | undefined;
  readonly publicUrl: TaskProxyOptions['publicUrl'];
  readonly basePath: string;
  readonly readSecret: () => string | undefined;
  readonly logger: TaskProxyLogger;
  readonly now: () => number;
}

/** `publicUrl` as the links start: an absolute http(s) address without query, fragment or trailing slash; undefined otherwise. */
export function readPublicUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '' || url.username !== '')
    return undefined;
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** Whether `identity` may answer a request of `team` (for `user` alone, when set). */
export const answersFor = (identity: ProxyIdentity | null | undefined, team: string, user: string | undefined): identity is ProxyIdentity =>
  typeof identity?.team === 'string' &&
  typeof identity.user === 'string' &&
  identity.team === team &&
  (user === undefined || identity.user === user);

/** The channels of `notify` (every rule, every team) with `actions`, by name. */
function actionChannels(notify: TaskProxyNotifyOptions | undefined): Map<string, ActionChannel> {
  const lists: unknown[] = [notify?.channels, ...(notify?.escalate ?? []).map((step) => step?.channels)];
  for (const rules of Object.values(notify?.teams ?? {}))
    lists.push(rules?.channels, ...(rules?.escalate ?? []).map((step) => step?.channels));
  const found = new Map<string, ActionChannel>();
  for (const channel of lists.flatMap((list) => (Array.isArray(list) ? (list as unknown[]) : []))) {
    const actions = (channel as Partial<NotificationChannel> | null)?.actions;
    if (actions === undefined) continue;
    const { name } = channel as NotificationChannel;
    if (typeof actions?.identify !== 'function')
      throw new TypeError(`createTaskProxy: the actions of channel ${JSON.stringify(name)} need identify`);
    const known = found.get(name);
    if (known !== undefined && known !== channel)
      throw new TypeError(
        `createTaskProxy: two channels with actions are named ${JSON.stringify(name)}; give each its own name (it names the channel in its links)`,
      );
    found.set(name, channel as ActionChannel);
  }
  return found;
}

/**
 * The answer links of the proxy's channels with `actions`: made for one recipient of one waiting
 * request (`linksFor`, the notifier's `answerLinks`), read back when one is opened (`read`). Needs
 * `publicUrl` as soon as a channel has actions (else a `TypeError` now), and the secret.
 */
export function createAnswerLinks(settings: AnswerLinksSettings) {
  const channels = actionChannels(settings.notify);
  const { publicUrl, logger } = settings;
  if (channels.size > 0 && publicUrl === undefined)
    throw new TypeError(
      "createTaskProxy: a notify channel has actions (links that answer requests), which need publicUrl: the proxy's address as people reach it, e.g. https://app.example.com",
    );
  if (publicUrl !== undefined && typeof publicUrl !== 'function' && readPublicUrl(publicUrl) === undefined)
    throw new TypeError(
      'createTaskProxy: publicUrl must be an absolute http(s) address without query or fragment, e.g. https://app.example.com',
    );
  const warned = new Set<string>();
  const warnOnce = (line: string) => {
    if (warned.has(line)) return;
    warned.add(line);
    logger.warn(line);
  };

  async function linksFor(item: WaitingItem, channel: NotificationChannel, recipient: string): Promise<readonly AnswerLink[]> {
    const choices = item.kind === 'request' ? linkChoices(item.request) : [];
    if (choices.length === 0 || channels.get(channel.name) !== channel || typeof recipient !== 'string' || recipient === '') return [];
    const given = typeof publicUrl === 'function' ? publicUrl() : publicUrl;
    const base = readPublicUrl(given);
    if (base === undefined) {
      warnOnce('notifications: publicUrl gives no absolute http(s) address; messages go without answer links');
      return [];
    }
    const secret = settings.readSecret();
    if (secret === undefined) return [];
    const { actions } = channel as ActionChannel;
    let identity: ProxyIdentity | null;
    try {
      identity = await actions.identify(recipient);
    } catch (error) {
      warnOnce(
        `notifications: the actions.identify of ${channel.name} threw (${describeError(error)}); its messages go without answer links`,
      );
      return [];
    }
    if (!answersFor(identity, item.team, item.user)) return [];
    const now = settings.now();
    const ttlMs = typeof actions.ttlMs === 'number' && actions.ttlMs > 0 ? actions.ttlMs : DEFAULT_LINK_TTL_MS;
    const deadline = readDeadline((item.request as { deadline?: unknown }).deadline);
    const expiresAt = Math.min(now + ttlMs, deadline ?? Number.POSITIVE_INFINITY);
    if (!(expiresAt > now)) return [];
    return choices.map(({ decision, label }) => {
      const token = mintAnswerToken(secret, { via: actions.via, id: item.id, decision, recipient, expiresAt, channel: channel.name });
      return { decision, label, url: `${base}${settings.basePath}${ANSWER_LINK_PATH}${token}` };
    });
  }

  /** The link `token` is, when this proxy made it and one of its channels sent it. */
  function read(token: string): ReadAnswerLink | undefined {
    const secret = settings.readSecret();
    const read = secret === undefined ? undefined : readAnswerToken(secret, token);
    const channel = read === undefined ? undefined : channels.get(read.claims.channel);
    if (read === undefined || channel === undefined || channel.actions.via !== read.claims.via) return undefined;
    return { ...read, channel };
  }

  return { enabled: channels.size > 0, linksFor, read };
}

export type AnswerLinks = ReturnType<typeof createAnswerLinks>;

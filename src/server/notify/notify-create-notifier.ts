import { describeError, type TaskProxyLogger } from '../logger';
import { httpUrl, notificationWebhookId, plainTitle } from './notify-message';
import type { AnswerLink, NotificationChannel, NotificationContext, NotificationMessage, TaskProxyNotifyOptions } from './notify-options';
import type { Notifier, WaitingItem } from './notifier';
import type { ProxyStore } from '../stores/proxy-store';
import { randomId } from '../requests/request-records';
import type { RequestStore } from '../stores/request-store';

/** What `createNotifier` needs of the proxy. */
export interface NotifierDeps {
  /**
   * Shared by every instance: a lease (`acquireLease`) picks the one that sends each notification
   * through each channel, and a mark (`claimOnce`, read with `hasClaim`) says it was sent.
   */
  store: RequestStore & Pick<ProxyStore, 'acquireLease' | 'releaseLease'>;
  logger: TaskProxyLogger;
  /** Default: `Date.now`. */
  now?: () => number;
  /**
   * A secret that is the same on every instance (the API key will do): it keys the `webhook-id`s,
   * so nobody can tell from one which request it names. A function is read until it gives a key,
   * which is then kept (a lazy proxy learns its API key late); while it gives none, nothing is
   * sent, so no instance sends under an id the others would not make. Default: none (the ids are
   * still stable).
   */
  signingKey?: string | (() => string | undefined);
  /**
   * Asked right before an escalation is sent: false when the item no longer waits (another
   * instance took its answer a moment ago). A rejection counts as true. Default: none.
   */
  isWaiting?: (item: WaitingItem) => Promise<boolean>;
  /** Called with every store error (besides the log, which says an outage once). */
  onStoreError?: (error: unknown) => void;
  /** The links that answer `item`, for a channel with `actions` (`NotificationContext.answerLinks`). Default: none. */
  answerLinks?: (item: WaitingItem, channel: NotificationChannel, recipient: string) => Promise<readonly AnswerLink[]>;
}

/** How long the mark of a notification sent holds: longer than anything waits. */
const SENT_TTL_MS = 30 * 24 * 60 * 60_000;
/**
 * How long an instance's lease on sending one notification through one channel holds unless
 * renewed: another instance sends it once the lease lapsed without a mark that it was sent (the
 * sender died mid-way), so this is the longest a notification waits after a crash.
 */
const SEND_LEASE_MS = 10_000;
/** The lease is renewed this often while its channel sends (tries and back-off included). */
const RENEW_LEASE_MS = 3000;
/**
 * An instance that finds another's lease looks for its mark this soon the first time (most sends
 * take milliseconds), then only as the lease lapses: a slow receiver costs no store calls per second.
 */
const FIRST_RECHECK_MS = 1000;
/** An item not noticed (or ended) this long is forgotten by this instance. */
const FORGET_AFTER_MS = 10 * 60_000;
/** Longest wait for the store's claim; past it, the claim counts as failed. */
const STORE_TIMEOUT_MS = 2000;
/** After a store failure, no claim is tried for this long (the items retry at their next notices after it). */
const STORE_QUIET_MS = 1000;
/** A notification the store could not claim for this long is sent without a claim: a repeat (same `webhook-id`) beats silence. */
const SEND_UNCLAIMED_AFTER_MS = 10_000;
/** Most notifications this instance hands to channels at once; the rest wait their turn. */
const MAX_SENDING = 16;
/** Most items this instance remembers; the least recently noticed go first. */
const MAX_ITEMS = 100_000;

interface Rule {
  readonly name: string;
  readonly kind: NotificationMessage['kind'];
  readonly afterMs: number;
  readonly channels: readonly NotificationChannel[];
}

/**
 * Where one channel of one rule of one item stands on this instance: being leased or sent,
 * settled, another instance's to send until `recheckAt`, or failing to be leased since.
 */
type SlotState = 'busy' | 'done' | { readonly recheckAt: number; readonly rechecks: number } | { readonly failingSince: number };

interface Memo {
  noticed: number;
  /** By `<rule>/<channel index>`. */
  readonly slots: Map<string, SlotState>;
}

function rulesOf(channels: unknown, escalate: unknown, where: string): Rule[] {
  const checkChannels = (list: unknown, at: string): readonly NotificationChannel[] => {
    if (list === undefined) return [];
    if (!Array.isArray(list)) throw new TypeError(`createTaskProxy: ${at} must be an array of channels`);
    for (const channel of list as unknown[])
      if (typeof channel !== 'object' || channel === null || typeof (channel as NotificationChannel).send !== 'function')
        throw new TypeError(`createTaskProxy: ${at} holds something that is not a channel (an object with send)`);
    return list as NotificationChannel[];
  };
  const rules: Rule[] = [];
  const first = checkChannels(channels, `${where}.channels`);
  if (first.length > 0) rules.push({ name: 'waiting', kind: 'waiting', afterMs: 0, channels: first });
  if (escalate !== undefined && !Array.isArray(escalate)) throw new TypeError(`createTaskProxy: ${where}.escalate must be an array`);
  ((escalate ?? []) as Array<{ afterMs?: unknown; channels?: unknown }>).forEach((step, index) => {
    const afterMs = step?.afterMs;
    if (typeof afterMs !== 'number' || !Number.isFinite(afterMs) || afterMs < 0)
      throw new TypeError(`createTaskProxy: ${where}.escalate[${index}].afterMs must be a number of ms, 0 or more`);
    const list = checkChannels(step.channels, `${where}.escalate[${index}].channels`);
    if (list.length > 0) rules.push({ name: `escalation-${index}`, kind: 'escalation', afterMs, channels: list });
  });
  return rules;
}

/**
 * The proxy's notifications (`createTaskProxy({ notify })`). Each instance is told of every waiting
 * item again and again. For each rule and channel, the instance that takes the store's lease sends
 * (renewing the lease while the channel tries), then marks it sent; the others look again once the
 * lease lapsed, and send it themselves (the same `webhook-id`) only when no mark says it was sent:
 * an instance killed mid-way loses no notification. A memo of this instance keeps the store out of
 * the notices that follow, so a thousand waiting items cost no store call per second once settled.
 * Escalations start only from a notice: an item nobody notices any more (answered, gone) is never
 * escalated.
 */
export function createNotifier(options: TaskProxyNotifyOptions, deps: NotifierDeps): Notifier {
  if (typeof options?.link !== 'function') throw new TypeError('createTaskProxy: notify.link must be a function');
  const { store, logger, isWaiting } = deps;
  const now = deps.now ?? Date.now;
  const owner = randomId();
  let signingKey = typeof deps.signingKey === 'function' ? undefined : (deps.signingKey ?? '');
  const readSigningKey = (): string | undefined => {
    if (signingKey !== undefined || typeof deps.signingKey !== 'function') return signingKey;
    try {
      signingKey = deps.signingKey();
    } catch (error) {
      warnOnce('signing-key-threw', `notifications: reading the API key failed (${describeError(error)})`);
    }
    return signingKey;
  };
  const defaults = rulesOf(options.channels, options.escalate, 'notify');
  const teams = new Map<string, Rule[]>();
  for (const [team, rules] of Object.entries(options.teams ?? {}))
    teams.set(team, rulesOf(rules?.channels, rules?.escalate, `notify.teams[${JSON.stringify(team)}]`));
  const channels = new Set([...defaults, ...[...teams.values()].flat()].flatMap((rule) => rule.channels));

  const memos = new Map<string, Memo>();
  const ended = new Map<string, number>();
  const controller = new AbortController();
  const inFlight = new Set<Promise<void>>();
  const queue: Array<() => void> = [];
  let sending = 0;
  let closed = false;
  let storeQuietUntil = Number.NEGATIVE_INFINITY;
  let storeFailing = false;
  let sweptAt = now();
  const failingChannels = new Map<NotificationChannel, number>();
  const warned = new Set<string>();

  const warnOnce = (key: string, line: string) => {
    if (warned.has(key)) return;
    warned.add(key);
    logger.warn(line);
  };
  const describeItem = (id: string) => JSON.stringify(id.length > 120 ? `${id.slice(0, 120)}…` : id);

  function storeFailed(error: unknown) {
    storeQuietUntil = now() + STORE_QUIET_MS;
    deps.onStoreError?.(error);
    if (storeFailing) return;
    storeFailing = true;
    logger.error(
      `notifications: the proxy store failed (${describeError(error)}); they are retried, and sent unclaimed after ${SEND_UNCLAIMED_AFTER_MS / 1000} s, so one may come twice (with the same webhook-id)`,
    );
  }
  function storeWorks() {
    if (!storeFailing) return;
    storeFailing = false;
    logger.info('notifications: the proxy store works again');
  }

  /** A store call that fails once the store has not answered within `STORE_TIMEOUT_MS`. */
  function bounded<T>(method: string, call: () => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer to ${method} within ${STORE_TIMEOUT_MS} ms`)), STORE_TIMEOUT_MS);
      (timer as { unref?: () => void }).unref?.();
    });
    return Promise.race([call(), late]).finally(() => clearTimeout(timer));
  }
  const lease = (mark: string) => bounded('acquireLease', () => store.acquireLease(`notify:${mark}`, owner, SEND_LEASE_MS));
  const wasSent = (mark: string) => bounded('hasClaim', () => store.hasClaim(`notified:${mark}`));
  const release = (mark: string) => void store.releaseLease(`notify:${mark}`, owner, 0).catch(() => undefined);

  function linkOf(item: WaitingItem): string | undefined {
    let given: unknown;
    try {
      given = options.link(item);
    } catch (error) {
      warnOnce('link-threw', `notifications: notify.link threw (${describeError(error)}); messages go without a link`);
      return undefined;
    }
    const link = httpUrl(given);
    if (link === undefined)
      warnOnce('link-not-http', 'notifications: notify.link gave no absolute http(s) address; messages go without a link');
    return link;
  }

  function messageOf(item: WaitingItem, rule: Rule, webhookId: string): NotificationMessage {
    // Field by field: whatever else the item carries (the request itself) stays out of the message.
    return {
      webhookId,
      kind: rule.kind,
      requestId: String(item.id),
      title: plainTitle(item.title),
      team: String(item.team),
      user: typeof item.user === 'string' ? item.user : undefined,
      source: plainTitle(item.source, 'unknown'),
      link: linkOf(item),
      waitingSince: item.waitingSince,
      afterMs: rule.kind === 'escalation' ? rule.afterMs : undefined,
    };
  }

  function channelFailed(channel: NotificationChannel, item: WaitingItem, rule: Rule, error: unknown) {
    const count = (failingChannels.get(channel) ?? 0) + 1;
    failingChannels.set(channel, count);
    // The first failure of a run of them, then every hundredth: a dead receiver is not a line per request.
    if (count === 1 || count % 100 === 0)
      logger.error(
        `notifications: ${channel.name} could not send the ${rule.kind} notification of ${describeItem(item.id)}: ${describeError(error)}` +
          (count > 1 ? ` (${count} failures in a row)` : ''),
      );
  }
  function channelWorks(channel: NotificationChannel) {
    if (!failingChannels.delete(channel)) return;
    logger.info(`notifications: ${channel.name} works again`);
  }

  function limited(run: () => Promise<void>): Promise<void> {
    return new Promise<void>((resolve) => {
      const start = () => {
        sending += 1;
        run()
          .catch(() => undefined)
          .finally(() => {
            sending -= 1;
            queue.shift()?.();
            resolve();
          });
      };
      if (sending < MAX_SENDING) start();
      else queue.push(start);
    });
  }

  /**
   * Hands the message to `channel`, then marks it sent (also when the channel gave up after its
   * tries: it is not tried again). A send cut by `close` is not marked: another instance sends it.
   */
  async function send(item: WaitingItem, rule: Rule, channel: NotificationChannel, webhookId: string, mark: string): Promise<void> {
    const message = messageOf(item, rule, webhookId);
    const { answerLinks } = deps;
    const links =
      channel.actions === undefined || answerLinks === undefined ? {} : { answerLinks: (to: string) => answerLinks(item, channel, to) };
    const context: NotificationContext = { item, store, signal: controller.signal, logger, ...links };
    let handed = false;
    await limited(async () => {
      if (controller.signal.aborted) return;
      try {
        await channel.send(message, context);
        channelWorks(channel);
        handed = true;
      } catch (error) {
        if (controller.signal.aborted) return;
        channelFailed(channel, item, rule, error);
        handed = true;
      }
    });
    if (handed) await bounded('claimOnce', () => store.claimOnce(`notified:${mark}`, SENT_TTL_MS)).catch(storeFailed);
  }

  async function due(item: WaitingItem, memo: Memo, rule: Rule, index: number, previous: SlotState | undefined): Promise<void> {
    const slot = `${rule.name}/${index}`;
    memo.slots.set(slot, 'busy');
    const key = readSigningKey();
    if (key === undefined) {
      memo.slots.delete(slot);
      warnOnce('no-signing-key', "notifications: the proxy's secret (or apiKey) is not set yet; notifications wait for it");
      return;
    }
    const channel = rule.channels[index] as NotificationChannel;
    // A request's id may be a source's key opened again after its last question ended: the time it
    // was opened tells the two apart, so a receiver never drops the new one as a repeat.
    const webhookId = notificationWebhookId(item.kind === 'request' ? `${item.id}@${item.waitingSince}` : item.id, rule.name, key);
    const mark = `${webhookId}/${index}`;
    let leased = false;
    try {
      if (now() < storeQuietUntil) throw new Error('the store failed a moment ago');
      const held = await lease(mark);
      leased = held === true;
      // The lease first, then the mark: a sender marks before it lets its lease go (or it lapses),
      // so a lease taken after that finds the mark.
      const sent = await wasSent(mark);
      storeWorks();
      if (sent || !leased) {
        const rechecks = typeof previous === 'object' && 'rechecks' in previous ? previous.rechecks + 1 : 0;
        const lapse = typeof held === 'number' ? held : SEND_LEASE_MS;
        memo.slots.set(slot, sent ? 'done' : { recheckAt: now() + (rechecks === 0 ? Math.min(lapse, FIRST_RECHECK_MS) : lapse), rechecks });
        if (leased) release(mark);
        return;
      }
    } catch (error) {
      if (now() >= storeQuietUntil) storeFailed(error);
      const failingSince = typeof previous === 'object' && 'failingSince' in previous ? previous.failingSince : now();
      if (now() - failingSince < SEND_UNCLAIMED_AFTER_MS) {
        memo.slots.set(slot, { failingSince });
        return;
      }
    }
    memo.slots.set(slot, 'done');
    const renewal = leased ? setInterval(() => void lease(mark).catch(() => undefined), RENEW_LEASE_MS) : undefined;
    (renewal as { unref?: () => void } | undefined)?.unref?.();
    try {
      if (closed || ended.has(item.id)) return;
      if (rule.kind === 'escalation' && isWaiting !== undefined && !(await isWaiting(item).catch(() => true))) return;
      if (closed || ended.has(item.id)) return;
      await send(item, rule, channel, webhookId, mark);
    } finally {
      clearInterval(renewal);
      // Let go at once, so that another instance does not wait for the lease to lapse to find the mark (or, after a close, to send).
      if (leased) release(mark);
    }
  }

  function track(work: Promise<void>) {
    const settled = work.catch((error: unknown) => logger.error(`notifications: ${describeError(error)}`));
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
  }

  function sweep(at: number) {
    if (at - sweptAt < 60_000 && memos.size <= MAX_ITEMS && ended.size <= MAX_ITEMS) return;
    sweptAt = at;
    for (const [id, memo] of memos) if (at - memo.noticed >= FORGET_AFTER_MS) memos.delete(id);
    for (const [id, since] of ended) if (at - since >= FORGET_AFTER_MS) ended.delete(id);
    // Most recently noticed last (re-inserted at each notice), so the stalest go first.
    for (const map of [memos, ended] as Array<Map<string, unknown>>)
      while (map.size > MAX_ITEMS) map.delete(map.keys().next().value as string);
  }

  return {
    notice(item) {
      try {
        if (closed || ended.has(item.id)) return;
        const at = now();
        let memo = memos.get(item.id);
        if (memo === undefined) memo = { noticed: at, slots: new Map() };
        else memos.delete(item.id);
        memo.noticed = at;
        memos.set(item.id, memo);
        const rules = teams.get(item.team) ?? defaults;
        for (const rule of rules) {
          // A first notification waits for nothing, not even a clock of another instance a little ahead.
          if (rule.afterMs > 0 && at - item.waitingSince < rule.afterMs) continue;
          for (let index = 0; index < rule.channels.length; index++) {
            const state = memo.slots.get(`${rule.name}/${index}`);
            if (state === 'busy' || state === 'done' || (typeof state === 'object' && 'recheckAt' in state && at < state.recheckAt))
              continue;
            track(due(item, memo, rule, index, state));
          }
        }
        sweep(at);
      } catch (error) {
        logger.error(`notifications: ${describeError(error)}`);
      }
    },

    ended(id) {
      if (closed) return;
      memos.delete(id);
      ended.delete(id);
      ended.set(id, now());
    },

    async close() {
      if (closed) return;
      closed = true;
      controller.abort();
      for (const start of queue.splice(0)) start();
      await Promise.allSettled([...inFlight]);
      await Promise.allSettled([...channels].map(async (channel) => channel.close?.()));
    },
  };
}

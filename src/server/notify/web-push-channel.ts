import { importOptionalPeer, isRecord } from '../../utils';
import { httpUrl } from './notify-message';
import type { NotificationChannel, NotificationMessage } from './notify-options';
import { deadlineSignal } from './notify-retry';
import { notificationContextLine, notificationHeadline } from './notify-slack-body';
import type { StoredPushSubscription } from '../stores/request-store';

/** Options of `webPushChannel`. */
export interface WebPushChannelOptions {
  /**
   * The application server's VAPID identity: `subject` a `mailto:` or `https:` address the push
   * services may contact, and the key pair (`webPush.generateVAPIDKeys()`, URL-safe base64); the
   * pages subscribe with its `publicKey`. Keep `privateKey` secret. Required.
   */
  vapidDetails: { subject: string; publicKey: string; privateKey: string };
  /** How long a push service keeps a notification for a device that is offline, in seconds. Default: 86400 (a day). */
  ttlSeconds?: number;
  /** The push's `Urgency`: a device saving its battery may hold back all but `high`. Default: `high`. */
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
  /** Ms to wait for a push service's answer. Default: 10000. */
  timeoutMs?: number;
  /** The `fetch` used to reach the push services. Default: `globalThis.fetch`, looked up at call time. */
  fetch?: (request: Request) => Promise<Response>;
  /** Names the channel in log lines. Default: `web push`. */
  name?: string;
}

/** What a page's service worker receives (see `handlePushEvents` of `hitl-react/service-worker`). */
export interface WebPushPayload {
  readonly title: string;
  readonly body: string;
  /** The request's `link`; absent when there is none. */
  readonly url?: string | undefined;
  /** The request's id: a later notification of it replaces the earlier on the device. */
  readonly tag: string;
}

/** Pushes sent to one push service at once. */
const CONCURRENCY = 8;

interface WebPushModule {
  generateRequestDetails(
    subscription: unknown,
    payload: string,
    options: Record<string, unknown>,
  ): { endpoint: string; method: string; headers: Record<string, string | number>; body: Uint8Array | null };
}

/**
 * The push's `Topic` (RFC 8030): the `webhook-id` without its `msg_`, at most 32 URL-safe base64
 * characters. A push service replaces a push it still holds for a device with a later one of the
 * same topic, so a repeat after a fault (the same `webhook-id`) is not shown twice.
 */
function pushTopic(webhookId: string): string | undefined {
  const topic = webhookId.replace(/^msg_/, '');
  return /^[\w-]{1,32}$/.test(topic) ? topic : undefined;
}

/** The push's content: the title, why it comes, and the link; nothing the request was answered with. */
export function webPushPayload(message: NotificationMessage): WebPushPayload {
  return {
    title: message.title,
    body: `${notificationHeadline(message)} · ${notificationContextLine(message)}`,
    url: message.link,
    tag: message.requestId,
  };
}

/** The subscription a page handed in, when it still reads as one. */
function readSubscription(stored: StoredPushSubscription): { endpoint: string; keys: { p256dh: string; auth: string } } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored.subscription);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || !isRecord(parsed.keys) || httpUrl(parsed.endpoint) === undefined) return undefined;
  const { p256dh, auth } = parsed.keys;
  if (typeof p256dh !== 'string' || typeof auth !== 'string') return undefined;
  return { endpoint: parsed.endpoint as string, keys: { p256dh, auth } };
}

/**
 * A channel that pushes each notification to the devices of the item's team (of its user, when it
 * is for one) through the Web Push protocol: the subscriptions pages handed to
 * `POST {basePath}/push/subscriptions`, the payload encrypted for each, signed with VAPID. A
 * subscription the push service says is gone (404, 410) is removed from the store. `web-push` is an
 * optional peer, imported at the first push.
 */
export function webPushChannel(options: WebPushChannelOptions): NotificationChannel {
  const vapid = options?.vapidDetails;
  if (!isRecord(vapid) || typeof vapid.publicKey !== 'string' || typeof vapid.privateKey !== 'string')
    throw new TypeError('webPushChannel: vapidDetails needs publicKey and privateKey');
  if (typeof vapid.subject !== 'string' || !/^(mailto:|https:\/\/)/.test(vapid.subject))
    throw new TypeError('webPushChannel: vapidDetails.subject must be a mailto: or https: address');
  const requestOptions = {
    vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    TTL: options.ttlSeconds ?? 86_400,
    urgency: options.urgency ?? 'high',
  };
  const timeoutMs = options.timeoutMs ?? 10_000;
  let loaded: Promise<WebPushModule> | undefined;
  const webPush = () => {
    loaded ??= importOptionalPeer('web-push', 'webPushChannel') as Promise<WebPushModule>;
    loaded.catch(() => (loaded = undefined));
    return loaded;
  };

  return {
    name: options.name ?? 'web push',
    async send(message, { store, signal }) {
      const subscriptions = await store.listPushSubscriptions(message.team, message.user);
      if (subscriptions.length === 0) return;
      const library = await webPush();
      const payload = JSON.stringify(webPushPayload(message));
      const failures: string[] = [];

      const push = async (stored: StoredPushSubscription) => {
        const subscription = readSubscription(stored);
        if (subscription === undefined) {
          await store.removePushSubscription(stored.endpoint);
          return;
        }
        let details: ReturnType<WebPushModule['generateRequestDetails']>;
        try {
          details = library.generateRequestDetails(subscription, payload, { ...requestOptions, topic: pushTopic(message.webhookId) });
        } catch (error) {
          // Keys that cannot be encrypted for never will be: the subscription is of no use.
          await store.removePushSubscription(stored.endpoint);
          failures.push(error instanceof Error ? error.message : String(error));
          return;
        }
        const headers = new Headers();
        // Content-Length is the body's own; fetch sets it.
        for (const [name, value] of Object.entries(details.headers))
          if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
        const deadline = deadlineSignal(signal, timeoutMs);
        try {
          const request = new Request(details.endpoint, {
            method: details.method,
            headers,
            body: details.body as BodyInit | null,
            redirect: 'manual',
            signal: deadline.signal,
          });
          const response = await (options.fetch ?? globalThis.fetch)(request);
          await response.body?.cancel().catch(() => undefined);
          if (response.status === 404 || response.status === 410) await store.removePushSubscription(stored.endpoint);
          else if (response.status < 200 || response.status >= 300)
            failures.push(`${new URL(details.endpoint).host} answered ${response.status}`);
        } catch (error) {
          if (signal.aborted) throw error;
          failures.push(
            `${new URL(details.endpoint).host} could not be reached (${error instanceof Error ? error.message : String(error)})`,
          );
        } finally {
          deadline.clear();
        }
      };

      const queue = [...subscriptions];
      await Promise.all(
        Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
          for (let next = queue.shift(); next !== undefined; next = queue.shift()) await push(next);
        }),
      );
      if (failures.length > 0) throw new Error(`${failures.length} of ${subscriptions.length} pushes failed: ${failures[0]}`);
    },
  };
}

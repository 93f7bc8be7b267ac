import { cutText, isRecord } from '../utils';

/** The part of a service worker's global scope (`self`) `handlePushEvents` uses. */
export interface PushServiceWorkerScope {
  addEventListener(type: string, listener: (event: Event) => void): void;
  readonly location: { readonly origin: string };
  readonly registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  readonly clients: {
    matchAll(options?: { type?: 'window'; includeUncontrolled?: boolean }): Promise<ReadonlyArray<unknown>>;
    openWindow(url: string): Promise<unknown>;
  };
}

/** Options of `handlePushEvents`. */
export interface HandlePushEventsOptions {
  /** The notification's icon, an address of your site. Default: none (the browser's). */
  icon?: string;
  /** The small monochrome badge some systems show. Default: none. */
  badge?: string;
  /** Opened by a click on a notification that carries no address. Default: the site's root. */
  fallbackUrl?: string;
  /** The title of a push whose payload has none (or cannot be read). Default: `"A request waits for an answer"`. */
  fallbackTitle?: string;
}

interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  readonly data: { json(): unknown } | null;
}
interface NotificationClickEventLike extends ExtendableEventLike {
  readonly notification: { readonly data?: unknown; close(): void };
}

/** Pushed text as one line: controls and direction overrides out, cut to `max`. */
const plain = (value: unknown, max: number) =>
  typeof value === 'string'
    ? cutText(
        value
          .replace(/[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]+/gu, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
        max,
      )
    : '';

/** `value` resolved against the site when it is one of its addresses or any http(s) address; undefined otherwise (`javascript:`, `data:`...). */
function safeUrl(value: unknown, origin: string): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    const url = new URL(value, origin);
    return url.origin === origin || url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Shows the proxy's web pushes (`webPushChannel` of `hitl-react/server`) in a service worker, and
 * opens the request when one is clicked: call it once at the top of your service worker,
 * `handlePushEvents(self)`. The pushed title and body are shown as text; a click focuses a tab
 * already at the request's address, or opens one (only the site's own or http(s) addresses).
 */
export function handlePushEvents(self: PushServiceWorkerScope, options: HandlePushEventsOptions = {}): void {
  const { origin } = self.location;

  self.addEventListener('push', (event) => {
    const push = event as unknown as PushEventLike;
    let payload: unknown;
    try {
      payload = push.data?.json();
    } catch {
      payload = undefined;
    }
    const data = isRecord(payload) ? payload : {};
    const title = plain(data.title, 200) || (options.fallbackTitle ?? 'A request waits for an answer');
    const tag = plain(data.tag, 200);
    push.waitUntil(
      self.registration.showNotification(title, {
        body: plain(data.body, 500),
        data: { url: safeUrl(data.url, origin) },
        ...(tag === '' ? {} : { tag }),
        ...(options.icon === undefined ? {} : { icon: options.icon }),
        ...(options.badge === undefined ? {} : { badge: options.badge }),
      }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    const click = event as unknown as NotificationClickEventLike;
    click.notification.close();
    const data = click.notification.data;
    const url = (isRecord(data) ? safeUrl(data.url, origin) : undefined) ?? safeUrl(options.fallbackUrl ?? '/', origin) ?? `${origin}/`;
    click.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        for (const client of windows) {
          const open = client as { url?: unknown; focus?: () => Promise<unknown> };
          if (open.url === url && typeof open.focus === 'function') return open.focus();
        }
        return self.clients.openWindow(url);
      })(),
    );
  });
}

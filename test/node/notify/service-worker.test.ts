/**
 * `hitl-react/service-worker`: a push shows the proxy's notification as text, a click opens (or
 * focuses) the request, only at the site's or an http(s) address; and a page's subscription
 * reaches the proxy's `POST {basePath}/push/subscriptions`, which keeps it.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createMemoryProxyStore, PUSH_SUBSCRIPTIONS_PATH } from '../../../src/server';
import { handlePushSubscriptions } from '../../../src/server/notify/notify-push-subscriptions';
import { handlePushEvents, subscribeToPush, unsubscribeFromPush, type PushServiceWorkerScope } from '../../../src/service-worker';

const ORIGIN = 'https://app.example.com';

function serviceWorker(openUrls: string[] = []) {
  const listeners = new Map<string, (event: Event) => void>();
  const shown: Array<{ title: string; options: NotificationOptions | undefined }> = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const scope: PushServiceWorkerScope = {
    addEventListener: (type, listener) => void listeners.set(type, listener),
    location: { origin: ORIGIN },
    registration: {
      showNotification: (title, options) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: {
      matchAll: () => Promise.resolve(openUrls.map((url) => ({ url, focus: () => Promise.resolve(void focused.push(url)) }))),
      openWindow: (url) => Promise.resolve(void opened.push(url)),
    },
  };
  /** Dispatches an event as the browser would, and waits for what it asked the browser to wait for. */
  const dispatch = async (type: string, fields: Record<string, unknown>) => {
    const waits: Array<Promise<unknown>> = [];
    listeners.get(type)?.({ ...fields, waitUntil: (promise: Promise<unknown>) => void waits.push(promise) } as unknown as Event);
    await Promise.all(waits);
  };
  return { scope, shown, opened, focused, dispatch };
}

const pushOf = (payload: unknown) => ({ data: { json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) as unknown } });
const clickOf = (data: unknown) => ({ notification: { data, close: vi.fn() } });

describe('handlePushEvents', () => {
  it('shows a push as a notification: title, body and tag as one line of text each, the address for the click', async () => {
    const worker = serviceWorker();
    handlePushEvents(worker.scope, { icon: '/icon.png' });
    await worker.dispatch(
      'push',
      pushOf({ title: 'Pay\u202e now\nplease', body: 'Waiting · Team ops', url: `${ORIGIN}/inbox#req-1`, tag: 'req-1' }),
    );
    expect(worker.shown).toEqual([
      {
        title: 'Pay now please',
        options: { body: 'Waiting · Team ops', data: { url: `${ORIGIN}/inbox#req-1` }, tag: 'req-1', icon: '/icon.png' },
      },
    ]);
  });

  it('drops an address that is not the site’s or http(s), and shows a push it cannot read with the fallback title', async () => {
    const worker = serviceWorker();
    handlePushEvents(worker.scope);
    await worker.dispatch('push', pushOf({ title: 'Hi', url: 'javascript:alert(1)' }));
    await worker.dispatch('push', pushOf('"not an object"'));
    await worker.dispatch('push', { data: { json: () => JSON.parse('{oops') as unknown } });
    expect(worker.shown.map((shown) => [shown.title, (shown.options?.data as { url?: string }).url])).toEqual([
      ['Hi', undefined],
      ['A request waits for an answer', undefined],
      ['A request waits for an answer', undefined],
    ]);
  });

  it('focuses a tab already at the request, or opens one; a click without a safe address opens the site', async () => {
    const worker = serviceWorker([`${ORIGIN}/inbox#req-1`]);
    handlePushEvents(worker.scope);
    const click = clickOf({ url: `${ORIGIN}/inbox#req-1` });
    await worker.dispatch('notificationclick', click);
    expect(click.notification.close).toHaveBeenCalled();
    expect(worker.focused).toEqual([`${ORIGIN}/inbox#req-1`]);

    await worker.dispatch('notificationclick', clickOf({ url: `${ORIGIN}/inbox#req-2` }));
    await worker.dispatch('notificationclick', clickOf({ url: 'javascript:alert(1)' }));
    await worker.dispatch('notificationclick', clickOf(undefined));
    expect(worker.opened).toEqual([`${ORIGIN}/inbox#req-2`, `${ORIGIN}/`, `${ORIGIN}/`]);
  });
});

describe('subscribeToPush and unsubscribeFromPush', () => {
  const vapidPublicKey = (() => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return ecdh.getPublicKey().toString('base64url');
  })();

  function browser(existing?: { key: Uint8Array }) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const json = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    };
    const make = (key: Uint8Array) => ({
      endpoint: json.endpoint,
      options: { applicationServerKey: key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength) },
      toJSON: () => json,
      unsubscribe: vi.fn(() => Promise.resolve(true)),
    });
    let current = existing === undefined ? null : make(existing.key);
    const old = current;
    const subscribe = vi.fn((options: { applicationServerKey: Uint8Array }) =>
      Promise.resolve((current = make(options.applicationServerKey))),
    );
    const registration = {
      pushManager: { getSubscription: () => Promise.resolve(current), subscribe },
    } as unknown as ServiceWorkerRegistration;
    return { registration, subscribe, old, json };
  }

  it('subscribes with the VAPID key and hands the subscription to the proxy, which keeps it for the user', async () => {
    const store = createMemoryProxyStore();
    const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
    const proxyFetch = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return handlePushSubscriptions(new Request(`${ORIGIN}${url}`, init), { user: 'alice', team: 'ops' }, store, {
        maxBodyBytes: 1 << 20,
      });
    }) as typeof fetch;
    const { registration, subscribe, json } = browser();

    await subscribeToPush({ basePath: '/api/hitl/', vapidPublicKey, registration, fetch: proxyFetch });

    expect(Buffer.from(subscribe.mock.calls[0]![0].applicationServerKey).toString('base64url')).toBe(vapidPublicKey);
    expect(subscribe.mock.calls[0]![0]).toMatchObject({ userVisibleOnly: true });
    expect(calls[0]?.url).toBe(`/api/hitl${PUSH_SUBSCRIPTIONS_PATH}`);
    expect(calls[0]?.init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    const kept = await store.listPushSubscriptions('ops', 'alice');
    expect(kept.map((subscription) => JSON.parse(subscription.subscription) as unknown)).toEqual([json]);

    expect(await unsubscribeFromPush({ basePath: '/api/hitl', registration, fetch: proxyFetch })).toBe(true);
    expect(calls[1]?.init).toMatchObject({ method: 'DELETE' });
    expect(await store.listPushSubscriptions('ops', 'alice')).toEqual([]);
  });

  it('replaces a subscription made for another key, and throws when the proxy refuses', async () => {
    const { registration, old, subscribe } = browser({ key: new Uint8Array(65).fill(4) });
    const refusing = (() => Promise.resolve(new Response(null, { status: 403 }))) as typeof fetch;
    await expect(subscribeToPush({ basePath: '', vapidPublicKey, registration, fetch: refusing })).rejects.toThrow(
      /refused the push subscription \(403\)/,
    );
    expect(old?.unsubscribe).toHaveBeenCalled();
    expect(subscribe).toHaveBeenCalledTimes(1);
  });
});

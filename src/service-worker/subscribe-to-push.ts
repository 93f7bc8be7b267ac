/** Where the proxy takes subscriptions below its `basePath` (the server's `PUSH_SUBSCRIPTIONS_PATH`). */
const SUBSCRIPTIONS_PATH = '/push/subscriptions';

/** Options of `subscribeToPush` and `unsubscribeFromPush`. */
export interface PushSubscribeOptions {
  /** Where the proxy is mounted, e.g. `/api/hitl` (the client's `baseUrl`). Required. */
  basePath: string;
  /** The registration of your service worker. Default: `navigator.serviceWorker.ready`. */
  registration?: ServiceWorkerRegistration;
  /** The `fetch` used. Default: `globalThis.fetch`. */
  fetch?: typeof fetch;
}

/** Options of `subscribeToPush`. */
export interface SubscribeToPushOptions extends PushSubscribeOptions {
  /** The VAPID public key of the proxy's `webPushChannel`, URL-safe base64. Required. */
  vapidPublicKey: string;
}

const endpointOf = (basePath: string) => `${basePath.replace(/\/+$/, '')}${SUBSCRIPTIONS_PATH}`;

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (char) => char.charCodeAt(0));
}

const sameKey = (key: ArrayBuffer | null | undefined, wanted: Uint8Array) =>
  key != null && key.byteLength === wanted.length && new Uint8Array(key).every((byte, index) => byte === wanted[index]);

async function send(options: PushSubscribeOptions, method: 'POST' | 'DELETE', body: unknown): Promise<void> {
  const response = await (options.fetch ?? globalThis.fetch)(endpointOf(options.basePath), {
    method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`The proxy refused the push subscription (${response.status})`);
}

/**
 * Subscribes this browser to the proxy's web pushes (the browser asks the person's permission if
 * it was not given) and hands the subscription to the proxy for the signed-in user, who then gets
 * the notifications of their team. Call it from a click ("Notify me"), not at page load: browsers
 * ignore a permission request nobody asked for. Resolves with the subscription.
 */
export async function subscribeToPush(options: SubscribeToPushOptions): Promise<PushSubscription> {
  const registration = options.registration ?? (await navigator.serviceWorker.ready);
  const key = keyBytes(options.vapidPublicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another key (the proxy's keys were changed) can never be pushed to.
  if (subscription !== null && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await send(options, 'POST', subscription.toJSON());
  return subscription;
}

/** Stops this browser's web pushes: the proxy forgets its subscription, and the browser drops it. False when there was none. */
export async function unsubscribeFromPush(options: PushSubscribeOptions): Promise<boolean> {
  const registration = options.registration ?? (await navigator.serviceWorker.ready);
  const subscription = await registration.pushManager.getSubscription();
  if (subscription === null) return false;
  await send(options, 'DELETE', { endpoint: subscription.endpoint });
  return subscription.unsubscribe();
}

import { errorEnvelope, readLimited } from '../../client';
import { isRecord } from '../../utils';
import { readStrictJson, refuseNonJson } from '../forward/strict-json';
import { fromBase64 } from './notify-message';
import type { RequestStore } from '../stores/request-store';

/** Path of the push subscriptions below the proxy's `basePath` (`subscribeToPush` of `hitl-react/service-worker` posts there). */
export const PUSH_SUBSCRIPTIONS_PATH = '/push/subscriptions';

/** How long a subscription is kept after a page last handed it in: 90 days. */
export const PUSH_SUBSCRIPTION_TTL_MS = 90 * 24 * 60 * 60_000;

/** The hosts of the browsers' push services (Chrome and most Chromium browsers, Firefox, Safari, Edge), and their subdomains. */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = Object.freeze([
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
]);

/** Options of `handlePushSubscriptions`. */
export interface PushSubscriptionsOptions {
  /** Largest body read (the proxy's `maxBodyBytes`); a subscription is far smaller, and at most 16 KiB is read. */
  maxBodyBytes: number;
  /** Default: 90 days. */
  ttlMs?: number;
  /**
   * Whether the proxy may send to `endpoint` (the proxy POSTs to it: a page must not name an address
   * of your network). Default: an https address on a host of `DEFAULT_PUSH_SERVICE_HOSTS`.
   */
  isPushService?: (endpoint: URL) => boolean;
  /** Subscriptions kept per user; a new one beyond it replaces one of the others. Default: 10. */
  maxPerUser?: number;
}

const MAX_READ = 16 * 1024;
const MAX_ENDPOINT_LENGTH = 2048;

const isKnownPushService = (endpoint: URL) =>
  DEFAULT_PUSH_SERVICE_HOSTS.some((host) => endpoint.hostname === host || endpoint.hostname.endsWith(`.${host}`));

/** The JSON object of a request, or the answer that refuses it (415, 413, 400). */
async function readJson(request: Request, maxBodyBytes: number): Promise<Record<string, unknown> | Response> {
  const contentType = request.headers.get('content-type');
  const refused = refuseNonJson(contentType, 'The subscription');
  if (refused !== undefined) return refused;
  const max = Math.min(maxBodyBytes, MAX_READ);
  const read = await readLimited(request, max).catch(() => 'unreadable' as const);
  if (read === 'unreadable') return errorEnvelope(400, 'The request body could not be read');
  if (read === 'too-large') return errorEnvelope(413, `Request body larger than ${max} bytes`);
  const parsed = readStrictJson(contentType, read, 'The subscription');
  if (parsed instanceof Response) return parsed;
  return isRecord(parsed.value) ? parsed.value : errorEnvelope(400, 'The subscription must be a JSON object');
}

/** `value` as `URL` writes it, the form subscriptions are kept under; undefined unless an https address. */
function normalEndpoint(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_ENDPOINT_LENGTH) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A `PushSubscription.toJSON()` the proxy can send to, or what is wrong with it. */
function readSubscription(body: Record<string, unknown>, isPushService: (endpoint: URL) => boolean): string | Record<string, unknown> {
  const { endpoint, keys, expirationTime } = body;
  const href = normalEndpoint(endpoint);
  if (href === undefined) return `"endpoint" must be an https address of at most ${MAX_ENDPOINT_LENGTH} characters`;
  if (!isPushService(new URL(href))) return '"endpoint" is not a push service this proxy sends to';
  if (!isRecord(keys) || typeof keys.p256dh !== 'string' || typeof keys.auth !== 'string')
    return '"keys" must hold the strings "p256dh" and "auth"';
  // An uncompressed P-256 public key, and a 16-byte secret: what every browser gives, and what encryption needs.
  if (fromBase64(keys.p256dh)?.length !== 65) return '"keys.p256dh" must be a P-256 public key in URL-safe base64';
  if (fromBase64(keys.auth)?.length !== 16) return '"keys.auth" must be 16 bytes in URL-safe base64';
  if (expirationTime !== undefined && expirationTime !== null && typeof expirationTime !== 'number')
    return '"expirationTime" must be a number or null';
  return { endpoint: href, expirationTime: expirationTime ?? null, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/**
 * `POST {basePath}/push/subscriptions` with a page's `PushSubscription` as JSON: kept for the
 * caller (`identify`'s user and team), who then gets their team's web pushes → 201. `DELETE` with
 * `{ endpoint }`: forgets the caller's subscription of that endpoint → 204. 415 for a body that is
 * not JSON, 400 for one that is not a subscription (or names no known push service), 503 when the
 * store fails.
 */
export async function handlePushSubscriptions(
  request: Request,
  identity: { readonly user: string; readonly team: string },
  store: RequestStore,
  options: PushSubscriptionsOptions,
): Promise<Response> {
  if (request.method !== 'POST' && request.method !== 'DELETE') {
    const response = errorEnvelope(405, `Method ${request.method} not allowed`);
    response.headers.set('allow', 'POST, DELETE');
    return response;
  }
  const body = await readJson(request, options.maxBodyBytes);
  if (body instanceof Response) return body;
  try {
    if (request.method === 'DELETE') {
      const endpoint = normalEndpoint(body.endpoint);
      if (endpoint === undefined) return errorEnvelope(400, '"endpoint" must be an https address');
      // Only the caller's own: an endpoint someone else learnt removes nothing of another user's.
      const own = await store.listPushSubscriptions(identity.team, identity.user);
      if (own.some((subscription) => subscription.endpoint === endpoint)) await store.removePushSubscription(endpoint);
      return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
    }
    const subscription = readSubscription(body, options.isPushService ?? isKnownPushService);
    if (typeof subscription === 'string') return errorEnvelope(400, subscription);
    const endpoint = subscription.endpoint as string;
    const own = await store.listPushSubscriptions(identity.team, identity.user);
    const others = own.filter((kept) => kept.endpoint !== endpoint);
    // A user cannot make every notification of the team fan out to a thousand endpoints.
    for (const extra of others.slice(0, Math.max(0, others.length - (options.maxPerUser ?? 10) + 1)))
      await store.removePushSubscription(extra.endpoint);
    await store.savePushSubscription(
      { team: identity.team, user: identity.user, endpoint, subscription: JSON.stringify(subscription) },
      options.ttlMs ?? PUSH_SUBSCRIPTION_TTL_MS,
    );
    return new Response(JSON.stringify({ success: true, data: null }), {
      status: 201,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    });
  } catch {
    return errorEnvelope(503, 'The proxy cannot keep the subscription now; try again.', { retryAfter: '1' });
  }
}

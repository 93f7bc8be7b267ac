/**
 * `POST` and `DELETE {basePath}/push/subscriptions`: a page's `PushSubscription` kept for the
 * caller's user and team, refused when it is not one or names an address that is no push service.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createMemoryProxyStore, PUSH_SUBSCRIPTIONS_PATH, type ProxyStore } from '../../../src/server';
import { handlePushSubscriptions } from '../../../src/server/notify/notify-push-subscriptions';

const alice = { user: 'alice', team: 'ops' };
const keys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};
const request = (method: string, body: unknown, contentType = 'application/json') =>
  new Request(`https://app.example.com/api/hitl${PUSH_SUBSCRIPTIONS_PATH}`, {
    method,
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const fcm = (id: string) => `https://fcm.googleapis.com/fcm/send/${id}`;

let store: ProxyStore;
beforeEach(() => {
  store = createMemoryProxyStore();
});

describe('handlePushSubscriptions', () => {
  it('keeps a browser subscription for the caller (201), and forgets it on DELETE (204)', async () => {
    const subscription = { endpoint: fcm('abc'), expirationTime: null, keys: keys() };
    const created = await handlePushSubscriptions(request('POST', subscription), alice, store, { maxBodyBytes: 1 << 20 });
    expect(created.status).toBe(201);
    const [kept] = await store.listPushSubscriptions('ops', 'alice');
    expect(kept).toMatchObject({ team: 'ops', user: 'alice', endpoint: fcm('abc') });
    expect(JSON.parse(kept!.subscription)).toEqual(subscription);

    // Another user of the team who learnt the endpoint cannot remove it.
    const bob = await handlePushSubscriptions(request('DELETE', { endpoint: fcm('abc') }), { user: 'bob', team: 'ops' }, store, {
      maxBodyBytes: 1 << 20,
    });
    expect(bob.status).toBe(204);
    expect(await store.listPushSubscriptions('ops')).toHaveLength(1);

    const removed = await handlePushSubscriptions(request('DELETE', { endpoint: fcm('abc') }), alice, store, { maxBodyBytes: 1 << 20 });
    expect(removed.status).toBe(204);
    expect(await store.listPushSubscriptions('ops')).toEqual([]);
  });

  it.each([
    ['an http endpoint', { endpoint: 'http://fcm.googleapis.com/fcm/send/x', keys: keys() }, /https/],
    ['an address of your network', { endpoint: 'https://10.0.0.5/admin', keys: keys() }, /not a push service/],
    ['no keys', { endpoint: fcm('x') }, /"keys"/],
    ['a p256dh that is no P-256 key', { endpoint: fcm('x'), keys: { ...keys(), p256dh: 'AAAA' } }, /p256dh/],
    ['a short auth', { endpoint: fcm('x'), keys: { ...keys(), auth: 'AAAA' } }, /auth/],
    ['a list', [], /JSON object/],
  ])('answers 400 for %s, and keeps nothing', async (_, body, error) => {
    const response = await handlePushSubscriptions(request('POST', body), alice, store, { maxBodyBytes: 1 << 20 });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(error);
    expect(await store.listPushSubscriptions('ops')).toEqual([]);
  });

  it('answers 415 for a body that is not JSON, 413 for a large one, 405 for GET', async () => {
    expect(
      (
        await handlePushSubscriptions(request('POST', 'endpoint=x', 'application/x-www-form-urlencoded'), alice, store, {
          maxBodyBytes: 1 << 20,
        })
      ).status,
    ).toBe(415);
    expect((await handlePushSubscriptions(request('POST', { pad: 'x'.repeat(2000) }), alice, store, { maxBodyBytes: 1000 })).status).toBe(
      413,
    );
    const get = await handlePushSubscriptions(new Request('https://app.example.com/push/subscriptions'), alice, store, {
      maxBodyBytes: 1000,
    });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, DELETE');
  });

  it('takes another push service when told to, and keeps at most maxPerUser subscriptions per user', async () => {
    const options = { maxBodyBytes: 1 << 20, isPushService: (url: URL) => url.hostname === 'push.internal.example', maxPerUser: 2 };
    for (const id of ['a', 'b', 'c'])
      expect(
        (
          await handlePushSubscriptions(
            request('POST', { endpoint: `https://push.internal.example/${id}`, keys: keys() }),
            alice,
            store,
            options,
          )
        ).status,
      ).toBe(201);
    const kept = (await store.listPushSubscriptions('ops', 'alice')).map((subscription) => subscription.endpoint);
    expect(kept).toHaveLength(2);
    expect(kept).toContain('https://push.internal.example/c');
  });

  it('answers 503 when the store fails', async () => {
    const failing = { ...store, listPushSubscriptions: () => Promise.reject(new Error('down')) };
    const response = await handlePushSubscriptions(request('POST', { endpoint: fcm('x'), keys: keys() }), alice, failing, {
      maxBodyBytes: 1 << 20,
    });
    expect(response.status).toBe(503);
  });
});

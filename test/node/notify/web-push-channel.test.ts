/**
 * `webPushChannel` with `web-push` and real VAPID keys against a local push endpoint: the endpoint
 * gets a VAPID-signed, aes128gcm-encrypted push that the subscriber's keys decrypt (RFC 8291, done
 * here with node:crypto alone) to the title, the link and nothing else; a 410 or a 404 removes the
 * subscription; only the item's team (and user) is pushed to.
 */
import { createDecipheriv, createECDH, createPublicKey, createVerify, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import webPush from 'web-push';
import { createMemoryProxyStore, type ProxyStore } from '../../../src/server';
import type { NotificationContext, NotificationMessage } from '../../../src/server/notify/notify-options';
import { webPushChannel } from '../../../src/server/notify/web-push-channel';

interface Push {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** A browser's side of a subscription: its keys, and how it decrypts what its push service hands it. */
function browserKeys() {
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    /** RFC 8291 with RFC 8188's aes128gcm, one record. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body[20]!;
      const serverKey = body.subarray(21, 21 + idLength);
      const cipherText = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(serverKey);
      const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, info, 32));
      const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', key, nonce);
      decipher.setAuthTag(cipherText.subarray(-16));
      const plain = Buffer.concat([decipher.update(cipherText.subarray(0, -16)), decipher.final()]);
      // The last record ends with the delimiter 2, then padding zeros.
      return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
    },
  };
}

/** Checks a VAPID `Authorization` header (RFC 8292): an ES256 JWT for the endpoint's origin, signed by `publicKey`. */
function verifyVapid(authorization: string, publicKey: string, audience: string): Record<string, unknown> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  expect(match, authorization).not.toBeNull();
  const [, token, key] = match!;
  expect(key).toBe(publicKey);
  const [head, claims, signature] = token!.split('.') as [string, string, string];
  const raw = Buffer.from(publicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') };
  const verifier = createVerify('SHA256');
  verifier.update(`${head}.${claims}`);
  expect(
    verifier.verify({ key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url')),
  ).toBe(true);
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
  expect(payload.aud).toBe(audience);
  return payload;
}

let server: Server;
let origin = '';
let pushes: Push[] = [];
let statusOf: (path: string) => number = () => 201;
let store: ProxyStore;
const vapid = webPush.generateVAPIDKeys();
const vapidDetails = { subject: 'mailto:ops@example.com', publicKey: vapid.publicKey, privateKey: vapid.privateKey };

beforeEach(async () => {
  pushes = [];
  statusOf = () => 201;
  store = createMemoryProxyStore();
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      pushes.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statusOf(request.url ?? '')).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
});

const subscribe = async (path: string, team: string, user: string) => {
  const browser = browserKeys();
  const endpoint = `${origin}${path}`;
  await store.savePushSubscription({ team, user, endpoint, subscription: JSON.stringify({ endpoint, keys: browser.keys }) }, 60_000);
  return browser;
};
const message = (overrides: Partial<NotificationMessage> = {}): NotificationMessage => ({
  webhookId: 'msg_1',
  kind: 'waiting',
  requestId: 'req-7',
  title: 'Enter the 2FA code',
  team: 'ops',
  source: 'mcp',
  link: 'https://app.example.com/inbox#req-7',
  waitingSince: 0,
  ...overrides,
});
const context = (): NotificationContext => ({
  item: { id: 'req-7', kind: 'request', team: 'ops', source: 'mcp', title: 'Enter the 2FA code', waitingSince: 0 },
  store,
  signal: new AbortController().signal,
  logger: console,
});

describe('webPushChannel', () => {
  it('pushes an encrypted payload with a VAPID signature to each device of the team, which decrypts to the title and link', async () => {
    const alice = await subscribe('/push/alice', 'ops', 'alice');
    const bob = await subscribe('/push/bob', 'ops', 'bob');
    await subscribe('/push/eve', 'sales', 'eve');

    await webPushChannel({ vapidDetails, ttlSeconds: 600 }).send(message({ webhookId: 'msg_1abc-_Z' }), context());

    expect(pushes.map((push) => push.path).sort()).toEqual(['/push/alice', '/push/bob']);
    for (const push of pushes) {
      const claims = verifyVapid(String(push.headers.authorization), vapid.publicKey, origin);
      expect(claims.sub).toBe('mailto:ops@example.com');
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers.ttl).toBe('600');
      expect(push.headers.urgency).toBe('high');
      // A repeat (the same webhook-id) replaces a push the service still holds for an offline device.
      expect(push.headers.topic).toBe('1abc-_Z');
      // Encrypted: the title is nowhere in what the push service sees.
      expect(push.body.toString('latin1')).not.toContain('2FA');
      const browser = push.path === '/push/alice' ? alice : bob;
      expect(JSON.parse(browser.decrypt(push.body))).toEqual({
        title: 'Enter the 2FA code',
        body: 'Waiting for an answer · Team ops · mcp',
        url: 'https://app.example.com/inbox#req-7',
        tag: 'req-7',
      });
    }
  });

  it('pushes to the one user a request is for', async () => {
    await subscribe('/push/alice', 'ops', 'alice');
    await subscribe('/push/bob', 'ops', 'bob');
    await webPushChannel({ vapidDetails }).send(message({ user: 'bob' }), context());
    expect(pushes.map((push) => push.path)).toEqual(['/push/bob']);
  });

  it('removes a subscription its push service says is gone (410, 404), and keeps the others', async () => {
    await subscribe('/push/gone', 'ops', 'alice');
    await subscribe('/push/unknown', 'ops', 'alice');
    await subscribe('/push/fine', 'ops', 'bob');
    statusOf = (path) => (path === '/push/gone' ? 410 : path === '/push/unknown' ? 404 : 201);
    await webPushChannel({ vapidDetails }).send(message(), context());
    expect(pushes).toHaveLength(3);
    expect((await store.listPushSubscriptions('ops')).map((kept) => kept.endpoint)).toEqual([`${origin}/push/fine`]);
  });

  it('fails (for the log) when a push service fails, after pushing to the others', async () => {
    await subscribe('/push/broken', 'ops', 'alice');
    await subscribe('/push/fine', 'ops', 'bob');
    statusOf = (path) => (path === '/push/broken' ? 500 : 201);
    await expect(webPushChannel({ vapidDetails }).send(message(), context())).rejects.toThrow(
      /1 of 2 pushes failed: 127\.0\.0\.1:\d+ answered 500/,
    );
    expect(pushes).toHaveLength(2);
    expect(await store.listPushSubscriptions('ops')).toHaveLength(2);
  });

  it('sends nothing to a team without subscriptions; refuses a VAPID subject that is not mailto: or https:', async () => {
    await webPushChannel({ vapidDetails }).send(message(), context());
    expect(pushes).toEqual([]);
    expect(() => webPushChannel({ vapidDetails: { ...vapidDetails, subject: 'http://example.com' } })).toThrow(TypeError);
  });
});

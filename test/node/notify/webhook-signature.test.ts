/**
 * The Standard Webhooks signature without a dependency: HMAC-SHA256 under the secret's binary key
 * (RFC 4231's vectors, Node's HMAC), and headers the `standardwebhooks` package accepts.
 */
import { createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { hmacSha256 } from '../../../src/server/hmac';
import { standardWebhookHeaders, webhookSecretKey } from '../../../src/server/notify/notify-webhook-signature';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('hmacSha256 with a binary key', () => {
  it("gives RFC 4231's vectors of binary keys", () => {
    expect(hex(hmacSha256(new Uint8Array(20).fill(0x0b), new TextEncoder().encode('Hi There')))).toBe(
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    );
    expect(
      hex(hmacSha256(new Uint8Array(131).fill(0xaa), new TextEncoder().encode('Test Using Larger Than Block-Size Key - Hash Key First'))),
    ).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
  });

  it('equals Node’s HMAC-SHA256 for any key and message bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 150 }), fc.uint8Array({ maxLength: 300 }), (key, message) => {
        expect(hex(hmacSha256(key, message))).toBe(createHmac('sha256', key).update(message).digest('hex'));
      }),
      { numRuns: 300 },
    );
  });
});

describe('standardWebhookHeaders', () => {
  it('signs what the standardwebhooks package verifies, with or without the whsec_ prefix', () => {
    const raw = randomBytes(32).toString('base64');
    const body = JSON.stringify({ type: 'request.waiting', data: { title: 'é ✓' } });
    const at = Math.floor(Date.now() / 1000);
    for (const secret of [`whsec_${raw}`, raw]) {
      const headers = standardWebhookHeaders(webhookSecretKey(secret), 'msg_abc', at, body);
      expect(new Webhook(`whsec_${raw}`).verify(body, headers)).toEqual(JSON.parse(body));
      expect(headers['webhook-signature']).toBe(new Webhook(`whsec_${raw}`).sign('msg_abc', new Date(at * 1000), body));
    }
  });

  it('refuses a secret that is not base64, or too short to be one', () => {
    expect(() => webhookSecretKey('whsec_!!!')).toThrow(TypeError);
    expect(() => webhookSecretKey(`whsec_${Buffer.alloc(8).toString('base64')}`)).toThrow(TypeError);
  });
});

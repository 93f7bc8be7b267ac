import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHmacSha256 } from '../../../src/server/hmac';

const encode = (text: string) => Buffer.from(new TextEncoder().encode(text));
const nodeHmac = (key: string, message: string) => createHmac('sha256', encode(key)).update(encode(message)).digest('hex');

describe('createHmacSha256, the keyed digest of answers in the proxy records', () => {
  it('gives the test vectors of RFC 4231', () => {
    // Cases 2 and 7 (the others have binary keys).
    expect(createHmacSha256('Jefe')('what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    const longKey = '\xaa'.repeat(131);
    // The RFC's key is 131 bytes of 0xaa; as a string here it is UTF-8 encoded, so compare with Node's.
    expect(createHmacSha256(longKey)('This is a test using a larger than block-size key and a larger than block-size data.')).toBe(
      nodeHmac(longKey, 'This is a test using a larger than block-size key and a larger than block-size data.'),
    );
  });

  it('equals Node’s HMAC-SHA256 for any key and message, across the block boundaries', () => {
    for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1_000_003])
      expect(createHmacSha256('k'.repeat(length % 70))('é'.repeat(length))).toBe(nodeHmac('k'.repeat(length % 70), 'é'.repeat(length)));
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 300 }), (key, message) => {
        expect(createHmacSha256(key)(message)).toBe(nodeHmac(key, message));
      }),
      { numRuns: 1000 },
    );
    // Hashing 2 MB and a thousand cases in JavaScript is CPU work that a loaded machine stretches
    // past the default 5 s: the bound here is one only a hang would reach.
  }, 120_000);
});

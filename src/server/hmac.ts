const encoder = new TextEncoder();

// The first 32 bits of the fractional parts of the cube roots of the first 64 primes (FIPS 180-4, 4.2.2).
const K = Uint32Array.from(
  '428a2f98 71374491 b5c0fbcf e9b5dba5 3956c25b 59f111f1 923f82a4 ab1c5ed5 d807aa98 12835b01 243185be 550c7dc3 72be5d74 80deb1fe 9bdc06a7 c19bf174 e49b69c1 efbe4786 0fc19dc6 240ca1cc 2de92c6f 4a7484aa 5cb0a9dc 76f988da 983e5152 a831c66d b00327c8 bf597fc7 c6e00bf3 d5a79147 06ca6351 14292967 27b70a85 2e1b2138 4d2c6dfc 53380d13 650a7354 766a0abb 81c2c92e 92722c85 a2bfe8a1 a81a664b c24b8b70 c76c51a3 d192e819 d6990624 f40e3585 106aa070 19a4c116 1e376c08 2748774c 34b0bcb5 391c0cb3 4ed8aa4a 5b9cca4f 682e6ff3 748f82ee 78a5636f 84c87814 8cc70208 90befffa a4506ceb bef9a3f7 c67178f2'
    .split(' ')
    .map((word) => parseInt(word, 16)),
);
const INITIAL = Uint32Array.from(
  '6a09e667 bb67ae85 3c6ef372 a54ff53a 510e527f 9b05688c 1f83d9ab 5be0cd19'.split(' ').map((word) => parseInt(word, 16)),
);

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** SHA-256 of `bytes` (FIPS 180-4), 32 bytes. */
function sha256(bytes: Uint8Array): Uint8Array {
  // The message, a 1 bit, zeros, and its length in bits: a whole number of 64-byte blocks.
  const blocks = Math.ceil((bytes.length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bytes.length / 0x20000000));
  view.setUint32(padded.length - 4, (bytes.length * 8) >>> 0);
  const h = Uint32Array.from(INITIAL);
  const w = new Uint32Array(64);
  for (let block = 0; block < padded.length; block += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(block + t * 4);
    for (let t = 16; t < 64; t++) {
      const s0 = rotr(w[t - 15]!, 7) ^ rotr(w[t - 15]!, 18) ^ (w[t - 15]! >>> 3);
      const s1 = rotr(w[t - 2]!, 17) ^ rotr(w[t - 2]!, 19) ^ (w[t - 2]! >>> 10);
      w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as [number, number, number, number, number, number, number, number];
    for (let t = 0; t < 64; t++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t]! + w[t]!) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    const sums = [a, b, c, d, e, f, g, hh];
    for (let index = 0; index < 8; index++) h[index] = (h[index]! + sums[index]!) >>> 0;
  }
  const digest = new Uint8Array(32);
  const out = new DataView(digest.buffer);
  for (let index = 0; index < 8; index++) out.setUint32(index * 4, h[index]!);
  return digest;
}

/** HMAC-SHA256 (RFC 2104) of `message` under the key bytes `key` (a Standard Webhooks secret is binary), 32 bytes. */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = key.length > 64 ? sha256(key) : key;
  const pad = (byte: number, rest: Uint8Array) => {
    const joined = new Uint8Array(64 + rest.length);
    for (let index = 0; index < 64; index++) joined[index] = (block[index] ?? 0) ^ byte;
    joined.set(rest, 64);
    return joined;
  };
  return sha256(pad(0x5c, sha256(pad(0x36, message))));
}

/** Whether `a` and `b` hold the same bytes, in a time that depends on their length only (a MAC's check leaks nothing of it). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= (a[index] as number) ^ (b[index] as number);
  return difference === 0;
}

/**
 * HMAC-SHA256 (RFC 2104) of strings under `secret`, hex: synchronous and the same on every runtime
 * the proxy runs on, jsdom included (whose `crypto` has no `subtle`), so the answer gate never waits
 * on a thread pool before it claims a call. The padded key is made once.
 */
export function createHmacSha256(secret: string): (message: string) => string {
  let key: Uint8Array = encoder.encode(secret);
  if (key.length > 64) key = sha256(key);
  const inner = new Uint8Array(64).map((_, index) => (key[index] ?? 0) ^ 0x36);
  const outer = new Uint8Array(64).map((_, index) => (key[index] ?? 0) ^ 0x5c);
  const concat = (pad: Uint8Array, rest: Uint8Array) => {
    const joined = new Uint8Array(64 + rest.length);
    joined.set(pad);
    joined.set(rest, 64);
    return joined;
  };
  return (message) => {
    const mac = sha256(concat(outer, sha256(concat(inner, encoder.encode(message)))));
    return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
  };
}

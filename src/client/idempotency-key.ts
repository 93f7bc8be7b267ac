/**
 * A new `Idempotency-Key` value: `crypto.randomUUID()` where the platform has it (secure contexts),
 * else 16 random bytes from `crypto.getRandomValues` as hex, which every browser has on plain http
 * too. Never `Math.random`: two people's keys must not meet.
 */
export function createIdempotencyKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

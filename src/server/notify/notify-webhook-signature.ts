import { hmacSha256 } from '../hmac';
import { fromBase64, toBase64 } from './notify-message';

const encoder = new TextEncoder();

/**
 * The key bytes of a Standard Webhooks secret: `whsec_` and base64 (the prefix may be left out).
 * Throws a `TypeError` for anything else, when the channel is made rather than at the first send.
 */
export function webhookSecretKey(secret: string): Uint8Array {
  const key = typeof secret === 'string' ? fromBase64(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret) : undefined;
  if (key === undefined || key.length < 16)
    throw new TypeError('webhookChannel: secret must be a Standard Webhooks secret, "whsec_" and at least 16 bytes in base64');
  return key;
}

/**
 * The three headers of a delivery signed as Standard Webhooks sign: `webhook-signature` is
 * `v1,` and the base64 HMAC-SHA256 of `${id}.${timestamp}.${body}` under the secret's bytes.
 */
export function standardWebhookHeaders(key: Uint8Array, id: string, timestampSeconds: number, body: string): Record<string, string> {
  const signature = toBase64(hmacSha256(key, encoder.encode(`${id}.${timestampSeconds}.${body}`)));
  return { 'webhook-id': id, 'webhook-timestamp': String(timestampSeconds), 'webhook-signature': `v1,${signature}` };
}

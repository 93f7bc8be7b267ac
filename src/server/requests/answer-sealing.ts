/**
 * The answers of `proxy.requests` are kept in the shared store only sealed: AES-256-GCM under a key
 * derived with HKDF-SHA-256 from the proxy's secret (`secret`, else the API key), which every
 * instance has and the store never does.
 * The request's id is the additional data, so a sealed answer moved to another record does not open.
 */

import { toBase64Url } from '../notify/notify-message';

/** Seals and opens the answers of requests; the key is derived on first use. */
export interface AnswerSealer {
  seal(requestId: string, answer: string): Promise<string>;
  /** The answer's text; rejects for a sealed text this key did not make (another API key, a changed record). */
  open(requestId: string, sealed: string): Promise<string>;
}

/** Answers cannot be sealed here: no Web Crypto, or no secret yet. */
export class AnswerSealingError extends Error {
  override name = 'AnswerSealingError';
}

const VERSION = 'v1';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * A sealer under the key `readSecret` gives when first needed (a lazy proxy reads its secret on
 * the first request, and requests may be opened before that). Throws, when used, where there is no
 * Web Crypto (`crypto.subtle`) or no secret yet.
 */
export function createAnswerSealer(readSecret: () => string | undefined): AnswerSealer {
  let derived: { secret: string; key: Promise<CryptoKey> } | undefined;

  const keyOf = (): Promise<CryptoKey> => {
    const subtle = globalThis.crypto?.subtle as SubtleCrypto | undefined;
    if (subtle === undefined)
      throw new AnswerSealingError(
        'proxy.requests needs Web Crypto (crypto.subtle) to seal answers: run the proxy on Node 20+, Deno, Bun or an edge runtime',
      );
    const secret = readSecret();
    if (secret === undefined)
      throw new AnswerSealingError("createTaskProxy's secret (or apiKey) is not set, and the answers of requests are sealed under it");
    if (derived?.secret !== secret) derived = { secret, key: deriveKey(subtle, secret) };
    return derived.key;
  };

  return {
    async seal(requestId, answer) {
      const key = await keyOf();
      const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
      const sealed = await globalThis.crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: encoder.encode(requestId) },
        key,
        encoder.encode(answer),
      );
      return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
    },
    async open(requestId, sealed) {
      const [version, iv, data] = sealed.split('.');
      if (version !== VERSION || iv === undefined || data === undefined) throw new Error('not a sealed answer of this version');
      const key = await keyOf();
      const opened = await globalThis.crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: fromBase64Url(iv), additionalData: encoder.encode(requestId) },
        key,
        fromBase64Url(data),
      );
      return decoder.decode(opened);
    },
  };
}

async function deriveKey(subtle: SubtleCrypto, secret: string): Promise<CryptoKey> {
  const base = await subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']);
  return subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode('hitl-react proxy requests'), info: encoder.encode('answer sealing v1') },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

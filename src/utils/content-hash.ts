import { contentKey } from './content-key';

/**
 * A short hash of `value`'s content (`contentKey`): equal for equal JSON, so an id made of it stays
 * the same across a reload. Two 32-bit FNV-1a lanes: an id, not a secret.
 */
export function contentHash(value: unknown): string {
  const key = contentKey(value);
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let index = 0; index < key.length; index++) {
    const code = key.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
  }
  return (a >>> 0).toString(36) + (b >>> 0).toString(36);
}

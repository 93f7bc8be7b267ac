/** A source of numbers in [0, 1), reproducible from its seed. */
export type Random = () => number;

/** Turns a number or string seed into 32 bits (FNV-1a over the text form). */
export function hashSeed(seed: number | string): number {
  const text = String(seed);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: tiny, fast and good enough for ids and fault dice; not for secrets. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** An id such as `task_k3v9…`: a prefix and 20 base-36 characters. */
export function randomId(random: Random, prefix: string): string {
  let id = `${prefix}_`;
  for (let i = 0; i < 20; i++) id += ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)];
  return id;
}

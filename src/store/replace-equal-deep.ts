function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Returns `previous` when `next` is deeply equal to it, and otherwise `next` with every subtree that
 * is deeply equal to the matching subtree of `previous` replaced by that subtree. An unchanged poll
 * thus yields the very same object, and a changed one keeps the references of its unchanged parts,
 * so consumers comparing by reference re-render only what changed.
 */
export function replaceEqualDeep<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return previous as T;
  if (Array.isArray(previous) && Array.isArray(next)) {
    let same = previous.length === next.length;
    const out = next.map((item: unknown, index) => {
      const kept = replaceEqualDeep(previous[index], item);
      if (!Object.is(kept, previous[index])) same = false;
      return kept;
    });
    return (same ? previous : out) as T;
  }
  if (isPlainObject(previous) && isPlainObject(next)) {
    const nextKeys = Object.keys(next);
    let same = nextKeys.length === Object.keys(previous).length;
    const out: Record<string, unknown> = {};
    for (const key of nextKeys) {
      const had = Object.prototype.hasOwnProperty.call(previous, key);
      const kept = had ? replaceEqualDeep(previous[key], next[key]) : next[key];
      if (!had || !Object.is(kept, previous[key])) same = false;
      out[key] = kept;
    }
    return (same ? previous : out) as T;
  }
  return next;
}

/**
 * Freezes a value and everything reachable from it. Already-frozen subtrees (the parts
 * `replaceEqualDeep` kept from the previous snapshot) are skipped, so the cost is proportional to
 * what changed.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

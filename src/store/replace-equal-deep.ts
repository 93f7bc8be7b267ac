function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * How deep structural sharing looks. Data from the service is agent-made and may be nested
 * thousands of levels deep (a web page can steer the agent); below this depth a changed response is
 * taken as new, so the walk is bounded and never runs out of stack.
 */
export const MAX_SHARING_DEPTH = 64;

/**
 * Returns `previous` when `next` is deeply equal to it, and otherwise `next` with every subtree that
 * is deeply equal to the matching subtree of `previous` replaced by that subtree. An unchanged poll
 * thus yields the very same object, and a changed one keeps the references of its unchanged parts,
 * so consumers comparing by reference re-render only what changed. Sharing stops at
 * `MAX_SHARING_DEPTH`: deeper parts of a changed response are used as they are.
 */
export function replaceEqualDeep<T>(previous: unknown, next: T, depth = 0): T {
  if (Object.is(previous, next)) return previous as T;
  if (depth >= MAX_SHARING_DEPTH) return next;
  if (Array.isArray(previous) && Array.isArray(next)) {
    let same = previous.length === next.length;
    const out = next.map((item: unknown, index) => {
      const kept = replaceEqualDeep(previous[index], item, depth + 1);
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
      const kept = had ? replaceEqualDeep(previous[key], next[key], depth + 1) : next[key];
      if (!had || !Object.is(kept, previous[key])) same = false;
      out[key] = kept;
    }
    return (same ? previous : out) as T;
  }
  return next;
}

/**
 * Freezes a value and everything reachable from it, without recursion (agent-made data may be
 * nested deeper than the stack allows). Already-frozen subtrees (the parts `replaceEqualDeep` kept
 * from the previous snapshot) are skipped, so the cost is proportional to what changed.
 */
export function deepFreeze<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || Object.isFrozen(current)) continue;
    Object.freeze(current);
    for (const key of Object.keys(current)) pending.push((current as Record<string, unknown>)[key]);
  }
  return value;
}

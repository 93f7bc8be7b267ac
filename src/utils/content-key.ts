const identities = new WeakMap<object, number>();
let nextIdentity = 0;

/**
 * A key equal for equal content: polls hand a component a new object for the same call, which
 * must not restart it. Values JSON cannot write (cycles, BigInts) fall back to their identity.
 */
export function contentKey(value: unknown): string {
  try {
    return `json:${JSON.stringify(value) ?? 'undefined'}`;
  } catch {
    if (typeof value !== 'object' || value === null) return `value:${String(value)}`;
    let identity = identities.get(value);
    if (identity === undefined) identities.set(value, (identity = nextIdentity++));
    return `object:${identity}`;
  }
}

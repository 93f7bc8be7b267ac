/** A JSON object: not `null`, not an array. What every wire check, schema check and parser asks first. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Anything with a `then` method: what an `onSubmit` may return to say "wait for me". */
export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** `text` parsed as JSON when it is a string holding a JSON object; `undefined` for anything else (never throws). */
export function parseJsonRecord(text: unknown): Record<string, unknown> | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** `record[key]` when `key` is the record's own property: a key named "constructor" must not find Object.prototype's. */
export function ownValue<T>(record: Readonly<Record<string, T | undefined>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Agent-made values as plain text. Strings are shown as they are; everything else as JSON, pretty
 * printed when `pretty` (objects and arrays in a `<pre>`). Never throws: a value JSON cannot encode
 * (a cycle, a BigInt from a custom client) falls back to `String`.
 */
export function formatValue(value: unknown, pretty = false): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, pretty ? 2 : undefined) ?? String(value);
  } catch {
    return String(value);
  }
}

/** True for values shown as a block of formatted JSON rather than a line of text. */
export function isStructured(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/** A value's plain description, as `String` gives it, without ever calling an object's own `toString`. */
function describe(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'symbol':
      return value.description ?? '';
    case 'undefined':
    case 'function':
      return '';
    default:
      // An agent-made object's own toString is not called: its text is its type, `[object Object]`.
      return Object.prototype.toString.call(value);
  }
}

/** A value from the service or the agent as display text: `null`/`undefined` empty, others as `String` shows them. */
export function asText(value: unknown): string {
  return value === null ? '' : describe(value);
}

/**
 * Agent-made values as plain text. Strings are shown as they are; everything else as JSON, pretty
 * printed when `pretty` (objects and arrays in a `<pre>`). Never throws: a value JSON cannot encode
 * (a cycle, a BigInt from a custom client) is described as `String` would.
 */
export function formatValue(value: unknown, pretty = false): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    const json = JSON.stringify(value, null, pretty ? 2 : undefined);
    if (json !== undefined) return json;
  } catch {
    // A cycle or a BigInt: described below.
  }
  return describe(value);
}

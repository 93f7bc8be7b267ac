/**
 * Copying and writing JSON data without recursion. An agent's parameters can nest thousands of
 * levels deep; `structuredClone` and `JSON.stringify` recurse and overflow the stack there, so
 * code that handles such data walks it with an explicit stack instead.
 */

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/**
 * A deep copy of JSON data (objects, arrays, strings, numbers, booleans, null), at any depth.
 * What JSON cannot carry is treated as `JSON.stringify` would: `undefined` and functions are left
 * out of objects and become `null` in arrays; other objects (dates, maps) are copied by their own
 * enumerable properties.
 */
export function cloneJson<T>(value: T): T {
  if (!isContainer(value)) return value;
  const root: Container = Array.isArray(value) ? [] : {};
  const pending: Array<[source: Container, target: Container]> = [[value, root]];
  while (pending.length > 0) {
    const [source, target] = pending.pop() as [Container, Container];
    if (Array.isArray(source)) {
      const out = target as unknown[];
      for (const item of source) out.push(copyOf(item, pending, true));
    } else {
      const out = target as Record<string, unknown>;
      for (const key of Object.keys(source)) {
        const item = copyOf(source[key], pending, false);
        // Defined as own data, so a key named "__proto__" stays a key rather than a prototype.
        if (item !== undefined) Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
      }
    }
  }
  return root as T;
}

function copyOf(item: unknown, pending: Array<[Container, Container]>, inArray: boolean): unknown {
  if (typeof item === 'undefined' || typeof item === 'function' || typeof item === 'symbol') return inArray ? null : undefined;
  if (!isContainer(item)) return item;
  const copy: Container = Array.isArray(item) ? [] : {};
  pending.push([item, copy]);
  return copy;
}

/**
 * `JSON.stringify(value)` for data of any depth: the native one is used while it can be, and a
 * loop takes over where it would overflow the stack (that loop writes plain data and does not call `toJSON`).
 */
export function stringifyJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  const parts: string[] = [];
  // Each entry is either text to write or a value still to write.
  const pending: Part[] = [{ value }];
  while (pending.length > 0) {
    const next = pending.pop() as Part;
    if ('text' in next) {
      parts.push(next.text);
      continue;
    }
    const current = next.value;
    if (!isContainer(current)) {
      const written = JSON.stringify(current) as string | undefined;
      parts.push(written ?? 'null');
      continue;
    }
    const entries: Part[] = [];
    if (Array.isArray(current)) {
      current.forEach((item, index) => {
        if (index > 0) entries.push({ text: ',' });
        entries.push({ value: item });
      });
      pushAll(pending, ']', entries, '[');
      continue;
    }
    let first = true;
    for (const key of Object.keys(current)) {
      const item = current[key];
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      entries.push({ text: `${first ? '' : ','}${JSON.stringify(key)}:` }, { value: item });
      first = false;
    }
    pushAll(pending, '}', entries, '{');
  }
  return parts.join('');
}

type Part = { text: string } | { value: unknown };

/** Onto the stack so that `open`, the entries in order, then `close` come off it. */
function pushAll(pending: Part[], close: string, entries: Part[], open: string): void {
  pending.push({ text: close });
  // A loop, not a spread: a spread of a million entries is itself a stack overflow.
  for (let index = entries.length - 1; index >= 0; index -= 1) pending.push(entries[index] as Part);
  pending.push({ text: open });
}

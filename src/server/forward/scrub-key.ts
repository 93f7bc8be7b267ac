import { stringifyJson } from '../../utils';

const REDACTED = '[redacted]';

/** Shorter base64 runs of the key than this are not looked for: they would match ordinary text. */
const MIN_BASE64_CORE = 8;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * The ways one character of the key may be written: as itself (any case, by the `i` flag), as a
 * JSON `\u` escape, or percent-encoded (each UTF-8 byte; any hex case, by the same flag). A key
 * written with any mix of these, character by character, still matches.
 */
function characterPattern(character: string): string {
  const forms = [escapeRegExp(character)];
  let escape = '';
  for (let index = 0; index < character.length; index += 1) escape += `\\\\u${character.charCodeAt(index).toString(16).padStart(4, '0')}`;
  forms.push(escape);
  forms.push([...new TextEncoder().encode(character)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''));
  return `(?:${forms.join('|')})`;
}

/**
 * The base64 text of `key` wherever it sits in what was encoded: for each of the three alignments,
 * the characters that depend on the key's bytes alone (those mixed with the bytes around it are
 * dropped). So the key is found inside an encoded `user:key`, `Bearer key` or JSON, padded or not.
 */
function base64Cores(key: string): string[] {
  const bytes = new TextEncoder().encode(key);
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset += 1) {
    const padded = new Uint8Array(offset + bytes.length);
    padded.set(bytes, offset);
    let binary = '';
    for (const byte of padded) binary += String.fromCharCode(byte);
    const encoded = btoa(binary);
    const core = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * padded.length) / 6));
    if (core.length < MIN_BASE64_CORE) continue;
    cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return cores;
}

/**
 * A function that replaces with `[redacted]` every form of `apiKey` a string may carry: as is in
 * any letter case, JSON `\u`-escaped, URL-encoded (any hex case), any mix of those, and base64
 * (standard or URL-safe, of the key in its own, lower or upper case, at any alignment).
 */
export function createStringScrubber(apiKey: string): (text: string) => string {
  const plain = new RegExp([...apiKey].map(characterPattern).join(''), 'gi');
  const variants = [...new Set([apiKey, apiKey.toLowerCase(), apiKey.toUpperCase()])];
  const cores = [...new Set(variants.flatMap(base64Cores))].sort((a, b) => b.length - a.length);
  const encoded = cores.length === 0 ? undefined : new RegExp(cores.map(escapeRegExp).join('|'), 'g');
  return (text) => {
    let out = text.replace(plain, REDACTED);
    if (encoded !== undefined) out = out.replace(encoded, REDACTED);
    return out;
  };
}

/**
 * Scrubs every string of parsed JSON, property names included, in place and without recursion
 * (the service's data may nest deeper than the stack). True when anything changed.
 */
function scrubParsed(root: { value: unknown }, scrub: (text: string) => string): boolean {
  let changed = false;
  const pending: Array<Record<string, unknown> | unknown[]> = [];
  const visit = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const clean = scrub(value);
      if (clean !== value) changed = true;
      return clean;
    }
    if (typeof value === 'object' && value !== null) pending.push(value as Record<string, unknown> | unknown[]);
    return value;
  };
  root.value = visit(root.value);
  while (pending.length > 0) {
    const container = pending.pop() as Record<string, unknown> | unknown[];
    if (Array.isArray(container)) {
      for (let index = 0; index < container.length; index += 1) container[index] = visit(container[index]);
      continue;
    }
    const names = Object.keys(container);
    const entries = names.map((name) => [scrub(name), visit(container[name])] as const);
    const renamed = entries.some(([name], index) => name !== names[index]);
    if (renamed) {
      changed = true;
      // Rebuilt so that the properties keep their order.
      for (const name of names) delete container[name];
    }
    entries.forEach(([name, value], index) => {
      // Defined rather than assigned: a property named "__proto__" must stay a property.
      if (renamed || value !== container[names[index] as string])
        Object.defineProperty(container, name, { value, enumerable: true, writable: true, configurable: true });
    });
  }
  return changed;
}

/**
 * A function that removes `apiKey`, in every form `createStringScrubber` knows, from text the
 * service sent. JSON is scrubbed after parsing, so escapes (`\u0073k_…`, `\/` in base64) cannot hide
 * the key, and written out again only when something was removed (otherwise the text is passed on
 * byte for byte). Other text is scrubbed as it is.
 */
export function createKeyScrubber(apiKey: string): (text: string) => string {
  const scrubString = createStringScrubber(apiKey);
  return (text) => {
    const start = text.trimStart()[0];
    if (start === '{' || start === '[' || start === '"') {
      let parsed: { value: unknown } | undefined;
      try {
        parsed = { value: JSON.parse(text) as unknown };
      } catch {
        parsed = undefined;
      }
      if (parsed !== undefined) return scrubParsed(parsed, scrubString) ? stringifyJson(parsed.value) : text;
    }
    return scrubString(text);
  };
}

/**
 * What a form accepts from an agent before it stops and says so: an agent is steered by any web
 * page it reads, so its parameters may be built to freeze the page. Every limit has a default and
 * can be changed (`<ToolCallForm limits>`, `useToolCallForm({ limits })`).
 */
export interface ContentLimits {
  /**
   * Characters of one agent-given text (heading, description, label, placeholder, option label)
   * shown at first; the rest stays behind "Show all". The answer always carries the whole label.
   * Default: 1000.
   */
  readonly maxTextLength: number;
  /** Characters of a `defaultValue`; a longer one is not used (the field starts empty, with a note). Default: 100000. */
  readonly maxValueLength: number;
  /** Options of one field; a field with more is not shown (the form says why). Default: 10000. */
  readonly maxOptions: number;
  /** Fields of one form; a form with more is not shown (it says why). Default: 1000. */
  readonly maxFields: number;
  /** Levels of nesting in the parameters; deeper ones are not read at all. Default: 32. */
  readonly maxDepth: number;
  /** Size of the parameters, counted as JSON text in UTF-16 units; larger ones are not read. Default: 5000000 (about 5 MB). */
  readonly maxSize: number;
}

/** The defaults of `ContentLimits`. */
export const DEFAULT_CONTENT_LIMITS: ContentLimits = Object.freeze({
  maxTextLength: 1000,
  maxValueLength: 100_000,
  maxOptions: 10_000,
  maxFields: 1000,
  maxDepth: 32,
  maxSize: 5_000_000,
});

/** `limits` over the defaults; values that are not positive numbers keep the default. */
export function resolveContentLimits(limits: Partial<ContentLimits> | undefined): ContentLimits {
  if (limits === undefined) return DEFAULT_CONTENT_LIMITS;
  const resolved = { ...DEFAULT_CONTENT_LIMITS };
  for (const key of Object.keys(DEFAULT_CONTENT_LIMITS) as Array<keyof ContentLimits>) {
    const value = limits[key];
    if (typeof value === 'number' && value > 0) resolved[key] = value;
  }
  return Object.freeze(resolved);
}

/** What measuring found. */
export interface ContentMeasure {
  /** The nesting went deeper than `maxDepth`. */
  readonly tooDeep: boolean;
  /** The JSON size passed `maxSize`. */
  readonly tooLarge: boolean;
  /** Reading it threw (a getter, a proxy): JSON cannot produce such a value. */
  readonly unreadable?: boolean;
}

/**
 * Walks `value` without recursion and stops as soon as it goes past `maxDepth` or `maxSize`, so
 * measuring a hostile value costs at most the limits, never the value's own size or depth.
 * The size is an estimate of the JSON text (strings, numbers, keys and punctuation).
 */
export function measureContent(value: unknown, limits: Pick<ContentLimits, 'maxDepth' | 'maxSize'>): ContentMeasure {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  let size = 0;
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop() as { value: unknown; depth: number };
    if (typeof current === 'string') size += current.length + 2;
    else if (typeof current === 'number' || typeof current === 'boolean') size += String(current).length;
    else if (current === null) size += 4;
    else if (typeof current === 'object') {
      if (depth >= limits.maxDepth) return { tooDeep: true, tooLarge: false };
      // A getter that throws, or a proxy: reading it is not our risk to take.
      let keys: string[];
      try {
        keys = Object.keys(current);
      } catch {
        return { tooDeep: false, tooLarge: false, unreadable: true };
      }
      size += 2;
      for (const key of keys) {
        size += key.length + 4;
        // Checked per key: a hostile array of millions of items is refused before it is walked.
        if (size > limits.maxSize) return { tooDeep: false, tooLarge: true };
        let child: unknown;
        try {
          child = (current as Record<string, unknown>)[key];
        } catch {
          return { tooDeep: false, tooLarge: false, unreadable: true };
        }
        pending.push({ value: child, depth: depth + 1 });
      }
    }
    if (size > limits.maxSize) return { tooDeep: false, tooLarge: true };
  }
  return { tooDeep: false, tooLarge: false };
}

// The form's texts are cut as the adapters' are.
export { cutText } from '../utils';

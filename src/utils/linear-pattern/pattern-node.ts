/** The flags `compilePattern` tries, in order: HTML compiles `pattern` with `v`, then `u`, then none. */
export type PatternFlags = 'v' | 'u' | '';

/**
 * One part of a parsed pattern: only what decides which strings match. Captures, group names and
 * laziness are dropped, since whether the whole value matches does not depend on them.
 * `modifiers` holds the flags a `(?ims-ims:…)` group turns on where the part stands (`''`, `'i'`,
 * `'ms'`, …): the pattern attribute itself never carries `i`, `m` or `s`.
 */
export type PatternNode =
  | { readonly type: 'empty' }
  /** One character (a code point with `u`/`v`, a UTF-16 unit without): a literal, escape, class or `.`. */
  | { readonly type: 'char'; readonly atom: CharAtom; readonly modifiers: string }
  /**
   * A `v`-mode class (or `\p{…}` property of strings) that may match several characters, or none.
   * `emoji`: it names a property of strings (`\p{RGI_Emoji}`, …), which the engine is slow to compile.
   */
  | { readonly type: 'strings'; readonly source: string; readonly modifiers: string; readonly emoji: boolean }
  | { readonly type: 'assertion'; readonly kind: AssertionKind; readonly modifiers: string }
  | { readonly type: 'sequence'; readonly items: readonly PatternNode[] }
  | { readonly type: 'alternation'; readonly options: readonly PatternNode[] }
  /** `body` `min` to `max` times (`max` is `Infinity` for `*`, `+` and `{n,}`). */
  | { readonly type: 'repeat'; readonly body: PatternNode; readonly min: number; readonly max: number };

/**
 * A one-character atom: a literal code point (or UTF-16 unit), or the exact source of an escape,
 * class or `.`, which the native engine tests one character at a time.
 */
export type CharAtom = { readonly kind: 'literal'; readonly codePoint: number } | { readonly kind: 'native'; readonly source: string };

/** `^`, `$`, `\b` and `\B`. */
export type AssertionKind = 'start' | 'end' | 'word' | 'not-word';

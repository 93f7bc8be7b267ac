/**
 * Compiles a field's `pattern` as browsers do: with the `v` flag, then `u`, then none, anchored to
 * match the whole value. The pattern must compile on its own before it is anchored (so `a)(b` is
 * not rescued by the wrapping group). Returns undefined when no flag set compiles it.
 */
export function compilePattern(source: string): RegExp | undefined {
  for (const flags of ['v', 'u', '']) {
    try {
      new RegExp(source, flags);
      return new RegExp(`^(?:${source})$`, flags);
    } catch {
      // Try the next, more lenient flag set.
    }
  }
  return undefined;
}

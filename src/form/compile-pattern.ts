import { compileLinearPattern, LinearPattern, type PatternFlags, type UnsupportedReason } from '../utils';

/**
 * Why a field's `pattern` is not checked: the native engine refuses it with every flag set
 * (`invalid`), or it compiles but has no linear-time matcher (`unsupported`: backreferences,
 * lookarounds, automata too large).
 */
export type PatternRefusal = { readonly refused: 'invalid' } | { readonly refused: 'unsupported'; readonly reason: UnsupportedReason };

/**
 * Compiles a field's `pattern` as browsers do: with the `v` flag, then `u`, then none, to match the
 * whole value. The pattern must compile on its own (so `a)(b` is not rescued by a wrapping group).
 * The first flag set the native engine accepts decides the meaning; the match itself runs in
 * linear time (`LinearPattern`), because agents are steered by the pages they read and a
 * backtracking `^(a+)+$` would freeze the page. Returns why it cannot be checked otherwise.
 */
export function tryCompilePattern(source: string): LinearPattern | PatternRefusal {
  for (const flags of ['v', 'u', ''] as const satisfies readonly PatternFlags[]) {
    try {
      // Only a syntax check: this expression never runs.
      new RegExp(source, flags);
    } catch {
      // Try the next, more lenient flag set.
      continue;
    }
    const compiled = compileLinearPattern(source, flags);
    return compiled instanceof LinearPattern ? compiled : { refused: 'unsupported', reason: compiled.unsupported };
  }
  return { refused: 'invalid' };
}

/**
 * `tryCompilePattern`'s matcher, or undefined when the pattern cannot be checked (invalid or
 * unsupported), for callers that only need to know whether it can be.
 */
export function compilePattern(source: string): LinearPattern | undefined {
  const compiled = tryCompilePattern(source);
  return compiled instanceof LinearPattern ? compiled : undefined;
}

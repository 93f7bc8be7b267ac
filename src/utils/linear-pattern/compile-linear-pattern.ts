import { compileAutomaton } from './compile-automaton';
import { LinearPattern } from './linear-pattern';
import { parsePattern } from './parse-pattern';
import type { PatternFlags } from './pattern-node';
import { UnsupportedPattern, type UnsupportedReason } from './unsupported-pattern';

/**
 * Compiles `source`, which the native engine accepts with `flags`, to a `LinearPattern` that
 * matches exactly the values `^(?:source)$` matches, in linear time. Returns `{ unsupported }`
 * for what has no such matcher: backreferences and lookarounds (not regular), automata above
 * `MAX_STATES`, and syntax the parser does not read.
 */
export function compileLinearPattern(source: string, flags: PatternFlags): LinearPattern | { unsupported: UnsupportedReason } {
  try {
    return new LinearPattern(source, flags, compileAutomaton(parsePattern(source, flags), flags));
  } catch (error) {
    if (error instanceof UnsupportedPattern) return { unsupported: error.reason };
    // Nesting deep enough to exhaust the stack is a size problem like any other.
    if (error instanceof RangeError) return { unsupported: 'too-large' };
    // Anything else is a reading this parser got wrong: refused, never thrown at the form.
    return { unsupported: 'unrecognised' };
  }
}

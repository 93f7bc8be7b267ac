/**
 * Linear-time matching of agents' `pattern`s (framework-free): a parser of JavaScript's regular
 * expression syntax in the modes HTML compiles `pattern` with (`v`, `u`, none), a compiler to a
 * Thompson NFA, and its simulation. Single characters, classes and `\b` are tested by the native
 * engine one at a time, so their meaning is the browser's; the structure around them never
 * backtracks.
 */
export { compileLinearPattern } from './compile-linear-pattern';
export type { Automaton } from './compile-automaton';
export { LinearPattern } from './linear-pattern';
export { matchesWhole, type WorkMeter } from './matches-whole';
export type { PatternFlags } from './pattern-node';
export type { UnsupportedReason } from './unsupported-pattern';

import type { Automaton } from './compile-automaton';
import { matchesWhole } from './matches-whole';
import type { PatternFlags } from './pattern-node';

/**
 * The most automaton states one `test` visits: about 50–100 ms of work. Only a pathological
 * pattern (thousands of states alive at once) on a long value, or a value of hundreds of thousands
 * of characters, reaches it; every value of ordinary patterns is checked exactly.
 */
const WORK_BUDGET = 10_000_000;

/**
 * A field's `pattern`, compiled for a linear-time whole-value match. It is a `RegExp` (of
 * `^(?:source)$` with the flag HTML chose) so it fits wherever one is expected, but `test` and
 * `exec`, and through `exec` also `match`, `replace` and `search`, run the automaton, never the
 * backtracking engine: an agent's `^(a+)+$` cannot hang the page through it. `exec` reports the
 * whole value as the match, without groups. `split` and `matchAll`, which would build a native
 * copy, throw instead.
 *
 * A value that cannot be checked within `WORK_BUDGET` counts as matching, as the text of a field
 * whose pattern cannot be checked at all is accepted: a form must never stall or trap the person.
 */
export class LinearPattern extends RegExp {
  /** The automaton `test` and `exec` run. */
  readonly automaton: Automaton;

  /** Use `compileLinearPattern`, which makes the automaton; the engine's own copies (`split`, `matchAll`) are refused. */
  constructor(source: string, flags: PatternFlags, automaton: Automaton | undefined) {
    if (automaton === undefined) throw new TypeError('A LinearPattern matches whole values only (test, exec).');
    // The native engine only checks the syntax here; it never runs this expression.
    super(`^(?:${source})$`, flags);
    this.automaton = automaton;
  }

  /** Whether the whole of `value` matches (or cannot be checked within `WORK_BUDGET`). */
  override test(value: string): boolean {
    return matchesWhole(this.automaton, String(value), WORK_BUDGET) ?? true;
  }

  /** The whole of `value` as the match (no groups), or null, as `test` decides. `lastIndex` is ignored. */
  override exec(value: string): RegExpExecArray | null {
    const text = String(value);
    if (!this.test(text)) return null;
    return Object.assign([text], { index: 0, input: text, groups: undefined }) as RegExpExecArray;
  }
}

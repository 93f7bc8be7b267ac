import type { AssertionTest, CharTest, StringsTest } from './atom-tests';
import { StateKind, type Automaton } from './compile-automaton';

/** Counts the states visited by the matches it is given to, so several matches can share one budget. */
export interface WorkMeter {
  work: number;
}

/**
 * Whether the whole of `value` matches the automaton: the answer of `^(?:source)$` in the native
 * engine, found by following every path at once (Thompson's simulation) instead of one at a time.
 * At each position of the value each state is visited at most once and each distinct test asked
 * at most once, so the time is at most (value length × states), whatever the pattern: nothing
 * backtracks. With a `budget`, gives up (undefined) once that many states have been visited;
 * `meter` is then told how many were.
 */
export function matchesWhole(automaton: Automaton, value: string): boolean;
export function matchesWhole(automaton: Automaton, value: string, budget: number, meter?: WorkMeter): boolean | undefined;
export function matchesWhole(automaton: Automaton, value: string, budget = Infinity, meter?: WorkMeter): boolean | undefined {
  const { kinds, next, alternative, testOf, tests, start, byCodePoint } = automaton;
  const size = kinds.length;
  // The position at which a state was last reached, and a test last asked: once per position each.
  const reachedAt = new Int32Array(size).fill(-1);
  const askedAt = new Int32Array(tests.length).fill(-1);
  const answers = new Uint8Array(tests.length);
  // A state enters the stack once per position, so no list outgrows the automaton.
  const stack = new Int32Array(size);
  const reading = new Int32Array(size);
  // Seeds: one per reading state, plus the ends of strings that land here.
  let seeds = new Int32Array(size);
  let seedCount = 1;
  seeds[0] = start;
  /** Ends of strings read by a class of strings past the next character: position → states. */
  const later = new Map<number, number[]>();
  let character = 0;
  let work = 0;
  const done = <T>(result: T): T => {
    if (meter !== undefined) meter.work += work;
    return result;
  };

  const ask = (state: number, at: number): boolean => {
    const test = testOf[state] as number;
    if (askedAt[test] !== at) {
      askedAt[test] = at;
      const holds = kinds[state] === StateKind.Char ? (tests[test] as CharTest)(character) : (tests[test] as AssertionTest)(value, at);
      answers[test] = holds ? 1 : 0;
    }
    return answers[test] === 1;
  };

  for (let at = 0; ;) {
    // Follow the moves that read nothing; keep the states that read (or match). A state is marked
    // as it enters the stack, so it enters once per position.
    let readingCount = 0;
    let depth = 0;
    const pending = later.get(at);
    if (pending !== undefined) {
      later.delete(at);
      if (seedCount + pending.length > seeds.length) {
        const grown = new Int32Array(seedCount + pending.length);
        grown.set(seeds.subarray(0, seedCount));
        seeds = grown;
      }
      for (const state of pending) seeds[seedCount++] = state;
    }
    for (let i = 0; i < seedCount; i++) {
      const seed = seeds[i] as number;
      if (reachedAt[seed] === at) continue;
      reachedAt[seed] = at;
      stack[depth++] = seed;
      while (depth > 0) {
        const state = stack[--depth] as number;
        work++;
        const kind = kinds[state];
        let target = -1;
        if (kind === StateKind.Split) {
          const other = alternative[state] as number;
          if (reachedAt[other] !== at) {
            reachedAt[other] = at;
            stack[depth++] = other;
          }
          target = next[state] as number;
        } else if (kind === StateKind.Assertion) {
          if (ask(state, at)) target = next[state] as number;
        } else {
          reading[readingCount++] = state;
        }
        if (target >= 0 && reachedAt[target] !== at) {
          reachedAt[target] = at;
          stack[depth++] = target;
        }
      }
    }

    if (at === value.length) {
      for (let i = 0; i < readingCount; i++) if (kinds[reading[i] as number] === StateKind.Match) return done(true);
      return done(false);
    }
    if (readingCount === 0 && later.size === 0) return done(false);
    if (work > budget) return done(undefined);

    // Read one character.
    character = (byCodePoint ? value.codePointAt(at) : value.charCodeAt(at)) as number;
    const after = at + (character > 0xffff ? 2 : 1);
    seedCount = 0;
    for (let i = 0; i < readingCount; i++) {
      const state = reading[i] as number;
      const kind = kinds[state];
      if (kind === StateKind.Char) {
        if (ask(state, at)) seeds[seedCount++] = next[state] as number;
      } else if (kind === StateKind.Strings) {
        for (const end of (tests[testOf[state] as number] as StringsTest)(value, at)) {
          if (end === after) seeds[seedCount++] = next[state] as number;
          else {
            const waiting = later.get(end);
            if (waiting === undefined) later.set(end, [next[state] as number]);
            else waiting.push(next[state] as number);
          }
        }
      }
    }
    at = after;
  }
}

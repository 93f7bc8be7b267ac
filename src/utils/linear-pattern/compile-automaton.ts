import { assertionTest, charTest, matchesEmpty, stringsTest, type AssertionTest, type CharTest, type StringsTest } from './atom-tests';
import type { PatternFlags, PatternNode } from './pattern-node';
import { UnsupportedPattern } from './unsupported-pattern';

/** Kinds of automaton states (numbers, so the states fit a typed array). */
export const StateKind = {
  /** The whole pattern has matched (the value must end here). */
  Match: 0,
  /** Goes on to `next` and to `alternative` without reading. */
  Split: 1,
  /** Reads one character its test accepts. */
  Char: 2,
  /** Goes on to `next` without reading if its test holds here. */
  Assertion: 3,
  /** Reads one of the strings its test finds here. */
  Strings: 4,
} as const;

/** One of `StateKind`'s numbers. */
export type StateKind = (typeof StateKind)[keyof typeof StateKind];

/** Any of the tests a state may hold. */
type StateTest = CharTest | AssertionTest | StringsTest;

/**
 * A Thompson NFA: states numbered from 0, each with a kind, a `next` state and an `alternative`
 * (splits only). Character, assertion and strings states name their test by its index in `tests`:
 * every copy of a repeated atom shares one test, which the matcher asks once per position.
 */
export interface Automaton {
  readonly kinds: Uint8Array;
  readonly next: Int32Array;
  readonly alternative: Int32Array;
  /** Index in `tests` of the state's test; -1 for splits and the match. */
  readonly testOf: Int32Array;
  /** The distinct tests. */
  readonly tests: readonly StateTest[];
  readonly start: number;
  /** Read the value by code point (`u`, `v`) rather than by UTF-16 unit. */
  readonly byCodePoint: boolean;
}

/**
 * The largest automaton compiled: it bounds memory and the work per character of the value
 * (a match visits at most value length × states; `WORK_BUDGET` caps the total). `\d{1,1000}`
 * fits, `(?:a{1000}){1000}` does not.
 */
const MAX_STATES = 10_000;

/** What a class with `\p{…}` of strings counts for against `MAX_STATES`: three fit in a pattern. */
const PROPERTY_OF_STRINGS_COST = 2_500;

/** States `node` compiles to (`Infinity` past any bound), computed before building anything. */
function sizeOf(node: PatternNode): number {
  switch (node.type) {
    case 'empty':
      return 0;
    case 'char':
    case 'assertion':
      return 1;
    case 'strings':
      // The engine tries every string of the class at each position it is reached, and compiling a
      // property of strings (emoji sequences) costs it tens of milliseconds: a pattern holds few.
      return 2 + node.source.length + (node.emoji ? PROPERTY_OF_STRINGS_COST : 0);
    case 'sequence':
      return node.items.reduce((sum, item) => sum + sizeOf(item), 0);
    case 'alternation':
      return node.options.reduce((sum, option) => sum + sizeOf(option), 0) + node.options.length - 1;
    case 'repeat': {
      // An empty body still costs a step per copy to build.
      const body = Math.max(1, sizeOf(node.body));
      return node.max === Infinity ? body * (node.min + 1) + 1 : body * node.max + (node.max - node.min);
    }
  }
}

class Builder {
  private readonly kinds: StateKind[] = [];
  private readonly next: number[] = [];
  private readonly alternative: number[] = [];
  private readonly testOf: number[] = [];
  private readonly tests: StateTest[] = [];
  /** Index in `tests` of each distinct atom's test. */
  private readonly shared = new Map<string, number>();

  constructor(private readonly flags: PatternFlags) {}

  add(kind: StateKind, next: number, alternative = -1, test = -1): number {
    this.kinds.push(kind);
    this.next.push(next);
    this.alternative.push(alternative);
    this.testOf.push(test);
    return this.kinds.length - 1;
  }

  /** The index of the test of the atom `key`, made on first use. */
  private test(key: string, make: () => StateTest): number {
    let index = this.shared.get(key);
    if (index === undefined) {
      index = this.tests.push(make()) - 1;
      this.shared.set(key, index);
    }
    return index;
  }

  /** Compiles `node` to states that continue to `next`; returns its first state. */
  compile(node: PatternNode, next: number): number {
    const { flags } = this;
    switch (node.type) {
      case 'empty':
        return next;
      case 'char': {
        const { atom, modifiers } = node;
        const key = `c${modifiers}:${atom.kind === 'literal' ? String(atom.codePoint) : `/${atom.source}`}`;
        return this.add(
          StateKind.Char,
          next,
          -1,
          this.test(key, () => charTest(atom, modifiers, flags)),
        );
      }
      case 'assertion': {
        const { kind, modifiers } = node;
        return this.add(
          StateKind.Assertion,
          next,
          -1,
          this.test(`a${modifiers}:${kind}`, () => assertionTest(kind, modifiers, flags)),
        );
      }
      case 'strings': {
        const { source, modifiers } = node;
        const strings = this.add(
          StateKind.Strings,
          next,
          -1,
          this.test(`s${modifiers}:${source}`, () => stringsTest(source, modifiers)),
        );
        return matchesEmpty(source, modifiers) ? this.add(StateKind.Split, strings, next) : strings;
      }
      case 'sequence': {
        let start = next;
        for (let i = node.items.length - 1; i >= 0; i--) start = this.compile(node.items[i] as PatternNode, start);
        return start;
      }
      case 'alternation': {
        const starts = node.options.map((option) => this.compile(option, next));
        let start = starts[starts.length - 1] as number;
        for (let i = starts.length - 2; i >= 0; i--) start = this.add(StateKind.Split, starts[i] as number, start);
        return start;
      }
      case 'repeat':
        return this.repeat(node.body, node.min, node.max, next);
    }
  }

  /** `body{min,max}`: `min` copies, then a loop (no `max`) or `max − min` nested optional copies. */
  private repeat(body: PatternNode, min: number, max: number, next: number): number {
    let tail = next;
    if (max === Infinity) {
      const loop = this.add(StateKind.Split, -1, next);
      this.next[loop] = this.compile(body, loop);
      tail = loop;
    } else {
      for (let i = min; i < max; i++) tail = this.add(StateKind.Split, this.compile(body, tail), next);
    }
    for (let i = 0; i < min; i++) tail = this.compile(body, tail);
    return tail;
  }

  finish(start: number): Automaton {
    return {
      kinds: Uint8Array.from(this.kinds),
      next: Int32Array.from(this.next),
      alternative: Int32Array.from(this.alternative),
      testOf: Int32Array.from(this.testOf),
      tests: this.tests,
      start,
      byCodePoint: this.flags !== '',
    };
  }
}

/**
 * Compiles a parsed pattern to an automaton that accepts exactly the values the native engine
 * matches whole. Throws `UnsupportedPattern('too-large')` past `MAX_STATES`.
 */
export function compileAutomaton(node: PatternNode, flags: PatternFlags): Automaton {
  const size = sizeOf(node) + 1;
  if (!(size <= MAX_STATES)) throw new UnsupportedPattern('too-large');
  const builder = new Builder(flags);
  return builder.finish(builder.compile(node, builder.add(StateKind.Match, -1)));
}

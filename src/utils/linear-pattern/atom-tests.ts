import type { AssertionKind, CharAtom, PatternFlags } from './pattern-node';

/*
 * Single characters, classes, `\b` and emoji classes are tested by the native engine, one atom at
 * a time: that is what makes case folding, Unicode properties, `v`-mode set operations and
 * Annex B escapes behave exactly as in the browser. None of these regular expressions can
 * backtrack catastrophically: each matches one character (or, for a class of strings, one string
 * from a finite list) at one position.
 */

/** Whether a character (code point with u/v, UTF-16 unit without) matches a one-character atom. */
export type CharTest = (character: number) => boolean;

/** Whether an assertion holds in `value` at `at` (a UTF-16 index). */
export type AssertionTest = (value: string, at: number) => boolean;

/** The UTF-16 end indices (after `at`) of the non-empty strings a class of strings matches in `value` at `at`. */
export type StringsTest = (value: string, at: number) => number[];

/** `source` wrapped in the modifiers it stands under: `(?i:…)` only where a group turned one on. */
function scoped(source: string, modifiers: string): string {
  return `(?${modifiers}:${source})`;
}

/** The source of a literal, written as an escape so no character of it is syntax. */
function escapedLiteral(codePoint: number, flags: PatternFlags): string {
  const hex = codePoint.toString(16);
  return flags === '' ? `\\u${hex.padStart(4, '0')}` : `\\u{${hex}}`;
}

/** Answers for the characters seen so far: a value repeats few distinct characters. */
function memoized(test: (character: number) => boolean): CharTest {
  const ascii = new Int8Array(128);
  const others = new Map<number, boolean>();
  return (character) => {
    if (character < 128) {
      if (ascii[character] === 0) ascii[character] = test(character) ? 1 : -1;
      return ascii[character] === 1;
    }
    let known = others.get(character);
    if (known === undefined) {
      known = test(character);
      others.set(character, known);
    }
    return known;
  };
}

/** The test of a one-character atom under `modifiers`, in a pattern compiled with `flags`. */
export function charTest(atom: CharAtom, modifiers: string, flags: PatternFlags): CharTest {
  if (atom.kind === 'literal' && !modifiers.includes('i')) {
    const { codePoint } = atom;
    return (character) => character === codePoint;
  }
  const source = atom.kind === 'literal' ? escapedLiteral(atom.codePoint, flags) : atom.source;
  // Made now, so a source this parser misread is refused when compiled, not thrown while checking.
  const whole = new RegExp(`^${scoped(source, modifiers)}$`, flags);
  return memoized((character) => whole.test(String.fromCodePoint(character)));
}

const isLineTerminator = (unit: number): boolean => unit === 0x0a || unit === 0x0d || unit === 0x2028 || unit === 0x2029;

/** The test of `^`, `$`, `\b` or `\B` under `modifiers`, in a pattern compiled with `flags`. */
export function assertionTest(kind: AssertionKind, modifiers: string, flags: PatternFlags): AssertionTest {
  const multiline = modifiers.includes('m');
  switch (kind) {
    case 'start':
      return (value, at) => at === 0 || (multiline && isLineTerminator(value.charCodeAt(at - 1)));
    case 'end':
      return (value, at) => at === value.length || (multiline && isLineTerminator(value.charCodeAt(at)));
    default: {
      // Which characters are word characters depends on u/v and i (ſ and K fold into \w): ask the engine.
      const boundary = new RegExp(scoped(kind === 'word' ? '\\b' : '\\B', modifiers), `${flags}y`);
      return (value, at) => {
        boundary.lastIndex = at;
        return boundary.test(value);
      };
    }
  }
}

/** Whether a class of strings matches the empty string (`[\q{}]`, `[\q{a|}]`). */
export function matchesEmpty(source: string, modifiers: string): boolean {
  return new RegExp(`^${scoped(source, modifiers)}$`, 'v').test('');
}

/**
 * The test of a `v`-mode class that may match strings (`[\q{ab|c}]`, `\p{RGI_Emoji}`). The engine
 * tries a class's strings longest first, so a sticky match gives the longest string at `at`; each
 * shorter one is found by matching again within the previous match less its last character.
 */
export function stringsTest(source: string, modifiers: string): StringsTest {
  const sticky = new RegExp(scoped(source, modifiers), 'vy');
  return (value, at) => {
    const ends: number[] = [];
    sticky.lastIndex = at;
    let found = sticky.exec(value)?.[0];
    while (found !== undefined && found !== '') {
      const end = at + found.length;
      const unit = value.charCodeAt(end - 1);
      // A string ending in half of a surrogate pair of the value is not a match of whole code points.
      const splitsPair = unit >= 0xd800 && unit <= 0xdbff && end < value.length && (value.charCodeAt(end) & 0xfc00) === 0xdc00;
      if (!splitsPair) ends.push(end);
      sticky.lastIndex = 0;
      found = sticky.exec(value.slice(at, end - 1))?.[0];
    }
    return ends;
  };
}

/** Why a pattern the native engine accepts has no linear-time matcher here. */
export type UnsupportedReason =
  /** `\1`, `\k<name>`: the language is not regular. */
  | 'backreference'
  /** `(?=`, `(?!`, `(?<=`, `(?<!`. */
  | 'lookaround'
  /** The automaton would exceed its bound (large `{n}` counts, huge patterns, deep nesting). */
  | 'too-large'
  /** Syntax this parser does not read (an engine newer than it); refused rather than guessed at. */
  | 'unrecognised';

/** Thrown while parsing or compiling a pattern that cannot be matched in linear time. */
export class UnsupportedPattern extends Error {
  /** What makes the pattern unsupported. */
  readonly reason: UnsupportedReason;

  constructor(reason: UnsupportedReason) {
    super(`The pattern cannot be matched in linear time: ${reason}`);
    this.name = 'UnsupportedPattern';
    this.reason = reason;
  }
}

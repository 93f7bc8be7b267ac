/**
 * Why a field's value is refused: a code (the constraint broken, named as HTML's `ValidityState`
 * names it where HTML has one) and the parameters a message needs. No text: views turn an issue
 * into words through their messages, so the core needs no locale.
 */
export type FieldIssue =
  /** The element holds input it cannot read as its kind (a half-typed date, "1e" in a number). */
  | { readonly code: 'badInput' }
  /** A required field is empty, unchecked, or has nothing chosen. */
  | { readonly code: 'required' }
  /** Not an email address by HTML's rules. */
  | { readonly code: 'invalidEmail' }
  /** Not an absolute address with a scheme and a host. */
  | { readonly code: 'invalidUrl' }
  /** Shorter than `minLength`; `length` is the value's, both in UTF-16 code units. */
  | { readonly code: 'tooShort'; readonly minLength: number; readonly length: number }
  /** Longer than `maxLength`. */
  | { readonly code: 'tooLong'; readonly maxLength: number; readonly length: number }
  /** The whole value does not match `pattern` (the agent's source). */
  | { readonly code: 'patternMismatch'; readonly pattern: string }
  /** Below `min`; `minText` is `min` in the field's own value format (a date for date-like kinds). */
  | { readonly code: 'rangeUnderflow'; readonly min: number; readonly minText: string }
  /** Above `max`; `maxText` as `minText`. */
  | { readonly code: 'rangeOverflow'; readonly max: number; readonly maxText: string }
  /** Not on the step grid from `min` (or 0); `lower` and `upper` are the valid values either side. */
  | { readonly code: 'stepMismatch'; readonly step: number; readonly lower: number; readonly upper: number }
  /** Fewer options chosen in a checkbox group than `minItems`; `count` is how many are. */
  | { readonly code: 'tooFewChosen'; readonly min: number; readonly count: number }
  /** More options chosen in a checkbox group than `maxItems`. */
  | { readonly code: 'tooManyChosen'; readonly max: number; readonly count: number };

/** The codes of `FieldIssue`. */
export type FieldIssueCode = FieldIssue['code'];

/** Whether two issues say the same (same code, same parameters), so an unchanged issue notifies nobody. */
export function sameIssue(a: FieldIssue | null, b: FieldIssue | null): boolean {
  // Issues are flat objects built with their keys in one order, so their JSON compares them.
  return a === b || (a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));
}

import { isDateLikeKind } from '../schema';
import { formatDateLike, parseDateLike } from './date-like';
import type { FieldIssue } from './field-issue';
import type { FieldModel, FieldValue } from './field-model';
import { compilePattern } from './compile-pattern';
import { LinearPattern } from '../utils';
import { tidyNumber } from './sanitizers';

/** HTML's "valid email address" (https://html.spec.whatwg.org/#valid-e-mail-address). */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Whether `text` is an email address by HTML's rules (what `<input type="email">` accepts). */
export function isValidEmail(text: string): boolean {
  return EMAIL.test(text);
}

/** An absolute address with a scheme and a host (`https://a.example`, `ftp://h`); not `mailto:` or `javascript:`. */
export function isValidUrl(text: string): boolean {
  try {
    return new URL(text).host !== '';
  } catch {
    return false;
  }
}

function isMissing(field: FieldModel, value: FieldValue): boolean {
  switch (field.control) {
    case 'input':
    case 'textarea':
      return value === '';
    case 'checkbox':
    case 'switch':
      return value !== true;
    case 'select':
    case 'radio':
      return value === null;
    case 'checkbox-group':
      return !Array.isArray(value) || value.length === 0;
    case 'range':
      // A range always holds a value.
      return false;
  }
}

/** The two valid values either side of `n` on the step grid that starts at `base`. */
function stepNeighbours(n: number, base: number, step: number): { lower: number; upper: number } {
  const k = Math.floor((n - base) / step);
  return { lower: tidyNumber(base + k * step), upper: tidyNumber(base + (k + 1) * step) };
}

function isOnStep(n: number, base: number, step: number): boolean {
  const q = (n - base) / step;
  // A step finer than a double can count in (e.g. 5e-324) puts every number on the grid.
  if (!Number.isFinite(q)) return true;
  return Math.abs(q - Math.round(q)) < 1e-9 * Math.max(1, Math.abs(q));
}

function checkNumber(field: FieldModel, n: number): FieldIssue | null {
  if (!Number.isFinite(n)) return { code: 'badInput' };
  if (field.min !== undefined && n < field.min) return { code: 'rangeUnderflow', min: field.min, minText: String(field.min) };
  if (field.max !== undefined && n > field.max) return { code: 'rangeOverflow', max: field.max, maxText: String(field.max) };
  if (field.step !== undefined) {
    // The step grid starts at min, as in HTML (which would fall back to the default value; we use 0).
    const base = field.min ?? 0;
    if (!isOnStep(n, base, field.step)) return { code: 'stepMismatch', step: field.step, ...stepNeighbours(n, base, field.step) };
  }
  return null;
}

/** Linear matchers for models whose `regexp` is a native one (built by hand, not by `buildFormModel`). */
const linearOf = new WeakMap<RegExp, LinearPattern | undefined>();

/**
 * Whether `text` matches the field's pattern as a whole, in time linear in its length. The native
 * engine never runs it: agents' patterns are hostile input, and `^(a+)+$` would backtrack for
 * minutes. `buildFormModel` compiles a `LinearPattern`; any other `RegExp` is compiled again
 * from the agent's source, and one that cannot be checked accepts any text (as its note says).
 */
function matchesPattern(pattern: NonNullable<FieldModel['pattern']>, text: string): boolean {
  const { regexp } = pattern;
  if (regexp instanceof LinearPattern) return regexp.test(text);
  if (!linearOf.has(regexp)) linearOf.set(regexp, compilePattern(pattern.source));
  return linearOf.get(regexp)?.test(text) ?? true;
}

function checkText(field: FieldModel, text: string): FieldIssue | null {
  if (field.kind === 'email' && !isValidEmail(text)) return { code: 'invalidEmail' };
  if (field.kind === 'url' && !isValidUrl(text)) return { code: 'invalidUrl' };
  if (field.minLength !== undefined && text.length < field.minLength) {
    return { code: 'tooShort', minLength: field.minLength, length: text.length };
  }
  if (field.maxLength !== undefined && text.length > field.maxLength) {
    return { code: 'tooLong', maxLength: field.maxLength, length: text.length };
  }
  if (field.pattern && !matchesPattern(field.pattern, text)) return { code: 'patternMismatch', pattern: field.pattern.source };
  if (field.kind === 'number') return checkNumber(field, Number(text));
  if (isDateLikeKind(field.kind)) {
    const kind = field.kind;
    const n = parseDateLike(kind, text);
    if (n === null) return { code: 'badInput' };
    const show = (limit: number) => formatDateLike(kind, limit) ?? String(limit);
    if (field.min !== undefined && n < field.min) return { code: 'rangeUnderflow', min: field.min, minText: show(field.min) };
    if (field.max !== undefined && n > field.max) return { code: 'rangeOverflow', max: field.max, maxText: show(field.max) };
  }
  return null;
}

/**
 * The first constraint `value` breaks, or null when it is valid. Rules follow HTML's constraint
 * validation: disabled and read-only fields are not checked (the person cannot change them), and
 * every rule but `required` and a checkbox group's `minItems` lets an empty value through.
 * `badInput` says the element holds input it cannot read, which only the element knows (typing
 * "e" into a number input leaves its value '').
 */
export function validateField(field: FieldModel, value: FieldValue, badInput: boolean): FieldIssue | null {
  if (field.disabled || field.readonly) return null;
  if (badInput) return { code: 'badInput' };
  if (field.control === 'checkbox-group') {
    // Before "required": "Choose at least 2 options" says more than "required" about an empty group.
    const count = Array.isArray(value) ? value.length : 0;
    if (field.minItems !== undefined && count < field.minItems) return { code: 'tooFewChosen', min: field.minItems, count };
    if (field.maxItems !== undefined && count > field.maxItems) return { code: 'tooManyChosen', max: field.maxItems, count };
  }
  if (field.required && isMissing(field, value)) return { code: 'required' };
  if (field.control === 'input' || field.control === 'textarea') {
    const text = typeof value === 'string' ? value : '';
    return text === '' ? null : checkText(field, text);
  }
  if (field.control === 'range' && typeof value === 'number') return checkNumber(field, value);
  return null;
}

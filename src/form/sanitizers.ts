import { isDateLikeKind } from '../schema';
import { sanitizeDateLike } from './date-like';
import type { FieldModel } from './field-model';

/** HTML's "valid floating-point number"; anything else is sanitised to '' by number inputs. */
const FLOAT = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/** Whether `text` is a number as HTML's number input accepts it (`1`, `-.5`, `2e3`; not `1.`, `0x1`, ` 1`). */
export function isFloatText(text: string): boolean {
  return FLOAT.test(text);
}

function stripNewlines(text: string): string {
  return text.replace(/[\r\n]/g, '');
}

/** The value an `<input>` or `<textarea>` of this kind would hold after HTML's value sanitisation. */
export function sanitizeText(kind: string, text: string): string {
  if (kind === 'textarea') return text.replace(/\r\n?/g, '\n');
  if (kind === 'email' || kind === 'url') return stripNewlines(text).replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
  if (kind === 'number') return isFloatText(text) ? text : '';
  if (isDateLikeKind(kind)) return sanitizeDateLike(kind, text);
  return stripNewlines(text);
}

/** A tidy decimal: 0.1 + 0.2 shows as 0.3, not 0.30000000000000004. */
export function tidyNumber(n: number): number {
  return Number.parseFloat(n.toPrecision(12));
}

/**
 * The range's value after HTML's sanitisation: clamped to [min, max] (default [0, 100]), snapped
 * to the step (default 1). `value` undefined gives HTML's default, the midpoint.
 */
export function sanitizeRange(field: Pick<FieldModel, 'min' | 'max' | 'step'>, value: number | undefined): number {
  const lo = field.min ?? 0;
  const hi = Math.max(field.max ?? 100, lo);
  const step = field.step ?? 1;
  let v = value ?? lo + (hi - lo) / 2;
  v = Math.min(Math.max(v, lo), hi);
  // A step finer than a double can count in (e.g. 5e-324) leaves the value as it is.
  if (Number.isFinite((hi - lo) / step)) {
    v = lo + Math.round((v - lo) / step) * step;
    if (v > hi) v = lo + Math.floor((hi - lo) / step) * step;
  }
  return tidyNumber(v);
}

import { isDateLikeKind, type FormFieldOption } from '../schema';
import { formatDateLike, sanitizeDateLike } from './date-like';
import type { FieldModel, FieldValue } from './field-model';
import { isFloatText, sanitizeRange, sanitizeText } from './sanitizers';

/** The option a value stands for: the same JSON value, else the same text ("2" for 2); -1 for none. */
function optionIndex(options: readonly FormFieldOption[], value: unknown): number {
  if (typeof value !== 'string' && typeof value !== 'number') return -1;
  const exact = options.findIndex((option) => option.value === value);
  return exact >= 0 ? exact : options.findIndex((option) => String(option.value) === String(value));
}

/**
 * The editing value for `raw` (a `defaultValue`, or a value from a saved draft), or undefined when
 * it does not suit the field: a numeric string for a number, the option whose value equals it
 * (else whose text does), `"true"`/`"false"` for a checkbox. Numbers are accepted for date-like
 * kinds as their `valueAsNumber`, like `min` and `max`.
 */
export function coerceFieldValue(field: FieldModel, raw: unknown): FieldValue | undefined {
  switch (field.control) {
    case 'input':
    case 'textarea': {
      if (field.kind === 'number') {
        if (raw === null || raw === '') return '';
        if (typeof raw === 'number') return Number.isFinite(raw) ? String(raw) : undefined;
        if (typeof raw === 'string') return isFloatText(raw.trim()) ? raw.trim() : undefined;
        return undefined;
      }
      if (isDateLikeKind(field.kind)) {
        if (raw === null || raw === '') return '';
        if (typeof raw === 'number') return formatDateLike(field.kind, raw) ?? undefined;
        if (typeof raw === 'string') {
          const value = sanitizeDateLike(field.kind, raw.trim());
          return value === '' ? undefined : value;
        }
        return undefined;
      }
      if (raw === null) return '';
      if (typeof raw === 'string') return sanitizeText(field.kind, raw);
      if (typeof raw === 'number' && Number.isFinite(raw)) return sanitizeText(field.kind, String(raw));
      return undefined;
    }
    case 'range': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && isFloatText(raw.trim()) ? Number(raw) : NaN;
      return Number.isFinite(n) ? sanitizeRange(field, n) : undefined;
    }
    case 'checkbox':
    case 'switch':
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === 'false') return raw === 'true';
      return undefined;
    case 'select':
    case 'radio': {
      if (raw === null) return null;
      const index = optionIndex(field.options, raw);
      return index >= 0 ? index : undefined;
    }
    case 'checkbox-group': {
      const wanted = Array.isArray(raw) ? raw : raw === null ? [] : [raw];
      const indices = wanted.map((value) => optionIndex(field.options, value));
      if (indices.some((index) => index < 0)) return undefined;
      return [...new Set(indices)].sort((a, b) => a - b);
    }
  }
}

/**
 * The value of a field nobody has touched and that has no usable default: `''`, `false`, null,
 * `[]`, or for a range HTML's default (the midpoint, snapped to the step).
 */
export function emptyFieldValue(field: FieldModel): FieldValue {
  switch (field.control) {
    case 'input':
    case 'textarea':
      return '';
    case 'range':
      return sanitizeRange(field, undefined);
    case 'checkbox':
    case 'switch':
      return false;
    case 'select':
    case 'radio':
      return null;
    case 'checkbox-group':
      return [];
  }
}

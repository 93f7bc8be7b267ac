import type { FormAnswerValue } from '../schema';
import type { FieldModel, FieldValue } from './field-model';
import { sanitizeRange } from './sanitizers';

/**
 * The answer value of an editing value: text-like and date-like kinds → string (`''` when empty);
 * number → number, or null when empty or unreadable; range → number; checkbox without options and
 * switch → boolean; checkbox group → array of the chosen option values; radio and single select →
 * the option value or null. Option values keep their JSON type.
 */
export function answerValue(field: FieldModel, value: FieldValue): FormAnswerValue {
  switch (field.control) {
    case 'input':
    case 'textarea': {
      const text = typeof value === 'string' ? value : '';
      if (field.kind !== 'number') return text;
      const n = text.trim() === '' ? NaN : Number(text);
      return Number.isFinite(n) ? n : null;
    }
    case 'range':
      return typeof value === 'number' ? value : sanitizeRange(field, undefined);
    case 'checkbox':
    case 'switch':
      return value === true;
    case 'select':
    case 'radio':
      return typeof value === 'number' ? (field.options[value]?.value ?? null) : null;
    case 'checkbox-group':
      return Array.isArray(value)
        ? value.flatMap((index: number) => {
            const option = field.options[index];
            return option ? [option.value] : [];
          })
        : [];
  }
}

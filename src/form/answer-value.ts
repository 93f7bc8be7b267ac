import type { FormAnswerValue } from '../schema';
import type { FieldModel, FieldValue } from './field-model';
import { sanitizeRange } from './sanitizers';

/** JSON has no -0 (`JSON.stringify(-0)` is `"0"`): the answer holds +0, what the agent reads. */
const onWire = <T>(value: T): T => (value === 0 ? (0 as T) : value);

/**
 * The answer value of an editing value: text-like and date-like kinds → string (`''` when empty);
 * number → number, or null when empty or unreadable; range → number; checkbox without options and
 * switch → boolean; checkbox group → array of the chosen option values; radio and single select →
 * the option value or null. Option values keep their JSON type; a zero is always +0, as JSON sends it.
 */
export function answerValue(field: FieldModel, value: FieldValue): FormAnswerValue {
  switch (field.control) {
    case 'input':
    case 'textarea': {
      const text = typeof value === 'string' ? value : '';
      if (field.kind !== 'number') return text;
      const n = text.trim() === '' ? NaN : Number(text);
      return Number.isFinite(n) ? onWire(n) : null;
    }
    case 'range':
      return onWire(typeof value === 'number' ? value : sanitizeRange(field, undefined));
    case 'checkbox':
    case 'switch':
      return value === true;
    case 'select':
    case 'radio':
      return typeof value === 'number' ? onWire(field.options[value]?.value ?? null) : null;
    case 'checkbox-group':
      return Array.isArray(value)
        ? value.flatMap((index: number) => {
            const option = field.options[index];
            return option ? [onWire(option.value)] : [];
          })
        : [];
  }
}

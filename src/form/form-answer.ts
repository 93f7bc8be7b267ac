import type { FormAnswer } from '../schema';
import { isRecord } from '../utils';
import { answerValue } from './answer-value';
import { coerceFieldValue } from './coerce-field-value';
import type { FieldModel, FieldValue } from './field-model';

/**
 * The answer to a form (spec §2.9): one `{ label, value }` per field, in field order, with the
 * agent's label (`''` when it gave none). A missing value counts as the field's initial one.
 */
export function buildFormAnswer(fields: readonly FieldModel[], values: readonly FieldValue[]): FormAnswer {
  return fields.map((field) => ({ label: field.answerLabel, value: answerValue(field, values[field.index] ?? field.initial) }));
}

/**
 * The values a form starts with: each field's entry of `draft` (an earlier answer), coerced to the
 * field, else the field's initial value. Entries apply by position; one whose label differs from
 * the field's is ignored, so a draft of another form cannot leak in. `draft` is untrusted.
 */
export function initialFieldValues(fields: readonly FieldModel[], draft: FormAnswer | undefined): FieldValue[] {
  return fields.map((field) => {
    const entry: unknown = draft?.[field.index];
    if (isRecord(entry) && entry.label === field.answerLabel) {
      const value = coerceFieldValue(field, entry.value);
      if (value !== undefined) return value;
    }
    return field.initial;
  });
}

import type { FormAnswer } from '../schema';
import { isRecord } from '../utils';

/** Autocomplete tokens whose values are never kept in a draft: secrets and payment data. */
const SECRET_AUTOCOMPLETE = /(^|\s)(one-time-code|current-password|new-password|cc-[a-z-]+)(\s|$)/;

/** True for a `form_input` field whose value must never be stored: passwords, one-time codes, card data. */
export function isSecretField(field: unknown): boolean {
  if (!isRecord(field)) return true;
  if (String(field.type).toLowerCase() === 'password') return true;
  return typeof field.autocomplete === 'string' && SECRET_AUTOCOMPLETE.test(field.autocomplete.trim().toLowerCase());
}

/**
 * The part of `answer` that may be kept as a draft of a `form_input` call with `parameters`:
 * entries by position, a secret field's (or one the parameters do not describe) replaced by
 * `null`, which `initialFieldValues` skips, so the other entries keep their positions.
 */
export function draftableAnswer(parameters: unknown, answer: FormAnswer): Array<FormAnswer[number] | null> {
  const fields: unknown[] = isRecord(parameters) && Array.isArray(parameters.fields) ? parameters.fields : [];
  return answer.map((entry, index) => (index < fields.length && !isSecretField(fields[index]) ? entry : null));
}

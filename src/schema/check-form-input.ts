import { isRecord } from '../utils';
import type { ErrorObject } from 'ajv';
import { FORM_FIELD_TYPES } from './form-input-schema';
import { validate } from './form-input-validator.generated.js';
import { pointerSegments } from './json-pointer';

/** Kinds of problems in `form_input` parameters. */
export type FormInputProblemCode =
  /** The parameters break `formInputSchema`. */
  | 'schema'
  /** A field's `type` is a string but not one of the 17 kinds; the field is shown as text. */
  | 'unknown-type'
  /** A field's `pattern` is not a regular expression; the field is shown without it. */
  | 'invalid-pattern'
  /** A field's `min` is above its `max`; neither is applied. */
  | 'min-above-max'
  /** A field's `minLength` is above its `maxLength`; neither is applied. */
  | 'length-min-above-max'
  /** A select or radio field has no options. */
  | 'no-options'
  /** A field's `defaultValue` does not suit its kind (or matches no option); it is not used. */
  | 'default-ignored'
  /** The parameters go past a limit of what a form shows (too large, too deep, too many fields or options). */
  | 'too-large';

/** One thing wrong with the parameters of a `form_input` call. */
export interface FormInputProblem {
  code: FormInputProblemCode;
  /**
   * `'error'`: the form cannot be shown, only an alert listing the problems.
   * `'warning'`: the form is shown, with the faulty part ignored (and a note where the person
   * needs to know).
   */
  severity: 'error' | 'warning';
  /** JSON Pointer to the faulty value, e.g. `/fields/2/type`; `''` for the parameters themselves. */
  path: string;
  /** Position of the field concerned, from 0, if any. */
  fieldIndex?: number;
  /** A plain English sentence, e.g. `Field 3 (Email): "type" must be one of text, number, …`. */
  message: string;
}

function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function joinAlternatives(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1] ?? ''}`;
}

/** Problems listed one by one; the rest are counted in one last problem. */
const MAX_LISTED_PROBLEMS = 50;

/** Shortened so a hostile, huge label cannot swamp the problem list. */
function shortLabel(label: string): string {
  // Only the head is split into characters, so a megabyte label costs what a short one does; past
  // 82 UTF-16 units there are at least 41 characters.
  const head = Array.from(label.slice(0, 82));
  return head.length > 40 || label.length > 82 ? `${head.slice(0, 40).join('')}…` : label;
}

/** "Field 3 (Email)", or "Field 3" when the field has no usable label; positions count from 1. */
export function fieldSubject(fieldIndex: number, field: unknown): string {
  const label = isRecord(field) && typeof field.label === 'string' && field.label.trim() !== '' ? field.label : undefined;
  return `Field ${fieldIndex + 1}${label === undefined ? '' : ` (${shortLabel(label)})`}`;
}

/** "Field 3 (Email)", "Field 3 (Plan), option 2" or "The form", and the rest of the JSON Pointer. */
function describeLocation(parameters: unknown, segments: readonly string[]): { subject: string; fieldIndex?: number; rest: string[] } {
  if (segments[0] !== 'fields' || segments.length < 2) return { subject: 'The form', rest: [...segments] };
  const fieldIndex = Number(segments[1]);
  const fields = isRecord(parameters) ? parameters.fields : undefined;
  let subject = fieldSubject(fieldIndex, Array.isArray(fields) ? fields[fieldIndex] : undefined);
  let rest = segments.slice(2);
  if (rest[0] === 'options' && rest.length >= 2) {
    subject += `, option ${Number(rest[1]) + 1}`;
    rest = rest.slice(2);
  }
  return { subject, fieldIndex, rest };
}

function valueAt(root: unknown, segments: readonly string[]): unknown {
  let current: unknown = root;
  for (const segment of segments) {
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isRecord(current)) current = current[segment];
    else return undefined;
  }
  return current;
}

function sentence(parameters: unknown, error: ErrorObject): { message: string; fieldIndex?: number } {
  const segments = pointerSegments(error.instancePath);
  const { subject, fieldIndex, rest } = describeLocation(parameters, segments);
  const property = rest.length > 0 ? `"${rest.join('.')}"` : undefined;
  const value = valueAt(parameters, segments);
  const params = error.params as Record<string, unknown>;
  let text: string;
  switch (error.keyword) {
    case 'type': {
      const expected = (Array.isArray(params.type) ? params.type : [params.type]).map((t) => TYPE_NAMES[String(t)] ?? String(t));
      const what = joinAlternatives(expected);
      text = property
        ? `${subject}: ${property} must be ${what}, not ${describeJsonType(value)}.`
        : segments.length === 0
          ? `The parameters must be ${what}, not ${describeJsonType(value)}.`
          : `${subject} must be ${what}, not ${describeJsonType(value)}.`;
      break;
    }
    case 'required':
      text = `${subject}: "${String(params.missingProperty)}" is missing.`;
      break;
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues.map(String) : [];
      text = `${subject}: ${property ?? 'the value'} must be one of ${allowed.join(', ')}.`;
      break;
    }
    default:
      text = `${subject}: ${property ?? 'the value'} ${error.message ?? 'is not valid'}.`;
  }
  return fieldIndex === undefined ? { message: text } : { message: text, fieldIndex };
}

/**
 * Checks `form_input` parameters against `formInputSchema` with the precompiled validator (no
 * ajv compiler, no `eval`), and turns every schema error into a plain sentence.
 *
 * An unknown field `type` that is still a string is a `'warning'` (`<ToolCallForm>` shows such a
 * field as text); every other schema error is an `'error'`. Unknown properties are not problems:
 * the schema allows them, and the form ignores them. Returns `[]` for valid parameters.
 */
export function checkFormInput(parameters: unknown): FormInputProblem[] {
  if (validate(parameters)) return [];
  const errors = validate.errors ?? [];
  const problems: FormInputProblem[] = [];
  const seen = new Set<string>();
  for (const [index, error] of errors.entries()) {
    // Ten thousand bad options make ten thousand errors: nobody reads past the first screenful, and
    // writing them all would hold the page.
    if (problems.length === MAX_LISTED_PROBLEMS) {
      const more = errors.length - index;
      problems.push({
        code: 'schema',
        severity: 'error',
        path: '',
        message: `${more} more ${more === 1 ? 'problem is' : 'problems are'} not listed.`,
      });
      break;
    }
    const segments = pointerSegments(error.instancePath);
    const isFieldType = segments.length === 3 && segments[0] === 'fields' && segments[2] === 'type';
    if (isFieldType && error.keyword === 'enum' && typeof valueAt(parameters, segments) === 'string') {
      const { subject, fieldIndex } = describeLocation(parameters, segments);
      problems.push({
        code: 'unknown-type',
        severity: 'warning',
        path: error.instancePath,
        ...(fieldIndex === undefined ? {} : { fieldIndex }),
        message: `${subject}: "type" must be one of ${FORM_FIELD_TYPES.join(', ')}; it is shown as a text field.`,
      });
      continue;
    }
    // A non-string `type` fails both `type` and `enum`; the `type` sentence says it all.
    if (isFieldType && error.keyword === 'enum') continue;
    const { message, fieldIndex } = sentence(parameters, error);
    if (seen.has(message)) continue;
    seen.add(message);
    problems.push({
      code: 'schema',
      severity: 'error',
      path: error.instancePath,
      ...(fieldIndex === undefined ? {} : { fieldIndex }),
      message,
    });
  }
  return problems;
}

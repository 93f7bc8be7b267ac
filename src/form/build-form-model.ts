import {
  checkFormInput,
  isDateLikeKind,
  fieldSubject,
  FORM_FIELD_TYPES,
  type FormField,
  type FormFieldKind,
  type FormInputParameters,
  type FormInputProblem,
} from '../schema';
import { coerceFieldValue, emptyFieldValue } from './coerce-field-value';
import { tryCompilePattern, type PatternRefusal } from './compile-pattern';
import type { ControlKind, FieldModel, FieldNote, FormModel } from './field-model';

/** The kinds that take `minLength`, `maxLength` and `pattern`. */
const TEXT_KINDS: readonly string[] = ['text', 'email', 'tel', 'url', 'password', 'textarea'];
const PLACEHOLDER_KINDS: readonly string[] = [...TEXT_KINDS, 'number'];

function controlOf(field: FormField, kind: FormFieldKind): ControlKind {
  switch (kind) {
    case 'textarea':
      return 'textarea';
    case 'select':
      // Several choices are checkboxes rather than `<select multiple>`: Ctrl/Cmd-click is hard to
      // discover and unusable on touch screens, a checkbox group is neither.
      return field.multiple === true ? 'checkbox-group' : 'select';
    case 'checkbox':
      return (field.options?.length ?? 0) > 0 ? 'checkbox-group' : 'checkbox';
    case 'radio':
      return 'radio';
    case 'switch':
      return 'switch';
    case 'range':
      return 'range';
    default:
      return 'input';
  }
}

const nonNegativeInteger = (n: number | undefined): number | undefined =>
  n === undefined || !Number.isFinite(n) || n < 0 ? undefined : Math.floor(n);
const positiveInteger = (n: number | undefined): number | undefined =>
  n === undefined || !Number.isFinite(n) || n < 1 ? undefined : Math.floor(n);

const UNSUPPORTED_TEXT = {
  backreference: 'it refers back to a group',
  lookaround: 'it has a lookahead or lookbehind',
  'too-large': 'it is too large',
  unrecognised: 'its syntax is not understood here',
};

/** The problem's message for a pattern that is not checked. */
function refusalText(refusal: PatternRefusal): string {
  if (refusal.refused === 'invalid') return '"pattern" is not a valid regular expression; it is ignored.';
  return `"pattern" cannot be checked in linear time (${UNSUPPORTED_TEXT[refusal.reason]}); it is ignored.`;
}

function buildField(field: FormField, index: number, problems: FormInputProblem[]): FieldModel {
  const known = (FORM_FIELD_TYPES as readonly string[]).includes(field.type);
  const kind: FormFieldKind = known ? (field.type as FormFieldKind) : 'text';
  const control = controlOf(field, kind);
  const notes: FieldNote[] = [];
  const label = typeof field.label === 'string' && field.label.trim() !== '' ? field.label : undefined;
  const where = fieldSubject(index, field);
  const warn = (code: FormInputProblem['code'], property: string, message: string) =>
    problems.push({ code, severity: 'warning', path: `/fields/${index}/${property}`, fieldIndex: index, message: `${where}: ${message}` });

  if (!known) notes.push({ code: 'unknown-type', requestedType: field.type });

  const takesLimits = kind === 'number' || kind === 'range' || isDateLikeKind(kind);
  let min = takesLimits ? field.min : undefined;
  let max = takesLimits ? field.max : undefined;
  if (min !== undefined && max !== undefined && min > max) {
    warn('min-above-max', 'min', `"min" (${min}) is above "max" (${max}); neither is applied.`);
    notes.push({ code: 'conflicting-limits' });
    min = undefined;
    max = undefined;
  }

  const takesLength = TEXT_KINDS.includes(kind);
  let minLength = takesLength ? nonNegativeInteger(field.minLength) : undefined;
  let maxLength = takesLength ? nonNegativeInteger(field.maxLength) : undefined;
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) {
    warn('length-min-above-max', 'minLength', `"minLength" (${minLength}) is above "maxLength" (${maxLength}); neither is applied.`);
    if (!notes.some((note) => note.code === 'conflicting-limits')) notes.push({ code: 'conflicting-limits' });
    minLength = undefined;
    maxLength = undefined;
  }

  let pattern: FieldModel['pattern'];
  if (TEXT_KINDS.includes(kind) && typeof field.pattern === 'string' && field.pattern !== '') {
    const compiled = tryCompilePattern(field.pattern);
    // A LinearPattern is a RegExp whose test runs in linear time; the source stays the agent's, for messages.
    if (!('refused' in compiled)) pattern = { source: field.pattern, regexp: compiled };
    else {
      warn('invalid-pattern', 'pattern', refusalText(compiled));
      // Unchecked for either reason, the person is told the same: any text is accepted.
      notes.push({ code: 'invalid-pattern', pattern: field.pattern });
    }
  }

  const takesOptions = kind === 'select' || kind === 'radio' || kind === 'checkbox';
  const options = takesOptions ? (field.options ?? []) : [];
  if ((kind === 'select' || kind === 'radio') && options.length === 0) {
    warn('no-options', 'options', 'there are no options to choose from.');
    notes.push({ code: 'no-options' });
  }

  const step = (kind === 'number' || kind === 'range') && field.step !== undefined && field.step > 0 ? field.step : undefined;

  const model: FieldModel = {
    index,
    kind,
    control,
    label,
    answerLabel: typeof field.label === 'string' ? field.label : '',
    placeholder: PLACEHOLDER_KINDS.includes(kind) || control === 'select' ? field.placeholder : undefined,
    // Without options nothing can be chosen, so "required" could never be met.
    required: field.required === true && !((kind === 'select' || kind === 'radio') && options.length === 0),
    readonly: field.readonly === true,
    disabled: field.disabled === true,
    min,
    max,
    step,
    minLength,
    maxLength,
    pattern,
    options,
    rows: kind === 'textarea' ? positiveInteger(field.rows) : undefined,
    cols: kind === 'textarea' ? positiveInteger(field.cols) : undefined,
    autocomplete: control === 'input' || control === 'textarea' ? field.autocomplete : undefined,
    className: field.className,
    notes,
    initial: '',
  };
  model.initial = emptyFieldValue(model);
  if (field.defaultValue !== undefined) {
    const initial = coerceFieldValue(model, field.defaultValue);
    if (initial === undefined) {
      warn(
        'default-ignored',
        'defaultValue',
        `"defaultValue" (${JSON.stringify(field.defaultValue)}) does not suit a ${kind} field; it is not used.`,
      );
    } else {
      model.initial = initial;
    }
  }
  return model;
}

/**
 * Reads untrusted `form_input` parameters (spec §2.9) into the model a form renders. Never throws:
 * problems are returned (errors from `checkFormInput`, and warnings for what the form tolerates:
 * contradicting limits, a pattern that does not compile, a select without options, a
 * `defaultValue` that does not fit), and `fatal` says whether a form can be shown at all.
 */
export function buildFormModel(parameters: unknown): FormModel {
  const empty = { heading: undefined, description: undefined, submitLabel: undefined, fields: [] };
  try {
    const problems = checkFormInput(parameters);
    if (problems.some((problem) => problem.severity === 'error')) return { ...empty, problems, fatal: true };
    const p = parameters as FormInputParameters;
    const fields = (p.fields ?? []).map((field, index) => buildField(field, index, problems));
    return {
      heading: p.heading,
      description: p.description,
      submitLabel: p.submitButton?.label,
      fields,
      problems,
      fatal: false,
    };
  } catch {
    // Only exotic objects get here (a throwing getter, a proxy): JSON cannot produce them.
    return {
      ...empty,
      problems: [{ code: 'schema', severity: 'error', path: '', message: 'The parameters could not be read.' }],
      fatal: true,
    };
  }
}

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
import { isRecord } from '../utils';
import { DEFAULT_CONTENT_LIMITS, measureContent, type ContentLimits } from './content-limits';
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

function buildField(field: FormField, index: number, problems: FormInputProblem[], limits: ContentLimits): FieldModel {
  const known = (FORM_FIELD_TYPES as readonly string[]).includes(field.type);
  const kind: FormFieldKind = known ? (field.type as FormFieldKind) : 'text';
  const control = controlOf(field, kind);
  const notes: FieldNote[] = [];
  const label = typeof field.label === 'string' && field.label.trim() !== '' ? field.label : undefined;
  // The field's name in a problem is made only for a field that has one: most have none.
  const warn = (code: FormInputProblem['code'], property: string, message: string) =>
    problems.push({
      code,
      severity: 'warning',
      path: `/fields/${index}/${property}`,
      fieldIndex: index,
      message: `${fieldSubject(index, field)}: ${message}`,
    });

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
  if (typeof field.defaultValue === 'string' && field.defaultValue.length > limits.maxValueLength) {
    warn(
      'default-ignored',
      'defaultValue',
      `"defaultValue" is longer than ${limits.maxValueLength.toLocaleString('en')} characters; it is not used.`,
    );
  } else if (field.defaultValue !== undefined) {
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

/** A problem that stops the form: what went past which limit, for the person and the agent. */
function tooLarge(path: string, message: string): FormInputProblem {
  return { code: 'too-large', severity: 'error', path, message };
}

/**
 * The limits a form's parameters go past, checked before anything else reads them: measuring
 * costs at most the limits (see `measureContent`), so a hostile value is refused cheaply.
 */
function limitProblems(parameters: unknown, limits: ContentLimits): FormInputProblem[] {
  const measured = measureContent(parameters, limits);
  if (measured.unreadable === true) return [{ code: 'schema', severity: 'error', path: '', message: 'The parameters could not be read.' }];
  if (measured.tooDeep) return [tooLarge('', `The form is nested more than ${limits.maxDepth} levels deep.`)];
  if (measured.tooLarge) return [tooLarge('', `The form is larger than ${limits.maxSize.toLocaleString('en')} characters.`)];
  const fields = isRecord(parameters) && Array.isArray(parameters.fields) ? (parameters.fields as unknown[]) : [];
  if (fields.length > limits.maxFields) {
    return [
      tooLarge(
        '/fields',
        `The form has ${fields.length.toLocaleString('en')} fields; at most ${limits.maxFields.toLocaleString('en')} can be shown.`,
      ),
    ];
  }
  return fields.flatMap((field, index) => {
    const options = isRecord(field) && Array.isArray(field.options) ? field.options : [];
    if (options.length <= limits.maxOptions) return [];
    const message = `${fieldSubject(index, field)}: it offers ${options.length.toLocaleString('en')} choices; at most ${limits.maxOptions.toLocaleString('en')} can be shown.`;
    return [{ ...tooLarge(`/fields/${index}/options`, message), fieldIndex: index }];
  });
}

/**
 * Reads untrusted `form_input` parameters (spec §2.9) into the model a form renders. Never throws:
 * problems are returned (errors from the content `limits` and `checkFormInput`, and warnings for
 * what the form tolerates: contradicting limits, a pattern that cannot be checked, a select
 * without options, a `defaultValue` that does not fit or is too long), and `fatal` says whether a
 * form can be shown at all.
 */
export function buildFormModel(parameters: unknown, limits: ContentLimits = DEFAULT_CONTENT_LIMITS): FormModel {
  try {
    const refused = limitProblems(parameters, limits);
    if (refused.length > 0) return fatalModel(refused);
    const problems = checkFormInput(parameters);
    if (problems.some((problem) => problem.severity === 'error')) return fatalModel(problems);
    return readFormModel(parameters as FormInputParameters, limits, problems);
  } catch {
    // Only exotic objects get here (a throwing getter, a proxy): JSON cannot produce them.
    return fatalModel([{ code: 'schema', severity: 'error', path: '', message: 'The parameters could not be read.' }]);
  }
}

function fatalModel(problems: FormInputProblem[]): FormModel {
  return { heading: undefined, description: undefined, submitLabel: undefined, fields: [], problems, fatal: true };
}

/**
 * The model of parameters already known to be well-formed `form_input` and within the `limits`,
 * because the library built them itself (a form generated from a schema that passed
 * `schemaFormObstacle`): the schema check is skipped, so a page of such forms does not ship it.
 * The field warnings are still found and added to `problems`.
 */
export function readFormModel(
  parameters: FormInputParameters,
  limits: ContentLimits = DEFAULT_CONTENT_LIMITS,
  problems: FormInputProblem[] = [],
): FormModel {
  return {
    heading: parameters.heading,
    description: parameters.description,
    submitLabel: parameters.submitButton?.label,
    fields: (parameters.fields ?? []).map((field, index) => buildField(field, index, problems, limits)),
    problems,
    fatal: false,
  };
}

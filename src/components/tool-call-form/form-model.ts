import { checkFormInput, fieldSubject, type FormInputProblem } from '../../schema/check-form-input';
import {
  FORM_FIELD_TYPES,
  type FormAnswerValue,
  type FormField,
  type FormFieldKind,
  type FormFieldOption,
  type FormInputParameters,
} from '../../schema/form-input-schema';
import { formatDateLike, isDateLikeKind, sanitizeDateLike } from './date-like';

/** How a field is rendered. */
export type ControlKind = 'input' | 'textarea' | 'select' | 'checkbox' | 'checkbox-group' | 'radio' | 'switch' | 'range';

/**
 * A field's value while the person edits it:
 * `input`/`textarea` → the element's string; `range` → number; `checkbox`/`switch` → boolean;
 * `select`/`radio` → index of the chosen option or null; `checkbox-group` → chosen indices, ascending.
 */
export type FieldValue = string | number | boolean | null | readonly number[];

/** Something the person should know about a field the agent described badly. */
export type FieldNote =
  | { code: 'unknown-type'; requestedType: string }
  | { code: 'invalid-pattern'; pattern: string }
  | { code: 'conflicting-limits' }
  | { code: 'no-options' };

export interface FieldModel {
  index: number;
  /** The kind rendered: an unknown kind becomes `'text'`. */
  kind: FormFieldKind;
  control: ControlKind;
  /** The agent's label when it is not blank; otherwise the form shows a generated one. */
  label: string | undefined;
  /** The label written into the answer: the agent's, as given (`''` when absent). */
  answerLabel: string;
  placeholder: string | undefined;
  required: boolean;
  readonly: boolean;
  disabled: boolean;
  min: number | undefined;
  max: number | undefined;
  step: number | undefined;
  minLength: number | undefined;
  maxLength: number | undefined;
  pattern: { source: string; regexp: RegExp } | undefined;
  options: readonly FormFieldOption[];
  rows: number | undefined;
  cols: number | undefined;
  /** As the agent gave it; the autocomplete policy decides what reaches the DOM. */
  autocomplete: string | undefined;
  /** As the agent gave it; the class name policy decides what reaches the DOM. */
  className: string | undefined;
  notes: FieldNote[];
  initial: FieldValue;
  /** Help text under the label (forms generated from a tool's JSON Schema only). */
  hint?: string | undefined;
}

export interface FormModel {
  heading: string | undefined;
  description: string | undefined;
  submitLabel: string | undefined;
  fields: FieldModel[];
  /** Every problem found; the form is not shown when one has severity `'error'`. */
  problems: FormInputProblem[];
  fatal: boolean;
}

/** The kinds that take `minLength`, `maxLength` and `pattern`. */
const TEXT_KINDS: readonly string[] = ['text', 'email', 'tel', 'url', 'password', 'textarea'];
const PLACEHOLDER_KINDS: readonly string[] = [...TEXT_KINDS, 'number'];
/** HTML's "valid floating-point number"; anything else is sanitised to '' by number inputs. */
const FLOAT = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?$/;

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

/**
 * Compiles a pattern as browsers do: with the `v` flag, then `u`, then none; the pattern must
 * compile on its own before it is anchored (so `a)(b` is not rescued by the wrapping group).
 */
export function compilePattern(source: string): RegExp | undefined {
  for (const flags of ['v', 'u', '']) {
    try {
      new RegExp(source, flags);
      return new RegExp(`^(?:${source})$`, flags);
    } catch {
      // Try the next, more lenient flag set.
    }
  }
  return undefined;
}

function stripNewlines(text: string): string {
  return text.replace(/[\r\n]/g, '');
}

/** The value the element would hold after HTML's value sanitisation for this kind. */
export function sanitizeText(kind: string, text: string): string {
  if (kind === 'textarea') return text.replace(/\r\n?/g, '\n');
  if (kind === 'email' || kind === 'url') return stripNewlines(text).replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
  if (kind === 'number') return FLOAT.test(text) ? text : '';
  if (isDateLikeKind(kind)) return sanitizeDateLike(kind, text);
  return stripNewlines(text);
}

/** A tidy decimal: 0.1 + 0.2 shows as 0.3, not 0.30000000000000004. */
export function tidyNumber(n: number): number {
  return Number.parseFloat(n.toPrecision(12));
}

/** The range's value after HTML's sanitisation: clamped to [min, max], snapped to the step. */
export function sanitizeRange(field: Pick<FieldModel, 'min' | 'max' | 'step'>, value: number | undefined): number {
  const lo = field.min ?? 0;
  const hi = Math.max(field.max ?? 100, lo);
  const step = field.step ?? 1;
  // HTML's default is the midpoint between min and max.
  let v = value ?? lo + (hi - lo) / 2;
  v = Math.min(Math.max(v, lo), hi);
  // A step finer than a double can count in (e.g. 5e-324) leaves the value as it is.
  if (Number.isFinite((hi - lo) / step)) {
    v = lo + Math.round((v - lo) / step) * step;
    if (v > hi) v = lo + Math.floor((hi - lo) / step) * step;
  }
  return tidyNumber(v);
}

/** The option a value stands for: the same JSON value, else the same text ("2" for 2). */
function optionIndex(options: readonly FormFieldOption[], value: unknown): number {
  if (typeof value !== 'string' && typeof value !== 'number') return -1;
  const exact = options.findIndex((option) => option.value === value);
  return exact >= 0 ? exact : options.findIndex((option) => String(option.value) === String(value));
}

/**
 * The editing value for `raw` (a `defaultValue`, or a value from a saved draft), or undefined when
 * it does not suit the field. Numbers are accepted for date-like kinds as their `valueAsNumber`,
 * like `min` and `max`.
 */
export function coerceFieldValue(field: FieldModel, raw: unknown): FieldValue | undefined {
  switch (field.control) {
    case 'input':
    case 'textarea': {
      if (field.kind === 'number') {
        if (raw === null || raw === '') return '';
        if (typeof raw === 'number') return Number.isFinite(raw) ? String(raw) : undefined;
        if (typeof raw === 'string') return FLOAT.test(raw.trim()) ? raw.trim() : undefined;
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
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && FLOAT.test(raw.trim()) ? Number(raw) : NaN;
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

/** The value of a field nobody has touched and that has no usable default. */
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

/** The answer value of an editing value; see `<ToolCallForm>` for the rules. */
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

const nonNegativeInteger = (n: number | undefined): number | undefined =>
  n === undefined || !Number.isFinite(n) || n < 0 ? undefined : Math.floor(n);
const positiveInteger = (n: number | undefined): number | undefined =>
  n === undefined || !Number.isFinite(n) || n < 1 ? undefined : Math.floor(n);

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
    const regexp = compilePattern(field.pattern);
    if (regexp) pattern = { source: field.pattern, regexp };
    else {
      warn('invalid-pattern', 'pattern', '"pattern" is not a valid regular expression; it is ignored.');
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
 * Reads untrusted `form_input` parameters into what the form renders. Never throws: problems are
 * returned, and `fatal` says whether a form can be shown at all.
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

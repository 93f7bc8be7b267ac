import { applyAutocompletePolicy, type AutocompletePolicy } from './autocomplete-policy';
import { formatDateLike } from './date-like';
import type { FieldIds } from './field-ids';
import type { FieldModel, FieldValue } from './field-model';
import { focusGroup } from './focus-group';
import type { FormControl } from './form-control';
import { isDateLikeKind, type FormFieldOption } from '../schema';
import { warnOnce } from './dev-warning';

/** What a change handler reads of the element: an `<input>`, `<textarea>` or `<select>` fits (and, for typing, any element). */
export interface FieldChangeTarget {
  readonly tagName: string;
  readonly value?: string;
  readonly checked?: boolean;
  readonly validity?: { readonly badInput: boolean };
  /** A `<select>`'s options: which values they carry (positions, or the options' own values). */
  readonly options?: ArrayLike<{ readonly value: string }>;
}

/** A change event as the prop getters read it: React's synthetic events and native ones both fit. */
export interface FieldChangeEvent {
  readonly currentTarget: FieldChangeTarget;
}

/** What the form needs of a field's element: focus, and for inputs their validity. */
export interface FieldElement {
  focus(): void;
  readonly validity?: { readonly badInput: boolean };
}

/** A key event as the prop getters read it. */
export interface FieldKeyEvent {
  readonly key: string;
  preventDefault(): void;
}

/** ARIA every control of a field carries. */
export interface FieldAriaProps {
  /** `true` while the field shows an error. */
  'aria-invalid'?: true;
  /** The field's description and, while it shows one, its error message. */
  'aria-describedby'?: string;
  /** Read-only where HTML has no `readonly` (choices, checkboxes, ranges). */
  'aria-readonly'?: true;
}

/**
 * Props for the element that holds a field's value: the `<input>`, `<textarea>` or `<select>`; for
 * radio and checkbox groups, the group element (a `<fieldset>`), whose options come from
 * `getOptionProps`. Spread them on a native element; every constraint and the ARIA wiring is in.
 */
export interface FieldInputProps extends FieldAriaProps {
  id: string;
  name?: string;
  /** The input type (`text`, `email`, `date`, `checkbox`, `range`, …); absent on `<textarea>`, `<select>` and groups. */
  type?: string;
  /** `switch` on a switch's checkbox; `radiogroup` or `group` on a group. */
  role?: 'switch' | 'radiogroup' | 'group';
  value?: string;
  checked?: boolean;
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  placeholder?: string;
  minLength?: number;
  maxLength?: number;
  min?: string;
  max?: string;
  step?: string | number;
  rows?: number;
  cols?: number;
  autoComplete?: string;
  'aria-labelledby'?: string;
  'aria-required'?: true;
  onChange?: (event: FieldChangeEvent) => void;
  onBlur: () => void;
  onKeyDown?: (event: FieldKeyEvent) => void;
  /**
   * Lends the form the element (or a handle with `focus()`, as MUI's `inputRef` gives), for focus on
   * a refused submit and for input it cannot read (`validity.badInput`).
   */
  ref: (element: FieldElement | null) => void;
}

/** Props for one option: a radio or checkbox `<input>` of a group, or an `<option>` of a `<select>`. */
export interface FieldOptionProps {
  /** The option's element id (radio and checkbox inputs; pair a `<label htmlFor>` with it). */
  id?: string;
  type?: 'radio' | 'checkbox';
  name?: string;
  value: string;
  checked?: boolean;
  required?: boolean;
  disabled?: boolean;
  'aria-readonly'?: true;
  onChange?: () => void;
  onKeyDown?: (event: FieldKeyEvent) => void;
}

/** The prop getters of one field. Each call reads the field's current state. */
export interface FieldPropGetters {
  /** For the `<label>` (`htmlFor` the control), or, in a group, for the element the group is labelled by. */
  getLabelProps: () => { id: string; htmlFor?: string };
  getInputProps: () => FieldInputProps;
  /**
   * For option `option`: its position in `field.options`, or the option object itself (one of
   * `field.options`). Its `value` is the position as text.
   */
  getOptionProps: (option: number | FormFieldOption) => FieldOptionProps;
  getDescriptionProps: () => { id: string };
  getErrorProps: () => { id: string };
  /**
   * Chooses option `option` (by position, as `getOptionProps` numbers them) of a select or radio
   * group, or `null` for none; in a checkbox group, adds it (`chosen` true) or removes it. For
   * custom choice components whose items carry `getOptionProps(i).value`. Ignored while read-only or disabled.
   */
  setOption: (option: number | null, chosen?: boolean) => void;
}

/** What every field of a form shares. */
export interface FieldPropsEnvironment {
  ids: (index: number) => FieldIds;
  /** The whole form is disabled: every field is, and changes are ignored. */
  disabled: () => boolean;
  /** The whole form is read-only (its answer was sent): every field shows read-only, and changes are ignored. Default: never. */
  readOnly?: () => boolean;
  /** Which agent-given `autocomplete` values reach the DOM (read at each call, so it may change). */
  autocompletePolicy: () => AutocompletePolicy;
}

const ARROW_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

/** A DOM element, as opposed to a focus handle (what a group's ref needs to find its options). */
function isElement(value: FieldElement): value is FieldElement & HTMLElement {
  return typeof (value as Partial<HTMLElement>).querySelectorAll === 'function';
}

function limitAttribute(kind: string, limit: number | undefined): string | undefined {
  if (limit === undefined) return undefined;
  // Date-like limits are `valueAsNumber`s; the attribute wants them in the kind's own format.
  if (isDateLikeKind(kind)) return formatDateLike(kind, limit) ?? undefined;
  return String(limit);
}

/** The `aria-describedby` of a field: its description, and its error while it shows one. */
function describedBy(field: FieldModel, ids: FieldIds, invalid: boolean): string | undefined {
  const parts = [field.hint ? ids.hint : undefined, invalid ? ids.error : undefined].filter((id) => id !== undefined);
  return parts.length === 0 ? undefined : parts.join(' ');
}

/**
 * Makes the prop getters of field `index` of `control`: the same attributes and handlers the
 * library's own controls use, for the native elements of a headless form. The handlers are made
 * once here, so spreading the props on every render hands React the same functions.
 */
export function createFieldPropGetters(control: FormControl, index: number, environment: FieldPropsEnvironment): FieldPropGetters {
  const field = control.fields[index] as FieldModel;
  const ids = environment.ids(index);
  const readOnly = () => field.readonly || environment.readOnly?.() === true;
  const set = (value: FieldValue, badInput = false) => {
    // The core ignores read-only and disabled fields; a disabled or sent form is the view's to enforce.
    if (!environment.disabled() && !readOnly()) control.setValue(index, value, { badInput });
  };
  const onBlur = () => control.blurField(index);
  const holdArrows = (event: FieldKeyEvent) => {
    // A read-only radio group holds its value; arrow keys would move the choice with the focus.
    if (ARROW_KEYS.includes(event.key)) event.preventDefault();
  };
  const isGroup = field.control === 'radio' || field.control === 'checkbox-group';

  const positionKeys = field.options.map((_, option) => String(option));
  const ownKeys = field.options.map((option) => String(option.value));
  /** Whether a `<select>`'s options (a placeholder `""` aside) carry the positions, in order. */
  const byPosition = (domOptions: ArrayLike<{ readonly value: string }>) =>
    Array.from(domOptions, (option) => option.value)
      .filter((value) => value !== '')
      .every((value, option) => value === positionKeys[option]);
  // Whether the `<select>` rendered carries the options' own values (see `selectedOption`).
  let selectOwnValues = false;
  let unregister: (() => void) | undefined;
  const ref = (element: FieldElement | null) => {
    unregister?.();
    unregister = undefined;
    if (element === null) return;
    const select = element as FieldElement & { tagName?: string; options?: ArrayLike<{ readonly value: string }>; value?: string };
    if (field.control === 'select' && select.tagName === 'SELECT' && select.options !== undefined) {
      selectOwnValues = !byPosition(select.options);
      // The first render named the choice by position: shown by its own value from now on.
      const state = control.getFieldState(index).value;
      if (selectOwnValues && typeof state === 'number') select.value = ownKeys[state] ?? '';
    }
    unregister = control.register(index, {
      focus: () => (isGroup && isElement(element) ? focusGroup(element) : element.focus()),
      // Only inputs hold text they cannot read (a half-typed date, "1e"); React never sees it change.
      hasBadInput: () => element.validity?.badInput === true,
    });
  };

  const onChange = (event: FieldChangeEvent) => {
    const target = event.currentTarget;
    const text = target.value ?? '';
    switch (field.control) {
      case 'checkbox':
      case 'switch':
        set(target.checked === true);
        return;
      case 'range':
        set(Number(text));
        return;
      case 'select':
        set(selectedOption(text, target.options));
        return;
      default:
        set(text, target.validity?.badInput === true);
    }
  };

  /**
   * The position a `<select>`'s value names. `getOptionProps(i).value` is the position as text;
   * what anyone writes first, `<option value={option.value}>`, carries the option's own value: a
   * select whose options are not the positions in order is read by the options' own values (as
   * text; an option value repeated as text names its first option).
   */
  const selectedOption = (text: string, domOptions: FieldChangeTarget['options']): number | null => {
    if (text === '') return null;
    if (domOptions !== undefined) selectOwnValues = !byPosition(domOptions);
    const position = positionKeys.indexOf(text);
    const own = ownKeys.indexOf(text);
    const chosen = selectOwnValues ? (own === -1 ? position : own) : position === -1 ? own : position;
    if (chosen !== -1) return chosen;
    warnOnce(
      `the select "${field.label}" was given the value "${text}", which is neither an option's position ` +
        `(<option {...field.getOptionProps(index)}>) nor an option's own value (<option value={option.value}>): it answers null.`,
    );
    return null;
  };
  /** The position `getOptionProps` was given: an index, or one of `field.options`. */
  const optionIndex = (option: number | FormFieldOption): number | undefined => {
    if (typeof option === 'number') {
      if (Number.isInteger(option) && option >= 0 && option < field.options.length) return option;
    } else if (typeof option === 'object' && option !== null) {
      const byIdentity = field.options.indexOf(option);
      const found = byIdentity !== -1 ? byIdentity : field.options.findIndex((candidate) => candidate.value === option.value);
      if (found !== -1) return found;
    }
    warnOnce(
      `getOptionProps of "${field.label}" was given ${JSON.stringify(option) ?? typeof option}, which is neither the position of ` +
        `one of its ${field.options.length} options nor one of field.options.`,
    );
    return undefined;
  };

  const setOption = (option: number | null, chosen = true) => {
    if (option !== null && (!Number.isInteger(option) || option < 0 || option >= field.options.length)) return;
    if (field.control !== 'checkbox-group') {
      set(option);
      return;
    }
    if (option === null) return;
    const state = control.getFieldState(index).value;
    const current: readonly number[] = Array.isArray(state) ? state : [];
    const next = chosen ? [...current, option] : current.filter((i) => i !== option);
    set([...new Set(next)].sort((a, b) => a - b));
  };
  const optionHandlers = field.options.map((_, option) => () => {
    if (field.control === 'radio') {
      setOption(option);
      return;
    }
    const state = control.getFieldState(index).value;
    setOption(option, !(Array.isArray(state) && state.includes(option)));
  });

  const aria = (invalid: boolean): FieldAriaProps => ({
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': describedBy(field, ids, invalid),
  });

  return {
    setOption,
    getLabelProps: () => (isGroup ? { id: ids.label } : { id: ids.label, htmlFor: ids.control }),
    getDescriptionProps: () => ({ id: ids.hint }),
    getErrorProps: () => ({ id: ids.error }),

    getInputProps() {
      const state = control.getFieldState(index);
      const disabled = field.disabled || environment.disabled();
      const common = { id: ids.control, name: ids.control, onBlur, ref, ...aria(state.error !== null) };
      const readonlyChoice = readOnly() ? { 'aria-readonly': true as const } : {};
      switch (field.control) {
        case 'radio':
        case 'checkbox-group':
          return {
            ...common,
            name: undefined,
            role: field.control === 'radio' ? 'radiogroup' : 'group',
            'aria-labelledby': ids.label,
            'aria-required': field.control === 'radio' && field.required ? true : undefined,
            ...(field.control === 'radio' ? readonlyChoice : {}), // a `group` takes no aria-readonly: its checkboxes carry it
          };
        case 'checkbox':
        case 'switch':
          return {
            ...common,
            type: 'checkbox',
            role: field.control === 'switch' ? 'switch' : undefined,
            checked: state.value === true,
            required: field.required,
            disabled,
            onChange,
            ...readonlyChoice,
          };
        case 'range':
          return {
            ...common,
            type: 'range',
            value: String(typeof state.value === 'number' ? state.value : 0),
            min: limitAttribute(field.kind, field.min),
            max: limitAttribute(field.kind, field.max),
            step: field.step,
            required: field.required,
            disabled,
            onChange,
            ...readonlyChoice,
          };
        case 'select':
          return {
            ...common,
            value: typeof state.value === 'number' ? ((selectOwnValues ? ownKeys : positionKeys)[state.value] ?? '') : '',
            required: field.required,
            disabled,
            onChange,
            ...readonlyChoice,
          };
        default: {
          const text = {
            ...common,
            value: typeof state.value === 'string' ? state.value : '',
            required: field.required,
            readOnly: readOnly(),
            disabled,
            placeholder: field.placeholder,
            minLength: field.minLength,
            maxLength: field.maxLength,
            autoComplete: applyAutocompletePolicy(field.autocomplete, environment.autocompletePolicy(), field.kind),
            onChange,
          };
          if (field.control === 'textarea') return { ...text, rows: field.rows, cols: field.cols };
          return {
            ...text,
            type: field.kind,
            min: limitAttribute(field.kind, field.min),
            max: limitAttribute(field.kind, field.max),
            // No step given means any number: HTML's default step of 1 would refuse 1.5.
            step: field.kind === 'number' ? (field.step ?? 'any') : undefined,
            // No `pattern` attribute: the browser's own matcher backtracks on an agent's `^(a+)+$`
            // whenever styles (`:invalid`) or assistive technology ask, on every key; Chromium
            // gives up after a million steps and calls a matching value a mismatch. validateField
            // checks the pattern in linear time.
          };
        }
      }
    },

    getOptionProps(given) {
      const found = optionIndex(given);
      // An unknown option still gets props (React needs an element), but nothing it could choose.
      const option = found ?? -1;
      const value = found === undefined ? '' : String(found);
      if (field.control === 'select') return { value };
      const state = control.getFieldState(index).value;
      const disabled = field.disabled || environment.disabled();
      const onChange = optionHandlers[option];
      if (field.control === 'radio') {
        return {
          id: `${ids.control}-o${option}`,
          type: 'radio',
          // The control's id: the name only groups the radios for the browser's arrow keys.
          name: ids.control,
          value,
          checked: state === option,
          required: field.required,
          disabled,
          onChange,
          onKeyDown: readOnly() ? holdArrows : undefined,
        };
      }
      return {
        id: `${ids.control}-o${option}`,
        type: 'checkbox',
        value,
        checked: Array.isArray(state) && state.includes(option),
        disabled,
        'aria-readonly': readOnly() ? true : undefined,
        onChange,
      };
    },
  };
}

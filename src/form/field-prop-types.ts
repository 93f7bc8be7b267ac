/** The props a field's prop getters give, and what they read of elements and events (`createFieldPropGetters`). */
import type { FormFieldOption } from '../schema';
import type { AutocompletePolicy } from './autocomplete-policy';
import type { FieldIds } from './field-ids';

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
  /** In place of `value` when the element holds the value (a field read from `form.fields`; see `useToolCallForm`). */
  defaultValue?: string;
  /** In place of `checked` when the element holds the value. */
  defaultChecked?: boolean;
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
  /** In place of `checked` when the element holds the value (a field read from `form.fields`). */
  defaultChecked?: boolean;
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

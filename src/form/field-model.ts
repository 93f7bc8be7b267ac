/**
 * A form's field: its model (what the agent sent, read once), the value a person edits, and the
 * state it shows. `FieldStateOwner` is what the prop getters need of the form, so they need nothing else.
 */
import type { FormFieldKind, FormFieldOption, FormInputProblem } from '../schema';
import type { FieldIssue } from './field-issue';

/** How a field is rendered: which control a view picks for it. */
export type ControlKind = 'input' | 'textarea' | 'select' | 'checkbox' | 'checkbox-group' | 'radio' | 'switch' | 'range';

/**
 * A field's value while the person edits it:
 * `input`/`textarea` → the element's string; `range` → number; `checkbox`/`switch` → boolean;
 * `select`/`radio` → index of the chosen option or null; `checkbox-group` → chosen indices, ascending.
 * Options are held by position, so option values that are empty, repeated or equal as text work.
 */
export type FieldValue = string | number | boolean | null | readonly number[];

/** Something the person should know about a field the agent described badly; a view writes it as a note. */
export type FieldNote =
  | { code: 'unknown-type'; requestedType: string }
  | { code: 'invalid-pattern'; pattern: string }
  | { code: 'conflicting-limits' }
  | { code: 'no-options' };

/** One field, read from untrusted parameters into what a form needs to render, validate and answer it. */
export interface FieldModel {
  /** Position in the form, from 0; also the field's slot in the form control. */
  index: number;
  /** The kind rendered: an unknown kind becomes `'text'`. */
  kind: FormFieldKind;
  /** Which control renders the kind (a `checkbox` with options is a `checkbox-group`, …). */
  control: ControlKind;
  /** The agent's label when it is not blank; otherwise undefined, and a view shows a generated one. */
  label: string | undefined;
  /** The label written into the answer: the agent's, as given (`''` when absent). */
  answerLabel: string;
  /** The agent's placeholder, for the kinds that show one; otherwise undefined. */
  placeholder: string | undefined;
  /** The field must be filled, checked or chosen. False for a select or radio without options. */
  required: boolean;
  /** Shown and sent, but the person cannot change it (and it is not validated). */
  readonly: boolean;
  /** Shown, sent, not editable and not validated. */
  disabled: boolean;
  /** Lower limit for number, range and date-like kinds (a `valueAsNumber` for the latter); undefined for none. */
  min: number | undefined;
  /** Upper limit, as `min`; undefined for none. */
  max: number | undefined;
  /** Step of number and range kinds (positive); undefined for any number. */
  step: number | undefined;
  /** Minimum length of text kinds in UTF-16 code units; undefined for none. */
  minLength: number | undefined;
  /** Maximum length of text kinds in UTF-16 code units; undefined for none. */
  maxLength: number | undefined;
  /** The agent's pattern and its anchored compilation; undefined for none (or one that does not compile). */
  pattern: { source: string; regexp: RegExp } | undefined;
  /** The options of select, radio and checkbox-group fields; empty for the other kinds. */
  options: readonly FormFieldOption[];
  /** Visible rows of a textarea; undefined for the browser's default. */
  rows: number | undefined;
  /** Visible columns of a textarea; undefined for the browser's default. */
  cols: number | undefined;
  /** As the agent gave it; the autocomplete policy decides what reaches the DOM. */
  autocomplete: string | undefined;
  /** As the agent gave it; the class name policy decides what reaches the DOM. */
  className: string | undefined;
  /** What the person should know about how the agent described this field. Default: none. */
  notes: FieldNote[];
  /** The value the field starts with: the coerced `defaultValue`, else the kind's empty value. */
  initial: FieldValue;
  /** Help text under the label (forms generated from a tool's JSON Schema only). Default: none. */
  hint?: string | undefined;
  /** Fewest options a checkbox group takes (a schema's `minItems`; forms generated from a JSON Schema only). Default: none. */
  minItems?: number | undefined;
  /** Most options a checkbox group takes (a schema's `maxItems`; forms generated from a JSON Schema only). Default: none. */
  maxItems?: number | undefined;
}

/** A whole form, read from untrusted `form_input` parameters (spec §2.9). */
export interface FormModel {
  /** The agent's heading; undefined for none. */
  heading: string | undefined;
  /** The agent's description; undefined for none. */
  description: string | undefined;
  /** The agent's submit button label; undefined for the view's default. */
  submitLabel: string | undefined;
  /** The fields, in order; `fields[i].index === i`. */
  fields: FieldModel[];
  /** Every problem found; the form is not shown when one has severity `'error'`. */
  problems: FormInputProblem[];
  /** A problem with severity `'error'` was found: no form can be shown, and `fields` is empty. */
  fatal: boolean;
}

/** What one field shows. Replaced, never mutated, on every change, so `useSyncExternalStore` sees it change. */
export interface FieldState {
  /** The editing value (see `FieldValue`). */
  readonly value: FieldValue;
  /** The element holds input it cannot read as its kind (a half-typed date, "1e"). */
  readonly badInput: boolean;
  /** The issue the field shows, or null while it shows none. Set by validation only, never by typing alone. */
  readonly error: FieldIssue | null;
}

/** What a rendered field lends the form: focus for a refused submit, and the element's own view of its input. */
export interface FieldHandle {
  /** Moves focus to the field's control. */
  focus: () => void;
  /** Whether the element holds input it cannot read, which can begin without a change event. Default: the last `badInput` given to `setValue`. */
  hasBadInput?: () => boolean;
}

/** Options of `FormControl.setValue`. */
export interface SetValueOptions {
  /** The element holds input it cannot read as the kind (`validity.badInput`). Default: false. */
  badInput?: boolean;
}

/** The part of a form's control that a field's prop getters work through. */
export interface FieldStateOwner {
  readonly fields: readonly FieldModel[];
  getFieldState: (index: number) => FieldState;
  setValue: (index: number, value: FieldValue, options?: SetValueOptions) => void;
  blurField: (index: number) => void;
  register: (index: number, handle: FieldHandle) => () => void;
}

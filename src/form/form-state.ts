/** The types of a form's state and of its one object, `FormControl` (made by `createFormControl`). */
import type { FormMessages } from '../messages';
import type { FormAnswer, FormField, FormInputProblem } from '../schema';
import type { ContentLimits } from './content-limits';
import type { FieldIds } from './field-ids';
import type { FieldIssue } from './field-issue';
import type { FieldHandle, FieldModel, FieldState, FieldValue, FormModel, SetValueOptions } from './field-model';
import type { AutocompletePolicy } from './autocomplete-policy';
import type { FormStatus, HeadlessField, HeadlessForm, HeadlessSettings } from './headless-form';

/** What a refused submit left: which fields, in order; `attempt` counts refusals, so each is announced again. */
export interface RefusedSubmit {
  readonly attempt: number;
  readonly invalid: readonly number[];
}

/** What the whole form shows. Replaced, never mutated, on every change. */
export interface FormState {
  readonly status: FormStatus;
  /** How many fields show an error. */
  readonly errorCount: number;
  /** A submit was attempted (`validateAll` ran); from then on a field is validated when it loses focus. */
  readonly submitted: boolean;
  /** The last refused submit while its errors stand; null otherwise. */
  readonly refused: RefusedSubmit | null;
  /** Why `onSubmit` rejected, while `status` is `error` for that reason. */
  readonly submitError: Error | undefined;
}

/** What every field's look depends on besides the field itself. */
export interface FormViewState {
  readonly messages: FormMessages;
  /** The whole form is disabled. */
  readonly disabled: boolean;
  readonly autocompletePolicy: AutocompletePolicy;
  /** The answer was sent and the form takes no other (`isLocked`). */
  readonly locked: boolean;
}

/** Options of `createFormControl`. */
export interface FormControlOptions {
  /**
   * A draft to start from, as `answer()` gave it; untrusted. Entries apply by position, and one
   * whose label differs from the field's is ignored. Default: the fields' initial values.
   */
  defaultValues?: FormAnswer | undefined;
  /** The `parameters` of the `form_input` call the model was read from (each field as sent); untrusted. Default: none. */
  parameters?: unknown;
  /** What the form accepts from the agent before it stops and says so. Default: `DEFAULT_CONTENT_LIMITS`. */
  limits?: Partial<ContentLimits> | undefined;
  /** Turns the values into the string sent as the answer. Default: `encodeFormAnswer(control.answer())`. */
  encode?: ((control: FormControl) => string) | undefined;
  /** Receives a validated answer and its encoding; a promise keeps the form `submitting`. Default: none. */
  onSubmit?: ((answer: FormAnswer, input: string) => unknown) | undefined;
  /** Whether a form whose answer was sent takes another (read when it matters). Default: never: one answer per form. */
  allowResubmit?: (() => boolean) | undefined;
  /** Prefix of every element id. Default: `'hitl-form'`. */
  idBase?: string | undefined;
  /** The `<form>`'s own id. Default: none. */
  formId?: string | undefined;
}

/**
 * One form: its fields' state, the rules of editing and submitting it, and what a view reads of it.
 * Framework-free, as react-hook-form's `createFormControl`: a field subscribes to its own slot
 * (`subscribeField`), so typing in one field of 200 notifies that field and nothing else; the
 * form's reader (`read`) is told about a field only once it read that field's value or error.
 * Validation: on submit; after the first submit also on blur; a field showing an error re-checks
 * on every change, so the error goes as soon as it is fixed.
 */
export interface FormControl {
  readonly model: FormModel;
  readonly fields: readonly FieldModel[];
  readonly limits: ContentLimits;
  /** The agent's fields, as sent (one per model field; `{}` where the agent sent no object). */
  readonly rawFields: readonly FormField[];
  /** The ids of field `index`'s elements. */
  readonly ids: (index: number) => FieldIds;
  /** The current state of field `index`. Throws a `RangeError` for an index the form does not have. */
  getFieldState: (index: number) => FieldState;
  /** Calls `listener` after field `index`'s state changed, or the form took or stopped taking answers. Returns the unsubscribe function. */
  subscribeField: (index: number, listener: () => void) => () => void;
  /** The person changed field `index`. Ignored for read-only and disabled fields. Re-validates a field that shows an error, then notifies `watch`ers. */
  setValue: (index: number, value: FieldValue, options?: SetValueOptions) => void;
  /** Field `index` lost focus: validated once a submit was attempted, otherwise nothing. */
  blurField: (index: number) => void;
  /** Checks field `index` now, shows the outcome as its `error`, and returns it. */
  validateField: (index: number) => FieldIssue | null;
  /** The submit-time check: marks the form `submitted`, validates every field, returns the invalid indices in field order. */
  validateAll: () => number[];
  /** The fields that show an error now, in field order. */
  invalidFields: () => number[];
  getFormState: () => FormState;
  /** Calls `listener` after the form-level state changed. Returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
  /** Calls `listener` after a value changed: with the field's index, or null after `reset`. Returns the unsubscribe function. */
  watch: (listener: (index: number | null) => void) => () => void;
  /** Lends the form field `index`'s handle (the latest wins). Returns the unregister function. */
  register: (index: number, handle: FieldHandle) => () => void;
  /** Focuses field `index` through its handle; false when no field registered one. */
  focusField: (index: number) => boolean;
  /** Every field's editing value, by index. */
  values: () => FieldValue[];
  /** The answer the values make now, unvalidated. */
  answer: () => FormAnswer;
  /** Validates; refuses (focus goes to the first invalid field at `flushFocus`) or sends. Ignored while submitting, locked or disabled. */
  submit: () => void;
  /** Back to the start (`defaultValues`, when given, becomes the new start): no errors, `idle`, the form takes an answer again. */
  reset: (defaultValues?: FormAnswer) => void;
  /** The answer was sent and the form takes no other (`submitted`, without `allowResubmit`): submits are ignored, fields read-only. */
  isLocked: () => boolean;
  /** Moves focus where the last refusal asked, once; call after the view shows the errors. */
  flushFocus: () => void;
  /** The problems of the parameters the first time it is called, if there are any; nothing after. */
  takeProblems: () => FormInputProblem[] | undefined;
  /** The form for `messages` and `settings`, tracking what its reader reads; the same object while nothing read changed. */
  read: (messages: FormMessages, settings: HeadlessSettings) => HeadlessForm;
  /** How the fields look as of the last `read`: a new object whenever that changes, so every field renders again. */
  getViewState: () => FormViewState;
  /** Field `index` as the last `read` shows it, for a component that subscribes to that field itself: reading it tracks nothing. */
  readField: (index: number) => HeadlessField;
  /** Calls `listener` when `read` would give something its reader read. */
  subscribeReader: (listener: () => void) => () => void;
  /** A number that changes whenever `subscribeReader`'s listeners are called. */
  getVersion: () => number;
}

import type { FormAnswer } from '../schema';
import { sameIssue, type FieldIssue } from './field-issue';
import type { FieldModel, FieldValue, FormModel } from './field-model';
import { buildFormAnswer, initialFieldValues } from './form-answer';
import { validateField as checkField } from './validate-field';

/** What one field shows. Replaced, never mutated, on every change, so `useSyncExternalStore` sees it change. */
export interface FieldState {
  /** The editing value (see `FieldValue`). */
  readonly value: FieldValue;
  /** The element holds input it cannot read as its kind (a half-typed date, "1e"). */
  readonly badInput: boolean;
  /** The issue the field shows, or null while it shows none. Set by validation only, never by typing alone. */
  readonly error: FieldIssue | null;
}

/** What the whole form shows. Replaced, never mutated, on every change. */
export interface FormState {
  /** How many fields show an error. */
  readonly errorCount: number;
  /** A submit was attempted (`validateAll` ran); from then on a field is validated when it loses focus. */
  readonly submitted: boolean;
}

/** What a rendered field lends the control: focus for a refused submit, and the element's own view of its input. */
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

/** Options of `createFormControl`. */
export interface FormControlOptions {
  /**
   * A draft to start from, as `answer()` gave it; untrusted. Entries apply by position, and one
   * whose label differs from the field's is ignored. Default: the fields' initial values.
   */
  defaultValues?: FormAnswer | undefined;
}

/**
 * The state of one form, one slot per field, and the rules of editing it. Framework-free: a view
 * subscribes to the slots it renders, and calls the methods from its event handlers.
 *
 * Each field subscribes to its own slot only, so typing in one field of a 200-field form notifies
 * that field's listeners and nothing else, and no keystroke costs work proportional to the number
 * of fields (unless someone `watch`es and builds the whole answer). Validation follows
 * `<ToolCallForm>`'s rules: on submit (`validateAll`); after the first submit also on blur; and a
 * field showing an error re-checks on every change, so the error goes as soon as it is fixed.
 */
export interface FormControl {
  /** The fields of the model the control was made for. */
  readonly fields: readonly FieldModel[];
  /** The current state of field `index`. Throws a `RangeError` for an index the form does not have. */
  getFieldState: (index: number) => FieldState;
  /** Calls `listener` after field `index`'s state changed, and only then. Returns the unsubscribe function. */
  subscribeField: (index: number, listener: () => void) => () => void;
  /**
   * The person changed field `index`. Ignored for read-only and disabled fields (the person cannot
   * change them). Re-validates a field that shows an error, then notifies `watch`ers.
   */
  setValue: (index: number, value: FieldValue, options?: SetValueOptions) => void;
  /** Field `index` lost focus: validated once a submit was attempted, otherwise nothing. */
  blurField: (index: number) => void;
  /** Checks field `index` now, shows the outcome as its `error`, and returns it. */
  validateField: (index: number) => FieldIssue | null;
  /** The submit-time check: marks the form `submitted`, validates every field, returns the invalid indices in field order. */
  validateAll: () => number[];
  /** The fields that show an error now, in field order (O(fields): for a summary, when `errorCount` changed). */
  invalidFields: () => number[];
  /** The current form-level state. */
  getFormState: () => FormState;
  /** Calls `listener` after the form-level state changed. Returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
  /** Calls `listener` after a value changed: with the field's index, or null after `reset`. Returns the unsubscribe function. */
  watch: (listener: (index: number | null) => void) => () => void;
  /** Lends the control field `index`'s handle (the latest wins). Returns the unregister function. */
  register: (index: number, handle: FieldHandle) => () => void;
  /** Focuses field `index` through its handle; false when no field registered one. */
  focusField: (index: number) => boolean;
  /** Every field's editing value, by index. */
  values: () => FieldValue[];
  /** The answer the values make now (`buildFormAnswer`), unvalidated. */
  answer: () => FormAnswer;
  /**
   * Back to the start: every value to its start value, no errors, not submitted. `defaultValues`,
   * when given, becomes the new start (as in `FormControlOptions`). Default: the current start.
   */
  reset: (defaultValues?: FormAnswer) => void;
}

/**
 * Makes the control of a form of `model`'s fields; see `FormControl`. Shaped like react-hook-form's
 * `createFormControl`, so a hook can keep one per form and hand prop getters to the view.
 */
export function createFormControl(model: Pick<FormModel, 'fields'>, options: FormControlOptions = {}): FormControl {
  const fields: readonly FieldModel[] = model.fields;
  let start = initialFieldValues(fields, options.defaultValues);
  const states: FieldState[] = start.map((value) => ({ value, badInput: false, error: null }));
  const fieldListeners = fields.map(() => new Set<() => void>());
  const formListeners = new Set<() => void>();
  const watchers = new Set<(index: number | null) => void>();
  const handles = new Map<number, FieldHandle>();
  let formState: FormState = { errorCount: 0, submitted: false };

  /** Field `index` and its state; throws for an index the form does not have. */
  const slot = (index: number): [FieldModel, FieldState] => {
    const field = fields[index];
    const state = states[index];
    if (!field || !state) throw new RangeError(`No field ${index}`);
    return [field, state];
  };
  const getFieldState = (index: number): FieldState => slot(index)[1];
  const values = (): FieldValue[] => states.map((state) => state.value);

  const replace = (index: number, state: FieldState): void => {
    states[index] = state;
    for (const listener of fieldListeners[index] ?? []) listener();
  };

  const updateFormState = (next: FormState): void => {
    if (next.errorCount === formState.errorCount && next.submitted === formState.submitted) return;
    formState = next;
    for (const listener of formListeners) listener();
  };

  const setError = (index: number, error: FieldIssue | null): void => {
    const current = getFieldState(index);
    if (sameIssue(current.error, error)) return;
    const shownBefore = current.error !== null;
    replace(index, { ...current, error });
    if (shownBefore !== (error !== null)) {
      updateFormState({ ...formState, errorCount: formState.errorCount + (error === null ? -1 : 1) });
    }
  };

  const validateField = (index: number): FieldIssue | null => {
    const [field, state] = slot(index);
    // The element is asked first: its unreadable input can begin without a change event.
    const badInput = handles.get(index)?.hasBadInput?.() ?? state.badInput;
    const issue = checkField(field, state.value, badInput);
    setError(index, issue);
    return issue;
  };

  const setValue = (index: number, value: FieldValue, { badInput = false }: SetValueOptions = {}): void => {
    const [field, current] = slot(index);
    if (field.readonly || field.disabled) return;
    if (Object.is(current.value, value) && current.badInput === badInput) return;
    replace(index, { ...current, value, badInput });
    if (current.error !== null) validateField(index);
    for (const watcher of watchers) watcher(index);
  };

  const validateAll = (): number[] => {
    updateFormState({ ...formState, submitted: true });
    const invalid: number[] = [];
    for (const field of fields) if (validateField(field.index) !== null) invalid.push(field.index);
    return invalid;
  };

  const reset = (defaultValues?: FormAnswer): void => {
    if (defaultValues !== undefined) start = initialFieldValues(fields, defaultValues);
    start.forEach((value, index) => {
      const current = getFieldState(index);
      // A field already at its start stays quiet, so a reset of a fresh form re-renders nothing.
      if (!Object.is(current.value, value) || current.badInput || current.error !== null)
        replace(index, { value, badInput: false, error: null });
    });
    updateFormState({ errorCount: 0, submitted: false });
    for (const watcher of watchers) watcher(null);
  };

  return {
    fields,
    getFieldState,
    subscribeField: (index, listener) => {
      const listeners = fieldListeners[index];
      listeners?.add(listener);
      return () => listeners?.delete(listener);
    },
    setValue,
    blurField: (index) => {
      if (formState.submitted) validateField(index);
    },
    validateField,
    validateAll,
    invalidFields: () => fields.filter((field) => getFieldState(field.index).error !== null).map((field) => field.index),
    getFormState: () => formState,
    subscribe: (listener) => {
      formListeners.add(listener);
      return () => formListeners.delete(listener);
    },
    watch: (listener) => {
      watchers.add(listener);
      return () => watchers.delete(listener);
    },
    register: (index, handle) => {
      handles.set(index, handle);
      return () => {
        if (handles.get(index) === handle) handles.delete(index);
      };
    },
    focusField: (index) => {
      const handle = handles.get(index);
      handle?.focus();
      return handle !== undefined;
    },
    values,
    answer: () => buildFormAnswer(fields, values()),
    reset,
  };
}

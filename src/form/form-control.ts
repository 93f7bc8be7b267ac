import { enFormMessages, type FormMessages } from '../messages';
import { encodeFormAnswer, type FormAnswer, type FormAnswerValue, type FormField } from '../schema';
import { isPromiseLike, isRecord, toError } from '../utils';
import { answerValue } from './answer-value';
import { coerceFieldValue } from './coerce-field-value';
import { cutText, resolveContentLimits } from './content-limits';
import { fieldIds } from './field-ids';
import { sameIssue, type FieldIssue } from './field-issue';
import type { FieldHandle, FieldModel, FieldState, FieldValue, FormModel, SetValueOptions } from './field-model';
import type { FieldPropGetters } from './field-prop-types';
import { createFieldPropGetters } from './field-props';
import type { FormControl, FormControlOptions, FormState, FormViewState } from './form-state';
import { issueText } from './field-text';
import {
  fieldEntry,
  fieldLook,
  headlessForm,
  trackedEntry,
  type FieldLook,
  type HeadlessField,
  type HeadlessForm,
  type HeadlessSettings,
} from './headless-form';
import { uncontrolledGetters, type UncontrolledGetters } from './uncontrolled-props';
import { validateField as checkField } from './validate-field';

const IDLE: FormState = Object.freeze({ status: 'idle', errorCount: 0, submitted: false, refused: null, submitError: undefined });
const fieldLinks = new WeakMap<object, { control: FormControl; index: number }>();
const formLinks = new WeakMap<object, FormControl>();

/** The form and position of a field a form gave (`form.fields[i]`, `readField`), or undefined for any other object. */
export function fieldControlOf(field: HeadlessField): { control: FormControl; index: number } | undefined {
  return fieldLinks.get(field);
}

/** The control behind a form `read` gave (for the library's components). */
export function formControlOf(form: HeadlessForm): FormControl {
  const control = formLinks.get(form);
  if (control === undefined) throw new Error('hitl-react: this form was not made by useToolCallForm.');
  return control;
}

/** The agent's field `index` as sent, or `{}`: never throws, whatever object the parameters are. */
function sentField(parameters: unknown, index: number): FormField {
  try {
    const fields = isRecord(parameters) ? parameters.fields : undefined;
    const field: unknown = Array.isArray(fields) ? fields[index] : undefined;
    return isRecord(field) ? (field as FormField) : ({} as FormField);
  } catch {
    return {} as FormField;
  }
}

/**
 * The answer to a form (spec §2.9): one `{ label, value }` per field, in field order, with the
 * agent's label (`''` when it gave none). A missing value counts as the field's initial one.
 */
export function buildFormAnswer(fields: readonly FieldModel[], values: readonly FieldValue[]): FormAnswer {
  return fields.map((field) => ({ label: field.answerLabel, value: answerValue(field, values[field.index] ?? field.initial) }));
}

/**
 * The values a form starts with: each field's entry of `draft` (an earlier answer), coerced to the
 * field, else the field's initial value. Entries apply by position; one whose label differs from
 * the field's is ignored, so a draft of another form cannot leak in. `draft` is untrusted.
 */
export function initialFieldValues(fields: readonly FieldModel[], draft: FormAnswer | undefined): FieldValue[] {
  return fields.map((field) => {
    const entry: unknown = draft?.[field.index];
    if (isRecord(entry) && entry.label === field.answerLabel) {
      const value = coerceFieldValue(field, entry.value);
      if (value !== undefined) return value;
    }
    return field.initial;
  });
}

const listen = <T>(set: Set<T>, listener: T) => {
  set.add(listener);
  return () => void set.delete(listener);
};
const notify = (listeners: Iterable<() => void>) => {
  for (const listener of [...listeners]) listener();
};

/** Makes the control of one form of `model`; see `FormControl`. */
export function createFormControl(model: FormModel, options: FormControlOptions = {}): FormControl {
  const { fields } = model;
  const rawFields = fields.map((field) => sentField(options.parameters, field.index));
  const limits = resolveContentLimits(options.limits);
  const idBase = options.idBase ?? 'hitl-form';
  const ids = (index: number) => fieldIds(idBase, index);
  let start = initialFieldValues(fields, options.defaultValues);
  const states: FieldState[] = start.map((value) => ({ value, badInput: false, error: null }));
  const fieldListeners = fields.map(() => new Set<() => void>());
  const formListeners = new Set<() => void>();
  const watchers = new Set<(index: number | null) => void>();
  const handles = new Map<number, FieldHandle>();
  let formState = IDLE;
  let focusPending: number | undefined;
  let attempts = 0;
  let problemsTaken = false;
  // Bumped by reset, so a promise of an earlier submit cannot move a fresh form.
  let generation = 0;

  // What the reader of `read` read: it is told about these only.
  const tracked = new Set<number>();
  // Fields whose error (not value) the reader read: it shows their error and ARIA only.
  const errorTracked = new Set<number>();
  let errorsTracked = false;
  let summaryTracked = false;
  const readers = new Set<() => void>();
  let version = 0;
  const bump = () => {
    version += 1;
    notify(readers);
  };

  const slot = (index: number): [FieldModel, FieldState] => {
    const field = fields[index];
    const state = states[index];
    if (!field || !state) throw new RangeError(`No field ${index}`);
    return [field, state];
  };
  const getFieldState = (index: number): FieldState => slot(index)[1];
  const values = (): FieldValue[] => states.map((state) => state.value);
  const answer = () => buildFormAnswer(fields, values());
  const isLocked = () => formState.status === 'submitted' && options.allowResubmit?.() !== true;

  const replace = (index: number, state: FieldState): void => {
    const before = states[index] as FieldState;
    states[index] = state;
    notify(fieldListeners[index] ?? []);
    if (tracked.has(index) || ((errorsTracked || errorTracked.has(index)) && before.error !== state.error)) bump();
  };

  const setFormState = (next: Partial<FormState>): void => {
    const before = formState;
    const wasLocked = isLocked();
    let state = { ...formState, ...next };
    // Once every error is fixed, a refusal is out of date: the summary goes and the form is idle again.
    if (state.errorCount === 0 && state.refused !== null) state = { ...state, status: 'idle', refused: null };
    const keys = Object.keys(state) as Array<keyof FormState>;
    if (keys.every((key) => Object.is(state[key], before[key]))) return;
    formState = Object.freeze(state);
    notify(formListeners);
    const errorsMoved = before.errorCount !== state.errorCount && (summaryTracked || errorsTracked);
    if (errorsMoved || before.status !== state.status || before.refused !== state.refused || before.submitError !== state.submitError)
      bump();
    // Every field turns read-only (or editable again) with the form.
    if (wasLocked !== isLocked()) for (const listeners of fieldListeners) notify(listeners);
  };

  const setError = (index: number, error: FieldIssue | null): void => {
    const current = getFieldState(index);
    if (sameIssue(current.error, error)) return;
    replace(index, { ...current, error });
    if ((current.error !== null) !== (error !== null)) setFormState({ errorCount: formState.errorCount + (error === null ? -1 : 1) });
  };

  const validateField = (index: number): FieldIssue | null => {
    const [field, state] = slot(index);
    // The element is asked first: its unreadable input can begin without a change event.
    const issue = checkField(field, state.value, handles.get(index)?.hasBadInput?.() ?? state.badInput);
    setError(index, issue);
    return issue;
  };

  const setValue = (index: number, value: FieldValue, { badInput = false }: SetValueOptions = {}): void => {
    const [field, current] = slot(index);
    if (field.readonly || field.disabled) return;
    if (Object.is(current.value, value) && current.badInput === badInput) return;
    replace(index, { ...current, value, badInput });
    if (current.error !== null) validateField(index);
    for (const watcher of [...watchers]) watcher(index);
  };

  const validateAll = (): number[] => {
    setFormState({ submitted: true });
    return fields.filter((field) => validateField(field.index) !== null).map((field) => field.index);
  };
  const invalidFields = () => fields.filter((field) => getFieldState(field.index).error !== null).map((field) => field.index);

  const follow = (result: unknown) => {
    if (!isPromiseLike(result)) {
      setFormState({ status: 'submitted', refused: null, submitError: undefined });
      return;
    }
    const mine = generation;
    setFormState({ status: 'submitting', refused: null, submitError: undefined });
    result.then(
      () => mine === generation && setFormState({ status: 'submitted' }),
      (cause: unknown) => mine === generation && setFormState({ status: 'error', submitError: toError(cause) }),
    );
  };

  // What the view shows, as of the last `read`.
  let messages: FormMessages = enFormMessages;
  const settings: HeadlessSettings = { disabled: false, autocompletePolicy: 'safe' };
  // What every field's look depends on besides the field itself: a new object when one of them changes.
  let mode: FormViewState = { messages, disabled: false, autocompletePolicy: settings.autocompletePolicy, locked: false };
  const currentMode = () => {
    const locked = isLocked();
    const { disabled, autocompletePolicy } = settings;
    if (
      mode.messages !== messages ||
      mode.disabled !== disabled ||
      mode.autocompletePolicy !== autocompletePolicy ||
      mode.locked !== locked
    )
      mode = { messages, disabled, autocompletePolicy, locked };
    return mode;
  };
  const getters: FieldPropGetters[] = [];
  const looks: Array<{ mode: FormViewState; look: FieldLook } | undefined> = [];
  const entries: Array<{ state: FieldState; mode: FormViewState; entry: HeadlessField } | undefined> = [];

  const lookOf = (field: FieldModel, now: FormViewState): FieldLook => {
    const kept = looks[field.index];
    if (kept?.mode === now) return kept.look;
    const { index } = field;
    getters[index] ??= createFieldPropGetters(self, index, {
      ids,
      disabled: () => settings.disabled,
      readOnly: isLocked,
      autocompletePolicy: () => settings.autocompletePolicy,
    });
    const setAnswerValue = (value: FormAnswerValue) => {
      const coerced = coerceFieldValue(field, value);
      if (coerced !== undefined && !settings.disabled && !isLocked()) setValue(index, coerced);
    };
    const look = fieldLook(field, rawFields[index] as FormField, getters[index], setAnswerValue, messages, now);
    looks[index] = { mode: now, look };
    return look;
  };

  const readField = (index: number): HeadlessField => {
    const [field, state] = slot(index);
    const now = currentMode();
    const kept = entries[index];
    if (kept?.state === state && kept.mode === now) return kept.entry;
    const entry = fieldEntry(lookOf(field, now), field, state, messages);
    fieldLinks.set(entry, { control: self, index });
    entries[index] = { state, mode: now, entry };
    return entry;
  };

  // The reader's copies of the entries, remade when an entry is, and only once the reader asks for
  // them (`<ToolCallForm>` never does: its fields read themselves).
  const sources: HeadlessField[] = [];
  const shown: Array<{ source: HeadlessField; copy: HeadlessField } | undefined> = [];
  const uncontrolled: UncontrolledGetters[] = [];
  let shownFields: readonly HeadlessField[] | undefined;
  let built: { changes: number; state: FormState; mode: FormViewState; form: HeadlessForm } | undefined;
  let changes = 0;
  const readerFields = (): readonly HeadlessField[] => {
    if (shownFields !== undefined) return shownFields;
    shownFields = Object.freeze(
      sources.map((source, index) => {
        const kept = shown[index];
        if (kept?.source === source) return kept.copy;
        uncontrolled[index] ??= uncontrolledGetters(
          getters[index] as FieldPropGetters,
          (listener) => self.subscribeField(index, listener),
          (fields[index] as FieldModel).options.length,
        );
        const marks = { value: () => void tracked.add(index), error: () => void errorTracked.add(index) };
        const copy = trackedEntry(source, marks, uncontrolled[index]);
        fieldLinks.set(copy, { control: self, index });
        shown[index] = { source, copy };
        return copy;
      }),
    );
    return shownFields;
  };

  const build = (state: FormState): HeadlessForm =>
    headlessForm(model, state, messages, {
      idBase,
      formId: options.formId,
      fields: readerFields,
      submit: () => self.submit(),
      reset: () => self.reset(),
      answer,
      // A summary of huge labels would lay out megabytes: each is cut, as the form shows it.
      summaryLabels: (wanted) => {
        summaryTracked = true;
        return wanted ? invalidFields().map((index) => cutText(readField(index).label, limits.maxTextLength)) : [];
      },
      errors: (said) => {
        errorsTracked = true;
        return invalidFields().map((index) => {
          const { context } = lookOf(fields[index] as FieldModel, currentMode());
          return { index, label: context.label, message: issueText(getFieldState(index).error as FieldIssue, said, context) };
        });
      },
    });

  const self: FormControl = {
    model,
    fields,
    limits,
    rawFields,
    ids,
    getFieldState,
    subscribeField: (index, listener) => listen(fieldListeners[index] ?? new Set(), listener),
    setValue,
    blurField: (index) => {
      if (formState.submitted) validateField(index);
    },
    validateField,
    validateAll,
    invalidFields,
    getFormState: () => formState,
    subscribe: (listener) => listen(formListeners, listener),
    watch: (listener) => listen(watchers, listener),
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
    answer,
    submit() {
      // One answer per form: a sent one is not sent again (a second click, Enter in a field).
      if (model.fatal || formState.status === 'submitting' || isLocked() || settings.disabled) return;
      const invalid = validateAll();
      if (invalid.length > 0) {
        focusPending = invalid[0];
        attempts += 1;
        setFormState({ status: 'error', refused: { attempt: attempts, invalid }, submitError: undefined });
        return;
      }
      const input = options.encode ? options.encode(self) : encodeFormAnswer(answer());
      let result: unknown;
      try {
        result = options.onSubmit?.(answer(), input);
      } catch (error) {
        result = Promise.reject(toError(error));
      }
      follow(result);
    },
    reset(defaultValues) {
      generation += 1;
      focusPending = undefined;
      if (defaultValues !== undefined) start = initialFieldValues(fields, defaultValues);
      start.forEach((value, index) => {
        const current = getFieldState(index);
        // A field already at its start stays quiet, so a reset of a fresh form re-renders nothing.
        if (!Object.is(current.value, value) || current.badInput || current.error !== null)
          replace(index, { value, badInput: false, error: null });
      });
      setFormState(IDLE);
      for (const watcher of [...watchers]) watcher(null);
    },
    isLocked,
    flushFocus() {
      if (focusPending === undefined) return;
      const index = focusPending;
      focusPending = undefined;
      self.focusField(index);
    },
    takeProblems() {
      if (problemsTaken || model.problems.length === 0) return undefined;
      problemsTaken = true;
      return [...model.problems];
    },
    read(nextMessages, next) {
      messages = nextMessages;
      Object.assign(settings, next);
      const now = currentMode();
      // Every read checks each field (an identity compare), so a value is never stale even for a
      // reader that had not read it before; the whole form is remade only when something changed.
      for (const field of fields) {
        const entry = readField(field.index);
        if (sources[field.index] === entry) continue;
        sources[field.index] = entry;
        shownFields = undefined;
        changes += 1;
      }
      if (built?.changes !== changes || built.state !== formState || built.mode !== now) {
        built = { changes, state: formState, mode: now, form: build(formState) };
        formLinks.set(built.form, self);
      }
      return built.form;
    },
    getViewState: currentMode,
    readField,
    subscribeReader: (listener) => listen(readers, listener),
    getVersion: () => version,
  };
  return self;
}

import type { FormMessages } from '../messages';
import type { FormAnswer, FormAnswerValue, FormField, FormFieldKind, FormFieldOption, FormInputProblem } from '../schema';
import type { AutocompletePolicy } from './autocomplete-policy';
import { cutText, type ContentLimits } from './content-limits';
import { answerValue } from './answer-value';
import { coerceFieldValue } from './coerce-field-value';
import { fieldIds, type FieldIds } from './field-ids';
import type { ControlKind, FieldModel } from './field-model';
import { createFieldPropGetters, type FieldPropGetters } from './field-props';
import { fieldContext, issueText, noteText, shownLabelOf } from './field-text';
import type { FormController, FormControllerState, FormStatus } from './form-controller';
import type { FieldState, FormControl } from './form-control';

/** One field of a headless form: what it is, what it holds, and the props for its elements. */
export interface HeadlessField extends FieldPropGetters {
  /** The field as the agent sent it (untrusted: render its text as text). */
  readonly field: FormField;
  /** Position in the form, from 0. */
  readonly index: number;
  /** The kind rendered (`'text'` for a kind the library does not know). */
  readonly kind: FormFieldKind;
  /** How the library renders it: `input`, `textarea`, `select`, `checkbox`, `checkbox-group`, `radio`, `switch` or `range`. */
  readonly control: ControlKind;
  /** The label to show: the agent's, or "Field 3" when it gave none. */
  readonly label: string;
  /** Help text for the field (forms generated from a JSON Schema), or undefined. */
  readonly description: string | undefined;
  /** What the person should know about how the agent described the field, as text. */
  readonly notes: readonly string[];
  /** The choices of a select, radio or checkbox group, in order (`getOptionProps(i)` for each). */
  readonly options: readonly FormFieldOption[];
  /** Several choices may be made (a checkbox group). */
  readonly multiple: boolean;
  readonly required: boolean;
  /** The agent made it read-only, or the form's answer was sent and it takes no other (`status` `submitted`). */
  readonly readOnly: boolean;
  readonly disabled: boolean;
  /** Shown while empty; for a single select the text of its empty choice. */
  readonly placeholder: string | undefined;
  /** The value as the answer will carry it (string, number, boolean, null, or the chosen option values). */
  readonly value: FormAnswerValue;
  /** Sets the value, given as the answer carries it; a value that does not fit the field is ignored. */
  readonly setValue: (value: FormAnswerValue) => void;
  /** The error shown, as text, or undefined. */
  readonly error: string | undefined;
}

/** A field's error, for a summary. */
export interface HeadlessFieldError {
  readonly index: number;
  readonly label: string;
  readonly message: string;
}

/** What every headless form takes besides what it is made from (`useToolCallForm`, the forms of `<ToolCallPrompt>`). */
export interface HeadlessFormOptions {
  /** Replaces some of the texts. Default: those of `<MessagesProvider>`, else English. */
  messages?: Partial<FormMessages> | undefined;
  /** Disables every field and the submit, e.g. while the answer is sent; values are kept. Default: false. */
  disabled?: boolean | undefined;
  /** The `<form>`'s id, also the prefix of the fields' ids. Default: none on the form; a generated prefix. */
  id?: string | undefined;
  /** Which agent-given `autocomplete` values reach the DOM. Default: `'safe'`. */
  autocompletePolicy?: AutocompletePolicy | undefined;
  /** Called after every change with the whole answer, unvalidated; does not re-render the form. Default: none. */
  onValuesChange?: ((answer: FormAnswer) => void) | undefined;
  /** Called once per form whose parameters have problems (see `<ToolCallForm onInvalidParameters>`). Default: none. */
  onInvalidParameters?: ((problems: FormInputProblem[]) => void) | undefined;
  /**
   * What the form accepts from the agent before it stops and says so: characters of a text shown
   * at first, of a default value, options per field, fields, nesting depth, total size. Read when the
   * form (re)starts. Default: `DEFAULT_CONTENT_LIMITS`.
   */
  limits?: Partial<ContentLimits> | undefined;
}

/** What a render of a headless form decides, beside its messages. Held in one box that every `read` fills. */
export interface HeadlessSettings {
  /** The whole form is disabled: every field is, and changes and submits are ignored. */
  disabled: boolean;
  /** Which agent-given `autocomplete` values reach the DOM. */
  autocompletePolicy: AutocompletePolicy;
}

/** The environment a headless form renders in. */
export interface HeadlessEnvironment {
  /** Prefix of every element id. */
  idBase: string;
  /** The `<form>`'s own id, if it has one. */
  formId: string | undefined;
  /** The settings of the latest `read`, which the field props and the controller read. */
  settings: HeadlessSettings;
}

/** What the `<form>` element gets. */
export interface HeadlessFormProps {
  id?: string;
  noValidate: true;
  'aria-labelledby'?: string;
  'aria-busy'?: true;
  onSubmit: (event: { preventDefault(): void }) => void;
}

/** A headless form at one moment (see `useToolCallForm`). Immutable; a new one after every change its reader saw. */
export interface HeadlessForm {
  readonly fields: readonly HeadlessField[];
  readonly heading: string | undefined;
  readonly description: string | undefined;
  /** The submit button's text: the agent's, or `messages.submit()`. */
  readonly submitLabel: string;
  /** The note near the submit button that the request comes from the agent (`messages.agentNotice()`). */
  readonly agentNotice: string;
  /** With `fatal`: the heading of the alert to show instead of the form (`messages.invalidParameters`). */
  readonly invalidParameters: string | undefined;
  /** The heading's element id (`getFormProps` names the form by it when there is a heading). */
  readonly headingId: string;
  /** Problems of the parameters; with `fatal`, no form can be shown. */
  readonly problems: readonly FormInputProblem[];
  readonly fatal: boolean;
  /** Where the form stands; once `submitted`, submits are ignored and every field is read-only until `reset()` (unless `allowResubmit`). */
  readonly status: FormStatus;
  /** Every field that shows an error, in order. */
  readonly errors: readonly HeadlessFieldError[];
  /**
   * After a refused submit, while any of its errors stands: the fields that show an error now
   * (e.g. "Please correct 2 fields: Email, Age."), so it shortens as the person fixes them. A reader
   * of it re-renders when a field's error comes or goes, not on other keystrokes.
   */
  readonly errorSummary: string | undefined;
  /** Counts refused submits (0 while no refusal stands), so an alert keyed by it is announced again each time. */
  readonly refusals: number;
  /** Why `onSubmit` rejected, while `status` is `error` for that reason. */
  readonly submitError: Error | undefined;
  readonly getFormProps: () => HeadlessFormProps;
  /** Validates and sends, as a submit of the form does; ignored while submitting and once submitted. */
  readonly submit: () => void;
  /** Back to the start values, no errors, `idle`: the form takes an answer again. */
  readonly reset: () => void;
  /** The answer the values make now, unvalidated. */
  readonly answer: () => FormAnswer;
}

/**
 * Reads a `FormController` as `HeadlessForm`s, and records what the reader reads: a reader is
 * told about a field's changes only once it read that field's `value` or `error` (or `errors`), so
 * a form whose fields subscribe themselves is not re-rendered as a whole on every keystroke.
 */
export interface HeadlessView {
  /** The form now, for `messages` and `settings`; the same object while nothing its reader read changed. */
  read: (messages: FormMessages, settings: HeadlessSettings) => HeadlessForm;
  /**
   * Field `index` now, for a component that renders that field alone and subscribes to it itself
   * (`control.subscribeField`): reading it records nothing, so the form's reader is not re-rendered.
   */
  readField: (index: number, messages: FormMessages, settings: HeadlessSettings) => HeadlessField;
  /** A number that changes whenever `read` would give something new. */
  getVersion: () => number;
  subscribe: (listener: () => void) => () => void;
}

/** What a view's forms carry for the library's own components, which render a form field by field. */
interface HeadlessInternals {
  readonly view: HeadlessView;
  readonly control: FormControl;
  /** The messages the form was read with. */
  readonly messages: FormMessages;
  /** The settings it was read with. */
  readonly settings: HeadlessSettings;
  /** The limits of the form's content. */
  readonly limits: ContentLimits;
  /** The ids of field `index`'s elements. */
  readonly ids: (index: number) => FieldIds;
  /** The answer was sent and the form takes no other (`FormController.isLocked`). */
  readonly locked: boolean;
}

const internals = new WeakMap<HeadlessForm, HeadlessInternals>();

/** The view, control and messages behind a form a view read (for the library's components, not a public API). */
export function headlessInternals(form: HeadlessForm): HeadlessInternals {
  const found = internals.get(form);
  if (found === undefined) throw new Error('hitl-react: this form was not made by useToolCallForm.');
  return found;
}

/** Makes the view of `controller`; see `HeadlessView`. */
export function createHeadlessView(controller: FormController, environment: HeadlessEnvironment): HeadlessView {
  const { control, model } = controller;
  const settings = environment.settings;
  // A sent answer is final: the fields show it read-only until a reset.
  const locked = controller.isLocked;
  const ids = (index: number) => fieldIds(environment.idBase, index);
  const getters = model.fields.map((field) =>
    createFieldPropGetters(control, field.index, {
      ids,
      disabled: () => settings.disabled,
      readOnly: locked,
      autocompletePolicy: () => settings.autocompletePolicy,
    }),
  );
  const setters = model.fields.map((field) => (value: FormAnswerValue) => {
    const coerced = coerceFieldValue(field, value);
    if (coerced !== undefined && !settings.disabled && !locked()) control.setValue(field.index, coerced);
  });
  const tracked = new Set<number>();
  let errorsTracked = false;
  let summaryTracked = false;
  let version = 0;
  const listeners = new Set<() => void>();
  const bump = () => {
    version += 1;
    for (const listener of [...listeners]) listener();
  };
  let offs: Array<() => void> = [];

  let built: { entries: readonly HeadlessField[]; state: FormControllerState; form: HeadlessForm } | undefined;
  let entries: HeadlessField[] = [];
  const entryStates: FieldState[] = [];
  let entryMessages: FormMessages | undefined;
  let entryDisabled = false;

  const entryOf = (field: FieldModel, state: FieldState, messages: FormMessages, track: boolean): HeadlessField => {
    const label = shownLabelOf(field, messages);
    const context = fieldContext(field, label);
    const value = answerValue(field, state.value);
    const error = state.error === null ? undefined : issueText(state.error, messages, context);
    const entry = {
      ...getters[field.index],
      field: controller.rawFields[field.index] as FormField,
      index: field.index,
      kind: field.kind,
      control: field.control,
      label,
      description: field.hint,
      notes: field.notes.map((note) => noteText(note, messages, context)),
      options: field.options,
      multiple: field.control === 'checkbox-group',
      required: field.required,
      readOnly: field.readonly || locked(),
      disabled: field.disabled || settings.disabled,
      placeholder: field.placeholder ?? (field.control === 'select' ? messages.selectPlaceholder(context) : undefined),
      setValue: setters[field.index],
    } as Omit<HeadlessField, 'value' | 'error'>;
    if (!track) return Object.freeze({ ...entry, value, error });
    // A controlled element's props hold the value: whoever spreads them re-renders with the field,
    // or React puts the element back to the old value after each change.
    const own = getters[field.index] as FieldPropGetters;
    entry.getInputProps = () => (tracked.add(field.index), own.getInputProps());
    entry.getOptionProps = (option) => (tracked.add(field.index), own.getOptionProps(option));
    // Reading these is what subscribes the reader to this field.
    Object.defineProperty(entry, 'value', { enumerable: true, get: () => (tracked.add(field.index), value) });
    Object.defineProperty(entry, 'error', { enumerable: true, get: () => (tracked.add(field.index), error) });
    return Object.freeze(entry) as HeadlessField;
  };
  // The settings a form was read with, kept while equal so the fields' environment stays the same object.
  let shown: HeadlessSettings = { ...settings };
  const alone: Array<{ state: FieldState; messages: FormMessages; mode: string; entry: HeadlessField } | undefined> = [];
  let entryLocked = false;

  /** The entries now: an entry is remade only when its field's state (or the messages, or the form's lock) changed. */
  const refreshEntries = (messages: FormMessages): void => {
    const fresh = entryMessages !== messages || entryDisabled !== settings.disabled || entryLocked !== locked();
    entryMessages = messages;
    entryDisabled = settings.disabled;
    entryLocked = locked();
    let changed = fresh;
    const next = model.fields.map((field) => {
      const state = control.getFieldState(field.index);
      const kept = entries[field.index];
      if (!fresh && kept !== undefined && entryStates[field.index] === state) return kept;
      changed = true;
      entryStates[field.index] = state;
      return entryOf(field, state, messages, true);
    });
    if (changed) entries = Object.freeze(next) as HeadlessField[];
  };

  const build = (messages: FormMessages, controllerState: FormControllerState): HeadlessForm => {
    const { status, refused, submitError } = controllerState;
    const headingId = `${environment.idBase}-heading`;
    const heading = model.heading?.trim() ? model.heading : undefined;
    const shownEntries = entries;
    const form = {
      fields: entries,
      heading,
      description: model.description,
      submitLabel: model.submitLabel?.trim() ? model.submitLabel : messages.submit(),
      agentNotice: messages.agentNotice(),
      invalidParameters: model.fatal
        ? messages.invalidParameters({ count: controller.problems.filter((problem) => problem.severity === 'error').length })
        : undefined,
      headingId,
      problems: controller.problems,
      fatal: model.fatal,
      status,
      refusals: refused?.attempt ?? 0,
      submitError,
      getFormProps: () => ({
        id: environment.formId,
        noValidate: true as const,
        'aria-labelledby': heading ? headingId : undefined,
        'aria-busy': status === 'submitting' ? (true as const) : undefined,
        onSubmit: (event: { preventDefault(): void }) => {
          event.preventDefault();
          controller.submit();
        },
      }),
      submit: controller.submit,
      reset: controller.reset,
      answer: () => control.answer(),
    } as Omit<HeadlessForm, 'errors' | 'errorSummary'>;
    Object.defineProperty(form, 'errorSummary', {
      enumerable: true,
      get: () => {
        summaryTracked = true;
        if (refused === null) return undefined;
        // A summary of huge labels would lay out megabytes: each is cut, as the form shows it.
        const labels = control.invalidFields().map((index) => cutText(shownEntries[index]?.label ?? '', controller.limits.maxTextLength));
        return messages.errorSummary({ count: labels.length, labels });
      },
    });
    Object.defineProperty(form, 'errors', {
      enumerable: true,
      get: () => {
        errorsTracked = true;
        return entries.flatMap((entry) => {
          const state = control.getFieldState(entry.index);
          if (state.error === null) return [];
          return [
            {
              index: entry.index,
              label: entry.label,
              message: issueText(state.error, messages, fieldContext(model.fields[entry.index] as FieldModel, entry.label)),
            },
          ];
        });
      },
    });
    return Object.freeze(form) as HeadlessForm;
  };

  const self: HeadlessView = {
    read(messages, next) {
      Object.assign(settings, next);
      // Every read checks each field (an identity compare), so a value is never stale even for a
      // reader that had not read it before; the whole form is remade only when something changed.
      refreshEntries(messages);
      const state = controller.getState();
      if (built === undefined || built.entries !== entries || built.state !== state) {
        built = { entries, state, form: build(messages, state) };
        if (shown.disabled !== settings.disabled || shown.autocompletePolicy !== settings.autocompletePolicy) shown = { ...settings };
        internals.set(built.form, { view: self, control, messages, settings: shown, limits: controller.limits, ids, locked: locked() });
      }
      return built.form;
    },
    readField(index, messages, next) {
      const field = model.fields[index];
      if (field === undefined) throw new RangeError(`No field ${index}`);
      Object.assign(settings, next);
      // What an entry shows beside its state and messages: the form disabled, its answer sent.
      const mode = `${settings.disabled}${locked()}`;
      const state = control.getFieldState(index);
      const cached = alone[index];
      if (cached !== undefined && cached.state === state && cached.messages === messages && cached.mode === mode) return cached.entry;
      const entry = entryOf(field, state, messages, false);
      alone[index] = { state, messages, mode, entry };
      return entry;
    },
    getVersion: () => version,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) {
        offs = [
          controller.subscribe(bump),
          // The form-level state changes when a field's error comes or goes: what the summary lists.
          control.subscribe(() => {
            if (summaryTracked) bump();
          }),
          ...model.fields.map((field) =>
            control.subscribeField(field.index, () => {
              if (errorsTracked || tracked.has(field.index)) bump();
            }),
          ),
        ];
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        for (const off of offs) off();
        offs = [];
      };
    },
  };
  return self;
}

/**
 * What a form looks like to a view: the `HeadlessForm` and `HeadlessField` that `useToolCallForm`
 * returns, and the pure functions that make a field's entry from its state. The state itself, and
 * the rules, live in the form's one object, `createFormControl`.
 */
import type { FieldMessageContext, FormMessages } from '../messages';
import type { FormAnswer, FormAnswerValue, FormField, FormFieldKind, FormFieldOption, FormInputProblem } from '../schema';
import { answerValue } from './answer-value';
import type { AutocompletePolicy } from './autocomplete-policy';
import type { ContentLimits } from './content-limits';
import type { ControlKind, FieldModel, FieldState, FormModel } from './field-model';
import type { FieldPropGetters } from './field-prop-types';
import { fieldContext, issueText, noteText, shownLabelOf } from './field-text';
import type { UncontrolledGetters } from './uncontrolled-props';

/**
 * Where a form stands: `idle` while editing; `submitting` while `onSubmit`'s promise is pending;
 * `submitted` once it settled well, after which the form takes no other answer (submits are
 * ignored and every field is read-only) until `reset()` or a new form, unless `allowResubmit`;
 * `error` after a submit that validation refused (until every error is fixed) or whose `onSubmit`
 * rejected (the values are kept and the person may submit again).
 */
export type FormStatus = 'idle' | 'submitting' | 'submitted' | 'error';

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

/** What a render of a headless form decides, beside its messages. */
export interface HeadlessSettings {
  /** The whole form is disabled: every field is, and changes and submits are ignored. */
  disabled: boolean;
  /** Which agent-given `autocomplete` values reach the DOM. */
  autocompletePolicy: AutocompletePolicy;
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

/** What a field shows besides its value and error: made once per field for the messages and the form's mode. */
export interface FieldLook {
  readonly entry: Omit<HeadlessField, 'value' | 'error'>;
  readonly context: FieldMessageContext;
}

/** The parts of a field's entry that do not change as the person types. */
export function fieldLook(
  field: FieldModel,
  sent: FormField,
  getters: FieldPropGetters,
  setValue: (value: FormAnswerValue) => void,
  messages: FormMessages,
  mode: { disabled: boolean; locked: boolean },
): FieldLook {
  const label = shownLabelOf(field, messages);
  const context = fieldContext(field, label);
  const entry = {
    ...getters,
    field: sent,
    index: field.index,
    kind: field.kind,
    control: field.control,
    label,
    description: field.hint,
    notes: field.notes.map((note) => noteText(note, messages, context)),
    options: field.options,
    multiple: field.control === 'checkbox-group',
    required: field.required,
    readOnly: field.readonly || mode.locked,
    disabled: field.disabled || mode.disabled,
    placeholder: field.placeholder ?? (field.control === 'select' ? messages.selectPlaceholder(context) : undefined),
    setValue,
  };
  return { entry, context };
}

/** A field's entry: its look with the value and error of `state`. */
export function fieldEntry(look: FieldLook, field: FieldModel, state: FieldState, messages: FormMessages): HeadlessField {
  const error = state.error === null ? undefined : issueText(state.error, messages, look.context);
  return Object.freeze({ ...look.entry, value: answerValue(field, state.value), error });
}

/**
 * `entry` for the form's own component, which re-renders with what it reads: reading `value` calls
 * `marks.value` first, reading `error` or getting props (which carry the error's ARIA) calls
 * `marks.error`. The props come from `uncontrolled`: the element holds the value, so the form's
 * component need not render again at each keystroke (as react-hook-form's `register`).
 */
export function trackedEntry(
  entry: HeadlessField,
  marks: { value: () => void; error: () => void },
  uncontrolled: UncontrolledGetters,
): HeadlessField {
  const copy = {
    ...entry,
    getInputProps: () => (marks.error(), uncontrolled.getInputProps()),
    getOptionProps: (option: number | FormFieldOption) => (marks.error(), uncontrolled.getOptionProps(option)),
  };
  Object.defineProperty(copy, 'value', { enumerable: true, get: () => (marks.value(), entry.value) });
  Object.defineProperty(copy, 'error', { enumerable: true, get: () => (marks.error(), entry.error) });
  return Object.freeze(copy);
}

/** What `headlessForm` takes from the form's control. */
export interface HeadlessFormParts {
  idBase: string;
  formId: string | undefined;
  /** The fields as the reader sees them; called when `fields` is read. */
  fields: () => readonly HeadlessField[];
  submit: () => void;
  reset: () => void;
  answer: () => FormAnswer;
  /** Called when `errorSummary` is read: the labels of the fields that show an error as the summary lists them (none unless `wanted`). */
  summaryLabels: (wanted: boolean) => string[];
  /** Called when `errors` is read. */
  errors: (messages: FormMessages) => HeadlessFieldError[];
}

/** The form as its reader sees it at one moment: `state`'s status and refusal, `parts`' fields. */
export function headlessForm(
  model: FormModel,
  state: { readonly status: FormStatus; readonly refused: { readonly attempt: number } | null; readonly submitError: Error | undefined },
  messages: FormMessages,
  parts: HeadlessFormParts,
): HeadlessForm {
  const { status, refused } = state;
  const headingId = `${parts.idBase}-heading`;
  const heading = model.heading?.trim() ? model.heading : undefined;
  const form = {
    heading,
    description: model.description,
    submitLabel: model.submitLabel?.trim() ? model.submitLabel : messages.submit(),
    agentNotice: messages.agentNotice(),
    invalidParameters: model.fatal
      ? messages.invalidParameters({ count: model.problems.filter((problem) => problem.severity === 'error').length })
      : undefined,
    headingId,
    problems: model.problems,
    fatal: model.fatal,
    status,
    refusals: refused?.attempt ?? 0,
    submitError: state.submitError,
    getFormProps: () => ({
      id: parts.formId,
      noValidate: true as const,
      'aria-labelledby': heading ? headingId : undefined,
      'aria-busy': status === 'submitting' ? (true as const) : undefined,
      onSubmit: (event: { preventDefault(): void }) => {
        event.preventDefault();
        parts.submit();
      },
    }),
    submit: parts.submit,
    reset: parts.reset,
    answer: parts.answer,
  };
  Object.defineProperty(form, 'errorSummary', {
    enumerable: true,
    get: () => {
      // Called even without a refusal: a reader of the summary follows the errors from now on.
      const labels = parts.summaryLabels(refused !== null);
      return refused === null ? undefined : messages.errorSummary({ count: labels.length, labels });
    },
  });
  Object.defineProperty(form, 'fields', { enumerable: true, get: parts.fields });
  Object.defineProperty(form, 'errors', { enumerable: true, get: () => parts.errors(messages) });
  return Object.freeze(form) as unknown as HeadlessForm;
}

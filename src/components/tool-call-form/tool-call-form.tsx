import type { ReactNode, Ref } from 'react';
import type { AutocompletePolicy, ClassNamePolicy, ContentLimits } from '../../form';
import { useMessageGroup, useToolCallForm } from '../../hooks';
import { enFormMessages, type FormMessages } from '../../messages';
import type { FormAnswer, FormInputParameters, FormInputProblem } from '../../schema';
import { FormView, type FieldComponents, type RenderField } from '../form-view';
import type { HeadingLevel } from '../shared';
import { withRefProp } from '../../utils/react';

/** Props of `<ToolCallForm>`. */
export interface ToolCallFormProps {
  /**
   * The `parameters` of a `form_input` call (spec §2.9). Untrusted and unchecked: the form
   * validates them against `formInputSchema` and never throws. A new object with the same content
   * (a poll) keeps what the person typed; different content starts afresh. Typed as
   * `FormInputParameters` for forms you write yourself (with completion), yet any value is taken:
   * what an agent sent is checked at run time.
   */
  parameters: FormInputParameters | NonNullable<unknown> | null | undefined;
  /**
   * Receives the answer of a form that passed validation, and `input`, the same answer encoded
   * for `submitToolInput` (`encodeFormAnswer(answer)`). While a returned promise is pending the
   * form is `data-state="submitting"` and ignores further submits; if it rejects, the form
   * returns to editing with the answer kept (report the failure yourself). Once it returned, or
   * its promise resolved, the form is `data-state="submitted"` and takes no other answer (see
   * `allowResubmit`). Default: none.
   */
  onSubmit?: (answer: FormAnswer, input: string) => void | Promise<void>;
  /**
   * The call the form answers (`toolCall.toolCallId`): a new id starts the form afresh, even with
   * the same `parameters` (the agent asked again). Default: none (only new parameters start afresh).
   */
  toolCallId?: string;
  /**
   * One answer per call: once sent, the button is `aria-disabled` beside a "Sent" status, the fields
   * are read-only, and submits (a click, Enter in a field) are ignored, until a new `toolCallId` or
   * new `parameters` (or a new `key`). `true` keeps the form open for another answer. Default: false.
   */
  allowResubmit?: boolean;
  /**
   * Called once per distinct `parameters` that have problems. `severity: 'error'` problems mean
   * no form is shown (an alert lists them instead); `'warning'` ones are tolerated. Use it to tell
   * the agent what was wrong. Default: none.
   */
  onInvalidParameters?: (problems: FormInputProblem[]) => void;
  /**
   * Replaces some of the texts the form writes itself (field errors, notes, labels, the submit
   * button, the alert about unusable parameters: the `form` group of `Messages`). Default: those of
   * `<MessagesProvider>`, else English.
   */
  messages?: Partial<FormMessages>;
  /**
   * Your components for field kinds, e.g. `{ text: MyInput, select: MySelect }`: each renders the
   * control of fields of its kind from `{ field }` (value, error, `getInputProps()`, …, as in
   * `useToolCallForm`); the label, description and error stay the library's. Default: none.
   */
  components?: FieldComponents;
  /**
   * Renders one whole field yourself: `(field, props, Default) => ReactNode`; `<Default {...props} />`
   * is the library's field. Default: none.
   */
  renderField?: RenderField;
  /**
   * What the form accepts from the agent before it stops and says so (an agent can be steered to
   * send forms built to freeze the page): `maxTextLength` (characters of a text shown before "Show
   * all"; 1000), `maxValueLength` (of a default value; 100000), `maxOptions` (per field; 10000),
   * `maxFields` (1000), `maxDepth` (32), `maxSize` (5000000). Default: those.
   */
  limits?: Partial<ContentLimits>;
  /** How an agent-given field `className` is applied. Default: `'drop'`. */
  classNamePolicy?: ClassNamePolicy;
  /** Which agent-given `autocomplete` values reach the DOM. Default: `'safe'`. */
  autocompletePolicy?: AutocompletePolicy;
  /** Disables every field and the submit button, e.g. while the answer is sent; values are kept. Default: false. */
  disabled?: boolean;
  /**
   * A draft to start from, as `onValuesChange` gave it. Entries apply by position; one whose
   * label differs from the field's is ignored, so a draft of another form cannot leak in.
   * Read when the form (re)starts, like `defaultValue`. Default: the fields' `defaultValue`s.
   */
  defaultValues?: FormAnswer;
  /**
   * Observes the draft: called after every change with the whole answer (unvalidated). The form
   * stays uncontrolled: passing this does not re-render it per keystroke. Default: none.
   */
  onValuesChange?: (answer: FormAnswer) => void;
  /**
   * Shown near the submit button, telling the person the request comes from the agent.
   * `null` shows nothing. Default: "Requested by the automation agent. Check it before you answer."
   */
  agentNotice?: ReactNode;
  /** The level of the heading element (`<h2>` by default). Default: 2. */
  headingLevel?: HeadingLevel;
  /** The `<form>`'s id, also the prefix of the fields' ids. Default: none on the `<form>`; the fields' ids use a generated prefix. */
  id?: string;
  /** The `<form>` element. Default: none. */
  ref?: Ref<HTMLFormElement>;
  /** Added to the `<form>`'s classes (`hitl-form`). Yours, so trusted. Default: none. */
  className?: string;
  /** Passed to the `<form>`, except `data-state` and `data-disabled`, which the form sets. */
  [dataAttribute: `data-${string}`]: string | number | boolean | undefined;
}

/**
 * Renders a `form_input` call (spec §2.9) as an accessible form and hands back the person's answer.
 *
 * Fields: every kind is a native control where HTML has one. A single `select` is a Radix Select
 * (`role="combobox"`); `select` with `multiple` and `checkbox` with options are checkbox groups
 * (`role="group"`); `radio` is a `role="radiogroup"`; `switch` is a Radix Switch; `range` shows
 * its value in an `<output>`. A field without a label is shown and named "Field N" (from 1).
 * Read-only fields stay focusable and are sent; where HTML has no `readonly` they carry
 * `aria-readonly` and ignore changes. Text from the agent is rendered as text, inside `<bdi>`.
 *
 * Validation runs on submit; after the first submit a field is also checked when it loses focus,
 * and a field showing an error re-checks on every change. Rules follow HTML constraint validation
 * (disabled and read-only fields are not checked; every rule but `required` lets an empty value
 * through): required (empty text, unchecked checkbox or switch, nothing chosen), minLength and
 * maxLength (UTF-16 code units), pattern (whole value, compiled with `v`, else `u`, else no flag),
 * email (HTML's valid e-mail address), url (parses, with scheme and host), min/max/step for
 * number and range (the step grid starts at min, else 0; without a step any number is allowed),
 * and min/max for date-like kinds, read as the input's `valueAsNumber` (date, datetime-local,
 * week: ms since 1970-01-01Z; time: ms since midnight; month: months since January 1970) and
 * rendered as `min`/`max` attributes in the kind's own format. A refused submit sends nothing,
 * moves focus to the first invalid field and announces a summary (`role="alert"`) whose labels link
 * to their fields; it follows the fixes (a fixed field leaves it, politely, without the list being
 * read again) and goes once all are fixed. Each invalid control has `aria-invalid="true"` and
 * `aria-describedby` pointing at its message.
 *
 * One answer per call: once `onSubmit` returned (or its promise resolved) the form is
 * `data-state="submitted"`, its fields read-only, its button `aria-disabled` beside a "Sent" note
 * that takes the focus from within the form; clicks and Enter send nothing more. A rejected promise
 * leaves the typed answer to send again. A new `toolCallId` or new `parameters` start afresh;
 * `allowResubmit` keeps the form open.
 *
 * The answer has one `{ label, value }` per field, in order; `label` is the agent's (`''` when it
 * gave none). Values: text-like and date-like kinds → string (`''` when empty); number → number or
 * null; range → number (no default: HTML's midpoint, snapped to the step); checkbox without
 * options and switch → boolean; checkbox with options and multiple select → array of the chosen
 * option values; radio and single select → the option value or null. Option values keep their
 * JSON type. A `defaultValue` is coerced to the kind (a numeric string for a number, the option
 * whose value equals it, a `valueAsNumber` for date-like kinds) and dropped, with a warning,
 * when it does not fit.
 *
 * Parameters that break `formInputSchema` show an alert listing each problem instead of a form
 * (`severity: 'error'`). Tolerated, with the form shown (`'warning'`): an unknown `type` (a text
 * field with a note), a `pattern` that is not a regular expression (ignored, with a note), min
 * above max or minLength above maxLength (both ignored, with a note), a select or radio without
 * options (a note; `required` is dropped), a `defaultValue` that does not fit (ignored). Unknown
 * properties are ignored; duplicate labels keep unique ids and both answer entries.
 */
export const ToolCallForm = withRefProp(function ToolCallForm({
  parameters,
  onSubmit,
  toolCallId,
  allowResubmit,
  onInvalidParameters,
  onValuesChange,
  defaultValues,
  messages,
  autocompletePolicy,
  disabled = false,
  id,
  ref,
  className,
  classNamePolicy,
  components,
  renderField,
  agentNotice,
  headingLevel = 2,
  limits,
  ...rest
}: ToolCallFormProps) {
  const form = useToolCallForm({
    limits,
    parameters,
    toolCallId,
    allowResubmit,
    onSubmit,
    onInvalidParameters,
    onValuesChange,
    defaultValues,
    messages,
    autocompletePolicy,
    disabled,
    id,
  });
  const resolved = useMessageGroup('form', enFormMessages, messages);
  if (form.fatal) {
    const errors = form.problems.filter((problem) => problem.severity === 'error');
    return (
      <div className="hitl-parameters-error" role="alert" id={id} data-state="error">
        <p>{resolved.invalidParameters({ count: errors.length })}</p>
        <ul>
          {errors.map((problem, index) => (
            <li key={index}>{problem.message}</li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <FormView
      form={form}
      classNamePolicy={classNamePolicy}
      components={components}
      renderField={renderField}
      disabled={disabled}
      agentNotice={agentNotice}
      headingLevel={headingLevel}
      formRef={ref}
      className={className}
      dataAttributes={dataAttributesOf(rest)}
    />
  );
});

function dataAttributesOf(props: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(props).filter(([key]) => key.startsWith('data-')));
}

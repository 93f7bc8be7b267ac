import { memo, useMemo, type ReactNode, type Ref } from 'react';
import { formControlOf, type ClassNamePolicy, type HeadlessForm } from '../../form';
import { cx } from '../../utils';
import { Heading, type HeadingLevel } from '../shared';
import { ErrorSummary } from './error-summary';
import type { FieldComponents, RenderField } from './field-slots';
import { FieldEnvironmentContext, type FieldEnvironment } from './field-environment-context';
import { FormField, RenderedFormField } from './form-field';
import { FormFooter } from './form-footer';
import { useLongText } from './long-text';

// Each field subscribes to its own state; memo keeps a render of the form from reaching 200 fields.
const MemoFormField = memo(FormField);
const MemoRenderedFormField = memo(RenderedFormField);

// An update visits every sibling of each fiber on its way down: typing in one of 1,000 sibling
// fields walked all 1,000 on every keystroke. Grouped, it walks the groups and one group's fields:
// about 2√n for groups of √n (63 of 1,000, 28 of 200).
const FieldGroup = memo(function FieldGroup({ indexes, environment }: { indexes: readonly number[]; environment: FieldEnvironment }) {
  const Field = environment.renderField ? MemoRenderedFormField : MemoFormField;
  return indexes.map((index) => <Field key={index} index={index} environment={environment} />);
});

function groupIndexes(count: number): number[][] {
  const size = Math.max(8, Math.ceil(Math.sqrt(count)));
  const groups: number[][] = [];
  for (let start = 0; start < count; start += size)
    groups.push(Array.from({ length: Math.min(size, count - start) }, (_, offset) => start + offset));
  return groups;
}

/**
 * The form's state, exposed as `data-state` on the `<form>`: `idle` while editing, `invalid` after
 * a refused submit until every error is fixed, `submitting` while `onSubmit`'s promise is pending,
 * `submitted` once it settled well (the form then takes no other answer: its fields are read-only
 * and its button says "Sent"; a rejection returns the form to `idle`, the values kept).
 */
export type ToolCallFormState = 'idle' | 'invalid' | 'submitting' | 'submitted';

/** Props of `FormView`. */
export interface FormViewProps {
  /** The headless form rendered (`useFormView`). */
  form: HeadlessForm;
  /** Default: `'drop'`, as documented on `<ToolCallForm classNamePolicy>`. */
  classNamePolicy: ClassNamePolicy | undefined;
  /** Your components for field kinds; see `<ToolCallForm components>`. */
  components: FieldComponents | undefined;
  /** Renders a whole field yourself; see `<ToolCallForm renderField>`. */
  renderField: RenderField | undefined;
  /** Disables the submit button (the fields know it from the form). */
  disabled: boolean;
  /** Shown near the submit button; `undefined` shows `DEFAULT_AGENT_NOTICE`, `null` nothing. */
  agentNotice: ReactNode;
  /** The level of the heading element. */
  headingLevel: HeadingLevel;
  /** The `<form>` element; undefined for none. */
  formRef: Ref<HTMLFormElement> | undefined;
  /** Added to the `<form>`'s classes (`hitl-form`); undefined for none. */
  className: string | undefined;
  /** `data-*` attributes for the `<form>`; `data-state` and `data-disabled` are overridden. */
  dataAttributes: Record<string, unknown>;
}

/** The `data-state` of a form. */
export function formViewState(form: HeadlessForm): ToolCallFormState {
  // By `refusals`, not `errorSummary`: reading that would re-render the whole form as errors are fixed.
  if (form.status === 'error') return form.refusals === 0 ? 'idle' : 'invalid';
  return form.status;
}

/**
 * The `<form>` shared by `<ToolCallForm>` and the forms `<ToolCallPrompt>` generates from a schema.
 * A refused submit sends nothing, moves focus to the first invalid field and announces a summary,
 * which follows the fixes. A sent answer is final: the fields turn read-only and the button says so.
 */
export function FormView({ form, disabled, formRef, classNamePolicy = 'drop', components, renderField, ...props }: FormViewProps) {
  const control = formControlOf(form);
  const { limits } = control;
  const view = control.getViewState();
  const { messages } = view;
  const environment = useMemo<FieldEnvironment>(
    () => ({ control, view, messages: view.messages, limits: control.limits, classNamePolicy, components, renderField }),
    [control, view, classNamePolicy, components, renderField],
  );
  // Each field subscribes to itself (`FormField`): the form reads none of their values.
  const groups = useMemo(() => groupIndexes(control.fields.length), [control]);
  const descriptionId = `${form.headingId}-description`;
  const heading = useLongText(form.heading ?? '', limits.maxTextLength, form.headingId, messages);
  const description = useLongText(form.description ?? '', limits.maxTextLength, descriptionId, messages);
  const state = formViewState(form);
  return (
    <form
      {...props.dataAttributes}
      {...form.getFormProps()}
      ref={formRef}
      className={cx('hitl-form', props.className)}
      data-state={state}
      data-disabled={disabled ? '' : undefined}
    >
      {form.heading ? (
        <Heading level={props.headingLevel} className="hitl-form-heading" id={form.headingId}>
          <bdi>{heading.shown}</bdi>
        </Heading>
      ) : null}
      {heading.toggle}
      {form.description ? (
        <p className="hitl-form-description" id={descriptionId}>
          {description.shown}
        </p>
      ) : null}
      {description.toggle}
      {form.refusals > 0 ? (
        // Keyed by attempt: each refused submit puts the alert in afresh, so it is announced again.
        <ErrorSummary key={form.refusals} control={control} messages={messages} maxTextLength={limits.maxTextLength} />
      ) : null}
      <FieldEnvironmentContext.Provider value={environment}>
        <div className="hitl-fields">
          {groups.map((indexes) => (
            // No element of its own: the fields stay children of `.hitl-fields`, as styles expect.
            <FieldGroup key={indexes[0]} indexes={indexes} environment={environment} />
          ))}
        </div>
      </FieldEnvironmentContext.Provider>
      <FormFooter
        agentNotice={props.agentNotice}
        defaultNotice={form.agentNotice}
        noticeId={`${form.headingId}-notice`}
        submitLabel={form.submitLabel}
        disabled={disabled}
        busy={form.status === 'submitting'}
        sent={form.status === 'submitted' ? messages.sent() : undefined}
        locked={view.locked}
      />
    </form>
  );
}

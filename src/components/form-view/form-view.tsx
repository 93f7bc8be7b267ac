import { memo, useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode, type Ref } from 'react';
import type { AutocompletePolicy, ClassNamePolicy, FormControl } from '../../form';
import { cx } from '../../utils';
import { Heading, type HeadingLevel } from '../shared';
import type { FieldEnvironment } from './field-environment';
import { shownLabelOf } from './field-text';
import { followSubmission, type ToolCallFormState } from './follow-submission';
import { FormField } from './form-field';
import { FormFooter } from './form-footer';
import type { FormViewMessages } from './form-view-messages';

// The control, not the parent, drives a field's updates; memo keeps a parent render from reaching
// 200 fields. Applied here rather than in form-field.tsx so a test can observe each field's renders.
const MemoFormField = memo(FormField);

/** Props of `FormView`. */
export interface FormViewProps {
  /** The form's heading; blank or undefined shows none (and the form is then unnamed). */
  heading: string | undefined;
  /** Text under the heading; undefined for none. */
  description: string | undefined;
  /** The submit button's text; blank or undefined shows `messages.submit()`. */
  submitLabel: string | undefined;
  /** The state of the form's fields; its `fields` are rendered in order. */
  control: FormControl;
  /** The texts the form writes. */
  messages: FormViewMessages;
  /** Default: `'drop'`, as documented on `<ToolCallForm classNamePolicy>`. */
  classNamePolicy: ClassNamePolicy | undefined;
  /** Default: `'safe'`, as documented on `<ToolCallForm autocompletePolicy>`. */
  autocompletePolicy: AutocompletePolicy | undefined;
  /** Disables every field and the submit button; values are kept. */
  disabled: boolean;
  /** Shown near the submit button; `undefined` shows `DEFAULT_AGENT_NOTICE`, `null` nothing. */
  agentNotice: ReactNode;
  /** The level of the heading element. */
  headingLevel: HeadingLevel;
  /** Prefix of every element id in the form. */
  idBase: string;
  /** The `<form>`'s id; undefined for none. */
  formId: string | undefined;
  /** The `<form>` element; undefined for none. */
  formRef: Ref<HTMLFormElement> | undefined;
  /** Added to the `<form>`'s classes (`hitl-form`); undefined for none. */
  className: string | undefined;
  /** `data-*` attributes for the `<form>`; `data-state` and `data-disabled` are overridden. */
  dataAttributes: Record<string, unknown>;
  /**
   * Called when a submit passed validation, to send the control's answer. A returned promise keeps
   * the form `submitting` until it settles (see `followSubmission`).
   */
  onValidSubmit: () => unknown;
}

/** What a refused submit announces: its labels, and the field that gets focus. */
interface Summary {
  /** Counts refused submits, so each one re-announces the alert. */
  attempt: number;
  labels: string[];
  focus: number;
}

/**
 * The `<form>` shared by `<ToolCallForm>` and the forms `<ToolCallPrompt>` generates from a schema.
 * A refused submit sends nothing, moves focus to the first invalid field and announces a summary.
 */
export function FormView({ control, messages, disabled, idBase, onValidSubmit, formRef, ...props }: FormViewProps) {
  const { fields } = control;
  const [state, setState] = useState<ToolCallFormState>('idle');
  const [summary, setSummary] = useState<Summary | null>(null);
  const { errorCount } = useSyncExternalStore(control.subscribe, control.getFormState, control.getFormState);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Once every error is fixed the summary is out of date: it goes, and the form is idle again.
  // Adjusted during render (not in an effect) so the stale summary is never painted.
  if (errorCount === 0 && (summary !== null || state === 'invalid')) {
    setSummary(null);
    if (state === 'invalid') setState('idle');
  }

  const { classNamePolicy = 'drop', autocompletePolicy = 'safe' } = props;
  const env = useMemo<FieldEnvironment>(
    () => ({ idBase, messages, disabled, classNamePolicy, autocompletePolicy }),
    [idBase, messages, disabled, classNamePolicy, autocompletePolicy],
  );

  // Focus moves after the commit, so the field already carries aria-invalid and its message when
  // a screen reader announces it.
  useEffect(() => {
    if (summary) control.focusField(summary.focus);
  }, [summary, control]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled || state === 'submitting') return;
    const invalid = control.validateAll();
    const first = invalid[0];
    if (first !== undefined) {
      const labels = invalid.map((index) => {
        const field = fields[index];
        return field ? shownLabelOf(field, messages) : '';
      });
      setSummary((previous) => ({ attempt: (previous?.attempt ?? 0) + 1, labels, focus: first }));
      setState('invalid');
      return;
    }
    setSummary(null);
    followSubmission(onValidSubmit(), setState, () => mounted.current);
  };

  const headingId = `${idBase}-heading`;
  const heading = props.heading?.trim() ? props.heading : undefined;

  return (
    <form
      {...props.dataAttributes}
      ref={formRef}
      id={props.formId}
      className={cx('hitl-form', props.className)}
      noValidate
      aria-labelledby={heading ? headingId : undefined}
      aria-busy={state === 'submitting' || undefined}
      data-state={state}
      data-disabled={disabled ? '' : undefined}
      onSubmit={onSubmit}
    >
      {heading ? (
        <Heading level={props.headingLevel} className="hitl-form-heading" id={headingId}>
          <bdi>{heading}</bdi>
        </Heading>
      ) : null}
      {props.description ? <p className="hitl-form-description">{props.description}</p> : null}
      {summary ? (
        <div className="hitl-error-summary" role="alert" key={summary.attempt}>
          {messages.errorSummary({ count: summary.labels.length, labels: summary.labels })}
        </div>
      ) : null}
      <div className="hitl-fields">
        {fields.map((field) => (
          <MemoFormField key={field.index} field={field} control={control} env={env} />
        ))}
      </div>
      <FormFooter
        agentNotice={props.agentNotice}
        noticeId={`${idBase}-notice`}
        submitLabel={props.submitLabel?.trim() ? props.submitLabel : messages.submit()}
        disabled={disabled}
        busy={state === 'submitting'}
      />
    </form>
  );
}

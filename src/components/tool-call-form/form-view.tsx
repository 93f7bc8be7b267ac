import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { useIsomorphicLayoutEffect } from '../../utils/react';
import { Heading, type HeadingLevel } from '../shared/heading';
import type { FieldEnvironment } from './field-environment';
import { currentFieldError, FormField, shownLabelOf } from './form-field';
import { FormFooter } from './form-footer';
import type { FieldModel, FieldValue } from './form-model';
import type { FormStore } from './form-store';
import type { ToolCallFormMessages } from './messages';
import type { AutocompletePolicy, ClassNamePolicy } from './policies';
import { cx } from '../../utils';

// The store, not the parent, drives a field's updates; memo keeps a parent render from reaching
// 200 fields. Applied here rather than in form-field.tsx so a test can observe each field's renders.
const MemoFormField = memo(FormField);

/** The form's state, exposed as `data-state` on the `<form>`. */
export type ToolCallFormState = 'idle' | 'invalid' | 'submitting' | 'submitted';

export interface FormViewProps {
  heading: string | undefined;
  description: string | undefined;
  submitLabel: string | undefined;
  fields: readonly FieldModel[];
  store: FormStore;
  messages: ToolCallFormMessages;
  /** Default: `'drop'`, as documented on `<ToolCallForm classNamePolicy>`. */
  classNamePolicy: ClassNamePolicy | undefined;
  /** Default: `'safe'`, as documented on `<ToolCallForm autocompletePolicy>`. */
  autocompletePolicy: AutocompletePolicy | undefined;
  disabled: boolean;
  agentNotice: ReactNode;
  headingLevel: HeadingLevel;
  idBase: string;
  formId: string | undefined;
  formRef: Ref<HTMLFormElement> | undefined;
  className: string | undefined;
  dataAttributes: Record<string, unknown>;
  /** Receives the values of a form that passed validation. */
  onValidSubmit(values: FieldValue[]): void | Promise<void>;
  onFieldChange?(index: number): void;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/**
 * Moves a form through `submitting` while the caller's `onSubmit` promise is pending, to
 * `submitted` when it settles well; a rejection returns it to `idle` so the person can try again
 * (reporting the failure is the caller's job: its `onSubmit` saw it first).
 */
export function followSubmission(result: unknown, setState: (state: ToolCallFormState) => void, isMounted: () => boolean): void {
  if (!isPromiseLike(result)) {
    setState('submitted');
    return;
  }
  setState('submitting');
  result.then(
    () => isMounted() && setState('submitted'),
    () => isMounted() && setState('idle'),
  );
}

/** The `<form>` shared by `<ToolCallForm>` and the forms `<ToolCallPrompt>` generates from a schema. */
export function FormView(props: FormViewProps) {
  const { fields, store, messages, disabled, idBase, onValidSubmit } = props;
  const [state, setState] = useState<ToolCallFormState>('idle');
  const [summary, setSummary] = useState<{ attempt: number; labels: string[]; focus: number } | null>(null);
  const errorCount = useSyncExternalStore(store.subscribeErrors, store.getErrorCount, store.getErrorCount);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const onFieldChangeRef = useRef(props.onFieldChange);
  useIsomorphicLayoutEffect(() => {
    onFieldChangeRef.current = props.onFieldChange;
  });
  const onFieldChange = useCallback((index: number) => onFieldChangeRef.current?.(index), []);
  const env = useMemo<FieldEnvironment>(
    () => ({
      idBase,
      messages,
      disabled,
      classNamePolicy: props.classNamePolicy ?? 'drop',
      autocompletePolicy: props.autocompletePolicy ?? 'safe',
      onFieldChange,
    }),
    [idBase, messages, disabled, props.classNamePolicy, props.autocompletePolicy, onFieldChange],
  );

  // Focus moves after the commit, so the field already carries aria-invalid and its message when
  // a screen reader announces it.
  useEffect(() => {
    if (summary) store.handle(summary.focus)?.focus();
  }, [summary, store]);
  // Once every error is fixed the summary is out of date; it goes, and the form is idle again.
  useEffect(() => {
    if (errorCount > 0) return;
    setSummary(null);
    setState((current) => (current === 'invalid' ? 'idle' : current));
  }, [errorCount]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled || state === 'submitting') return;
    store.submitted = true;
    const invalid: number[] = [];
    for (const field of fields) {
      const error = currentFieldError(field, store, messages);
      store.setError(field.index, error);
      if (error !== null) invalid.push(field.index);
    }
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
    followSubmission(onValidSubmit(store.values()), setState, () => mounted.current);
  };

  const headingId = `${idBase}-heading`;
  const heading = props.heading?.trim() ? props.heading : undefined;

  return (
    <form
      {...props.dataAttributes}
      ref={props.formRef}
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
          <MemoFormField key={field.index} field={field} store={store} env={env} />
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

import { useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import type { JsonSchema } from '../../client';
import { cx } from '../../utils';
import { FormFooter, followSubmission, Label, type ToolCallFormState } from '../form-view';
import { Heading, type HeadingLevel } from '../shared';
import type { ToolCallPromptMessages } from './messages';
import { JsonErrors, prettyPrint, useJsonCheck } from './use-json-check';
import { useIsomorphicLayoutEffect } from '../../utils/react';

/** Props of `JsonEditor`. */
interface JsonEditorProps {
  /** The called tool's name, for the heading and label. */
  toolName: string;
  /** The tool's parameters schema, if known; checked with ajv, loaded on demand. */
  schema: JsonSchema | undefined;
  /** The agent's parameters, shown pretty-printed to start from. */
  parameters: unknown;
  /** The text to start from instead (a draft kept across a reload). Default: `parameters` pretty-printed. */
  defaultText?: string | undefined;
  /** Observes the text after every change (to keep a draft). Default: none. */
  onTextChange?: ((text: string) => void) | undefined;
  /** The texts the editor writes. */
  messages: ToolCallPromptMessages;
  /** Disables the editor and the submit button; the text is kept. */
  disabled: boolean;
  /** As `<ToolCallPrompt agentNotice>`: `undefined` shows the default notice, `null` none. */
  agentNotice: ReactNode;
  /** The level of the heading element. */
  headingLevel: HeadingLevel;
  /** Prefix of every element id in the form. */
  idBase: string;
  /** The `<form>`'s id; undefined for none. */
  formId: string | undefined;
  /** The `<form>` element; undefined for none. */
  formRef: Ref<HTMLFormElement> | undefined;
  /** Added to the `<form>`'s classes; undefined for none. */
  className: string | undefined;
  /** Receives the JSON, normalised with `JSON.stringify(JSON.parse(text))`. */
  onSubmit: (input: string) => void | Promise<void>;
}

/**
 * A labelled `<textarea>` for the JSON answer to a tool no generated form can cover, validated
 * against the tool's schema when ajv can compile it, and for JSON syntax otherwise. Same
 * accessibility contract as the form fields.
 */
export function JsonEditor({
  toolName,
  schema,
  parameters,
  defaultText,
  onTextChange,
  messages,
  disabled,
  agentNotice,
  headingLevel,
  idBase,
  formId,
  formRef,
  className,
  onSubmit,
}: JsonEditorProps) {
  const [text, setText] = useState(() => defaultText ?? prettyPrint(parameters));
  const [summaryAttempt, setSummaryAttempt] = useState(0);
  const [state, setState] = useState<ToolCallFormState>('idle');
  const submitted = useRef(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const json = useJsonCheck(schema, messages);
  const { errors, validator } = json;

  useIsomorphicLayoutEffect(() => {
    if (summaryAttempt > 0) textarea.current?.focus();
  }, [summaryAttempt]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled || state === 'submitting') return;
    submitted.current = true;
    const outcome = await json.check(text);
    if (outcome === undefined) return;
    if (!outcome.ok) {
      setSummaryAttempt((n) => n + 1);
      setState('invalid');
      return;
    }
    // Normalised, so the service gets the value without the person's layout.
    followSubmission(onSubmit(JSON.stringify(outcome.value)), setState, () => json.isMounted());
  };

  const invalid = errors !== null;
  const headingId = `${idBase}-heading`;
  const controlId = `${idBase}-json`;
  const errorId = `${controlId}-error`;
  const label = messages.jsonEditorLabel({ toolName: toolName });
  const title = typeof schema?.title === 'string' ? schema.title : undefined;
  const description = typeof schema?.description === 'string' ? schema.description : undefined;
  const shownState: ToolCallFormState = state === 'invalid' && !invalid ? 'idle' : state;
  const note =
    validator === null
      ? messages.noSchemaNote({ toolName: toolName })
      : validator !== 'loading' && validator.status === 'unavailable'
        ? messages.validatorUnavailableNote({ reason: validator.reason })
        : undefined;

  return (
    <form
      ref={formRef}
      id={formId}
      className={cx('hitl-form', className)}
      noValidate
      aria-labelledby={headingId}
      aria-busy={shownState === 'submitting' || undefined}
      data-state={shownState}
      data-disabled={disabled ? '' : undefined}
      onSubmit={(event) => void submit(event)}
    >
      <Heading level={headingLevel} className="hitl-form-heading" id={headingId}>
        <bdi>{messages.promptHeading({ toolName: toolName, title })}</bdi>
      </Heading>
      {description ? <p className="hitl-form-description">{description}</p> : null}
      {invalid && summaryAttempt > 0 ? (
        <div className="hitl-error-summary" role="alert" key={summaryAttempt}>
          {messages.errorSummary({ count: 1, labels: [label] })}
        </div>
      ) : null}
      <div
        className="hitl-field"
        data-field-type="json"
        data-state={invalid ? 'invalid' : 'valid'}
        data-invalid={invalid ? '' : undefined}
        data-disabled={disabled ? '' : undefined}
        data-required=""
      >
        <Label id={`${controlId}-label`} htmlFor={controlId} text={label} required />
        <textarea
          ref={textarea}
          id={controlId}
          className="hitl-input hitl-json-editor"
          value={text}
          rows={Math.min(Math.max(text.split('\n').length, 4), 20)}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          required
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setText(value);
            onTextChange?.(value);
            if (errors !== null) void json.check(value);
          }}
          onBlur={() => {
            if (submitted.current) void json.check(text);
          }}
        />
        {note ? <p className="hitl-field-note">{note}</p> : null}
        {invalid ? <JsonErrors id={errorId} errors={errors} /> : null}
      </div>
      <FormFooter
        agentNotice={agentNotice}
        defaultNotice={messages.agentNotice()}
        noticeId={`${idBase}-notice`}
        submitLabel={messages.submit()}
        disabled={disabled}
        busy={shownState === 'submitting'}
      />
    </form>
  );
}

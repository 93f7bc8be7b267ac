import { useRef, useState, type FormEvent, type Ref } from 'react';
import type { JsonSchema } from '../../client';
import { Label } from '../form-view';
import { Heading, type HeadingLevel } from '../shared';
import { JsonErrors, prettyPrint, useJsonCheck } from '../tool-call-prompt';
import type { ApprovalPromptMessages } from './messages';
import { useIsomorphicLayoutEffect } from '../../utils/react';

/** Props of `ApprovalJsonEditor`. */
interface ApprovalJsonEditorProps {
  /** The called tool's name, for the note about a missing schema. */
  toolName: string;
  /** The tool's schema, if known; checked with ajv, loaded when the editor opens. */
  schema: JsonSchema | undefined;
  /** The agent's arguments, pretty-printed to start from. */
  parameters: unknown;
  messages: ApprovalPromptMessages;
  /** Disables the text area and the submit button; the text is kept. */
  disabled: boolean;
  headingLevel: HeadingLevel;
  /** Prefix of the editor's element ids, and the `<form>`'s id. */
  id: string;
  formRef: Ref<HTMLFormElement> | undefined;
  /** Receives the edited arguments once they parse and meet the schema. */
  onSubmit: (edited: unknown) => void | Promise<void>;
}

/**
 * The arguments as JSON in a labelled text area, for a schema no generated form covers (or none):
 * checked for syntax, and against the schema when ajv can compile it. A refused submit sends
 * nothing, keeps the text, announces a summary (`role="alert"`), names each broken rule in the
 * text area's description and moves focus to it.
 */
export function ApprovalJsonEditor({
  toolName,
  schema,
  parameters,
  messages,
  disabled,
  headingLevel,
  id,
  formRef,
  onSubmit,
}: ApprovalJsonEditorProps) {
  const [text, setText] = useState(() => prettyPrint(parameters));
  const [attempt, setAttempt] = useState(0);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const json = useJsonCheck(schema, messages);
  const { errors, validator } = json;

  // In the commit that shows the alert, so focus never lags behind the announced error.
  useIsomorphicLayoutEffect(() => {
    if (attempt > 0) textarea.current?.focus();
  }, [attempt]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled) return;
    const outcome = await json.check(text);
    if (outcome === undefined) return;
    if (!outcome.ok) {
      setAttempt((n) => n + 1);
      return;
    }
    // A failed send is reported by whoever gave `submit` (the viewer's alert); the text stays for another try.
    void Promise.resolve(onSubmit(outcome.value)).catch(() => undefined);
  };

  const invalid = errors !== null;
  const headingId = `${id}-heading`;
  const controlId = `${id}-json`;
  const errorId = `${controlId}-error`;
  const noteId = `${controlId}-note`;
  const label = messages.argumentsEditorLabel();
  const note =
    schema === undefined
      ? messages.noSchemaNote({ toolName })
      : validator !== null && validator !== 'loading' && validator.status === 'unavailable'
        ? messages.validatorUnavailableNote({ reason: validator.reason })
        : undefined;
  const describedBy = [invalid ? errorId : undefined, note ? noteId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <form
      ref={formRef}
      id={id}
      className="hitl-form hitl-approval-form"
      noValidate
      aria-labelledby={headingId}
      data-state={invalid && attempt > 0 ? 'invalid' : 'idle'}
      data-disabled={disabled ? '' : undefined}
      onSubmit={(event) => void submit(event)}
    >
      <Heading level={headingLevel} className="hitl-form-heading" id={headingId}>
        {messages.editHeading()}
      </Heading>
      {invalid && attempt > 0 ? (
        // Keyed by attempt: each refused submit puts the alert in afresh, so it is announced again.
        <div className="hitl-error-summary" role="alert" key={attempt}>
          {messages.errorSummary({ count: 1, labels: [label] })}
        </div>
      ) : null}
      <div className="hitl-field" data-field-type="json" data-invalid={invalid ? '' : undefined} data-required="">
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
          aria-describedby={describedBy}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setText(value);
            if (errors !== null) void json.check(value);
          }}
        />
        {note ? (
          <p className="hitl-field-note" id={noteId}>
            {note}
          </p>
        ) : null}
        {invalid ? <JsonErrors id={errorId} errors={errors} /> : null}
      </div>
      <div className="hitl-form-footer">
        <button type="submit" className="hitl-submit" disabled={disabled}>
          {messages.approveEdited()}
        </button>
      </div>
    </form>
  );
}

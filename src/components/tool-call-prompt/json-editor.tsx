import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import type { JsonSchema } from '../../client';
import { cx } from '../../utils';
import { FormFooter, followSubmission, Label, type ToolCallFormState } from '../form-view';
import { Heading, type HeadingLevel } from '../shared';
import { loadJsonSchemaValidator, type JsonSchemaValidatorLoad } from './load-json-schema-validator';
import type { ToolCallPromptMessages } from './messages';
import { useIsomorphicLayoutEffect } from '../../utils/react';

/** Props of `JsonEditor`. */
export interface JsonEditorProps {
  /** The called tool's name, for the heading and label. */
  toolName: string;
  /** The tool's parameters schema, if known; checked with ajv, loaded on demand. */
  schema: JsonSchema | undefined;
  /** The agent's parameters, shown pretty-printed to start from. */
  parameters: unknown;
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

function prettyPrint(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? '';
  } catch {
    return '';
  }
}

type Checked = { ok: true; input: string } | { ok: false; errors: string[] };

/**
 * A labelled `<textarea>` for the JSON answer to a tool no generated form can cover, validated
 * against the tool's schema when ajv can compile it, and for JSON syntax otherwise. Same
 * accessibility contract as the form fields.
 */
export function JsonEditor({
  toolName,
  schema,
  parameters,
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
  const [text, setText] = useState(() => prettyPrint(parameters));
  const [errors, setErrors] = useState<string[] | null>(null);
  const [summaryAttempt, setSummaryAttempt] = useState(0);
  const [state, setState] = useState<ToolCallFormState>('idle');
  const [validator, setValidator] = useState<JsonSchemaValidatorLoad | 'loading' | null>(schema ? 'loading' : null);
  const submitted = useRef(false);
  const checkSequence = useRef(0);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const loader = useRef<Promise<JsonSchemaValidatorLoad> | null>(null);
  const mounted = useRef(true);

  const load = useCallback((): Promise<JsonSchemaValidatorLoad> | null => {
    if (!schema) return null;
    loader.current ??= loadJsonSchemaValidator(schema);
    return loader.current;
  }, [schema]);

  useEffect(() => {
    mounted.current = true;
    void load()?.then((result) => mounted.current && setValidator(result));
    return () => {
      mounted.current = false;
    };
  }, [load]);

  useIsomorphicLayoutEffect(() => {
    if (summaryAttempt > 0) textarea.current?.focus();
  }, [summaryAttempt]);

  const check = async (value: string): Promise<Checked> => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch (error) {
      return { ok: false, errors: [messages.invalidJson({ detail: error instanceof Error ? error.message : String(error) })] };
    }
    const result = await load();
    if (result?.status === 'ready') {
      const violations = result.validate(parsed);
      if (violations.length > 0) return { ok: false, errors: violations.map((violation) => messages.schemaViolation(violation)) };
    }
    return { ok: true, input: JSON.stringify(parsed) };
  };

  /** Re-checks and shows the outcome, unless a later check overtook this one. */
  const recheck = async (value: string) => {
    const sequence = ++checkSequence.current;
    const outcome = await check(value);
    if (sequence === checkSequence.current && mounted.current) setErrors(outcome.ok ? null : outcome.errors);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled || state === 'submitting') return;
    submitted.current = true;
    const sequence = ++checkSequence.current;
    const outcome = await check(text);
    if (sequence !== checkSequence.current || !mounted.current) return;
    if (!outcome.ok) {
      setErrors(outcome.errors);
      setSummaryAttempt((n) => n + 1);
      setState('invalid');
      return;
    }
    setErrors(null);
    followSubmission(onSubmit(outcome.input), setState, () => mounted.current);
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
            if (errors !== null) void recheck(value);
          }}
          onBlur={() => {
            if (submitted.current) void recheck(text);
          }}
        />
        {note ? <p className="hitl-field-note">{note}</p> : null}
        {invalid ? (
          <div className="hitl-field-error" id={errorId}>
            {errors.length === 1 ? (
              errors[0]
            ) : (
              <ul>
                {errors.map((error, index) => (
                  <li key={index}>{error}</li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
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

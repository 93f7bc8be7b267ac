import type { Ref } from 'react';
import { buildSchemaForm, createFormControl, schemaFormAnswer, type FlatObjectSchema } from '../../form';
import { useFormView } from '../../hooks';
import { isRecord } from '../../utils';
import { useLatestCallback } from '../../utils/react';
import { FormView } from '../form-view';
import type { HeadingLevel } from '../shared';
import type { ApprovalPromptMessages } from './messages';

/** Props of `ApprovalSchemaForm`. */
export interface ApprovalSchemaFormProps {
  /** The tool's schema, a flat object (`isFlatObjectSchema`). */
  schema: FlatObjectSchema;
  /** The agent's arguments, which prefill the fields; untrusted. */
  parameters: unknown;
  messages: ApprovalPromptMessages;
  /** Disables the fields and the submit button; values are kept. */
  disabled: boolean;
  headingLevel: HeadingLevel;
  /** Prefix of the form's element ids, and the `<form>`'s id. */
  id: string;
  formRef: Ref<HTMLFormElement> | undefined;
  /** Receives the edited arguments once every field is valid. */
  onSubmit: (edited: Record<string, unknown>) => void | Promise<void>;
}

/**
 * The arguments in the form the library generates for a flat object schema (as `<ToolCallPrompt>`
 * does): every rule of such a schema is one a field enforces, so the form's validation is the
 * schema's, and ajv is not loaded. A refused submit sends nothing, focuses the first invalid field
 * and announces a summary.
 */
export function ApprovalSchemaForm({
  schema,
  parameters,
  messages,
  disabled,
  headingLevel,
  id,
  formRef,
  onSubmit,
}: ApprovalSchemaFormProps) {
  const send = useLatestCallback((edited: Record<string, unknown>) => onSubmit(edited));
  const make = (ids: { idBase: string; formId: string | undefined }) => {
    const generated = buildSchemaForm(schema, isRecord(parameters) ? parameters : {});
    // The schema's title and description already head the prompt.
    const model = { ...generated.model, heading: messages.editHeading(), description: undefined, submitLabel: messages.approveEdited() };
    return createFormControl(model, {
      ...ids,
      encode: (control) => JSON.stringify(schemaFormAnswer(control.fields, generated.keys, control.values())),
      // Parsed back rather than passed on: the form's object has no prototype, which would surprise
      // an `answer` function, and JSON.parse keeps a key named "__proto__" an ordinary key.
      onSubmit: (_answer, input) => send(JSON.parse(input) as Record<string, unknown>),
    });
  };
  // The editor is mounted for one call and one schema: nothing it is keyed by changes.
  const form = useFormView('approval-arguments', make, { messages, disabled, id });
  return (
    <FormView
      form={form}
      classNamePolicy={undefined}
      components={undefined}
      renderField={undefined}
      disabled={disabled}
      agentNotice={null}
      headingLevel={headingLevel}
      formRef={formRef}
      className="hitl-approval-form"
      dataAttributes={{}}
    />
  );
}

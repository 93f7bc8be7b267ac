import { useState, type ReactNode, type Ref } from 'react';
import {
  buildSchemaForm,
  createFormControl,
  schemaFormAnswer,
  type AutocompletePolicy,
  type ClassNamePolicy,
  type FlatObjectSchema,
} from '../../form';
import { isRecord } from '../../utils';
import { FormView } from '../form-view';
import type { HeadingLevel } from '../shared';
import type { ToolCallPromptMessages } from './messages';

/** Props of `SchemaFormPrompt`; see `<ToolCallPrompt>` for the shared ones. */
export interface SchemaFormPromptProps {
  /** The called tool's name, for the heading. */
  toolName: string;
  /** The tool's parameters schema, a flat object (`isFlatObjectSchema`). */
  schema: FlatObjectSchema;
  /** The agent's parameters, which prefill the fields; untrusted. */
  parameters: unknown;
  /** The texts the form writes. */
  messages: ToolCallPromptMessages;
  /** As `<ToolCallPrompt classNamePolicy>`; undefined for `'drop'`. */
  classNamePolicy: ClassNamePolicy | undefined;
  /** As `<ToolCallPrompt autocompletePolicy>`; undefined for `'safe'`. */
  autocompletePolicy: AutocompletePolicy | undefined;
  /** Disables every field and the submit button; values are kept. */
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
  /** Sends the answer, the JSON object of the properties. */
  submit: (input: string) => void | Promise<void>;
}

/**
 * The form generated for a tool whose schema is a flat object of primitive properties, prefilled
 * with the agent's parameters; it answers with the JSON object (`schemaFormAnswer`).
 */
export function SchemaFormPrompt({ toolName, schema, parameters, messages, formRef, submit, ...props }: SchemaFormPromptProps) {
  // Made once: the prompt is keyed by call, and poll copies of a call carry the same parameters.
  const [{ form, control }] = useState(() => {
    const built = buildSchemaForm(schema, isRecord(parameters) ? parameters : {});
    return { form: built, control: createFormControl(built.model) };
  });
  const title = typeof schema.title === 'string' ? schema.title : undefined;
  return (
    <FormView
      heading={messages.promptHeading({ toolName, title })}
      description={form.model.description}
      submitLabel={undefined}
      control={control}
      messages={messages}
      classNamePolicy={props.classNamePolicy}
      autocompletePolicy={props.autocompletePolicy}
      disabled={props.disabled}
      agentNotice={props.agentNotice}
      headingLevel={props.headingLevel}
      idBase={props.idBase}
      formId={props.formId}
      formRef={formRef}
      className={props.className}
      dataAttributes={{}}
      onValidSubmit={() => submit(JSON.stringify(schemaFormAnswer(form.model.fields, form.keys, control.values())))}
    />
  );
}

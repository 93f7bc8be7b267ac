import type { ReactNode, Ref } from 'react';
import type { AutocompletePolicy, ClassNamePolicy, FlatObjectSchema } from '../../form';
import { useSchemaForm } from '../../hooks';
import { isRecord } from '../../utils';
import { FormView, type FieldComponents, type RenderField } from '../form-view';
import type { HeadingLevel } from '../shared';
import type { ToolCallPromptMessages } from './messages';

/** Props of `SchemaFormPrompt`; see `<ToolCallPrompt>` for the shared ones. */
interface SchemaFormPromptProps {
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
  /** As `<ToolCallPrompt components>`. */
  components: FieldComponents | undefined;
  /** As `<ToolCallPrompt renderField>`. */
  renderField: RenderField | undefined;
  /** Disables every field and the submit button; values are kept. */
  disabled: boolean;
  /** As `<ToolCallPrompt agentNotice>`: `undefined` shows the default notice, `null` none. */
  agentNotice: ReactNode;
  /** The level of the heading element. */
  headingLevel: HeadingLevel;
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
 * with the agent's parameters; it answers with the JSON object (`schemaFormAnswer`). The same
 * headless form as `<ToolCallForm>`, made from the schema instead of `form_input` parameters.
 */
export function SchemaFormPrompt({ toolName, schema, parameters, messages, formRef, submit, ...props }: SchemaFormPromptProps) {
  // Made once: the prompt is keyed by call, and poll copies of a call carry the same parameters.
  const form = useSchemaForm({
    schema,
    values: isRecord(parameters) ? parameters : {},
    heading: messages.promptHeading({ toolName, title: typeof schema.title === 'string' ? schema.title : undefined }),
    onSubmit: submit,
    messages,
    disabled: props.disabled,
    id: props.formId,
    autocompletePolicy: props.autocompletePolicy,
  });
  return (
    <FormView
      form={form}
      classNamePolicy={props.classNamePolicy}
      components={props.components}
      renderField={props.renderField}
      disabled={props.disabled}
      agentNotice={props.agentNotice}
      headingLevel={props.headingLevel}
      formRef={formRef}
      className={props.className}
      dataAttributes={{}}
    />
  );
}

import { useState } from 'react';
import type { FlatObjectSchema } from '../../form';
import { useSchemaForm } from '../../hooks';
import { isRecord } from '../../utils';
import { FormView } from '../form-view';
import { draftAnswer, type RequestFormProps } from './request-form-props';

/** A schema property whose value is never kept as a draft: a password, or a value only written, never shown back. */
const isSecretProperty = (property: unknown) => isRecord(property) && (property.format === 'password' || property.writeOnly === true);

/** A request's flat object schema as a generated form: its answer is the object (`content`). */
export function SchemaRequestForm({
  prompt,
  title,
  draft,
  disabled,
  headingLevel,
  id,
  schema,
  submitLabel,
  onSubmit,
}: RequestFormProps & {
  schema: FlatObjectSchema;
  submitLabel: string | undefined;
  onSubmit: (content: Record<string, unknown>) => void | Promise<void>;
}) {
  // Read once: the prompt is keyed by request, and re-renders of a request carry the same schema.
  const [start] = useState(() => ({
    heading: typeof schema.title === 'string' && schema.title !== title ? schema.title : undefined,
    defaultValues: draftAnswer(draft.initial),
    // By position, as the form's fields follow the properties.
    secrets: Object.values(schema.properties).map(isSecretProperty),
  }));
  // The prompt's own props carry the form's options (messages, limits, autocompletePolicy) by name.
  const form = useSchemaForm({
    ...prompt,
    schema,
    heading: start.heading,
    submitLabel,
    defaultValues: start.defaultValues,
    onSubmit: (json) => onSubmit(JSON.parse(json) as Record<string, unknown>),
    onValuesChange: (answer) => draft.save(answer.map((entry, index) => (start.secrets[index] === false ? entry : null))),
    disabled,
    id,
  });
  return (
    <FormView
      form={form}
      classNamePolicy={prompt.classNamePolicy}
      components={prompt.components}
      renderField={prompt.renderField}
      agentNotice={prompt.agentNotice}
      disabled={disabled}
      headingLevel={headingLevel}
      formRef={undefined}
      className={undefined}
      dataAttributes={{}}
    />
  );
}

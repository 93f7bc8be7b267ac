import { useState } from 'react';
import { draftableAnswer } from '../../form';
import type { FormAnswer } from '../../schema';
import { isRecord } from '../../utils';
import { ToolCallForm } from '../tool-call-form';
import { draftAnswer, type RequestFormProps } from './request-form-props';

/** `form_input` parameters, with the form's own heading left out when it repeats the request's title. */
function withoutRepeatedHeading(parameters: unknown, title: string | undefined): unknown {
  if (title === undefined || !isRecord(parameters) || parameters.heading !== title) return parameters;
  return { ...parameters, heading: undefined };
}

/**
 * A request's `form_input` parameters, in `<ToolCallForm>`: its answer is the `FormAnswer`. Loaded
 * when such a request is first shown, with the `form_input` checker, which a page of schema forms
 * never needs.
 */
export function FormInputRequestForm({
  prompt,
  title,
  draft,
  parameters: given,
  onSubmit,
  ...props
}: RequestFormProps & {
  parameters: unknown;
  onSubmit: (answer: FormAnswer) => void | Promise<void>;
}) {
  // Read once: the prompt is keyed by request, and re-renders of a request carry the same parameters.
  const [parameters] = useState(() => withoutRepeatedHeading(given, title));
  const [defaultValues] = useState(() => draftAnswer(draft.initial));
  return (
    <ToolCallForm
      {...props}
      messages={prompt.messages}
      components={prompt.components}
      renderField={prompt.renderField}
      limits={prompt.limits}
      classNamePolicy={prompt.classNamePolicy}
      autocompletePolicy={prompt.autocompletePolicy}
      agentNotice={prompt.agentNotice}
      parameters={parameters}
      onSubmit={(answer) => onSubmit(answer)}
      defaultValues={defaultValues}
      onValuesChange={(answer) => draft.save(draftableAnswer(parameters, answer))}
    />
  );
}

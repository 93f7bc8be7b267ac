import {
  buildSchemaForm,
  createFormControl,
  resolveContentLimits,
  schemaFormAnswer,
  type FlatObjectSchema,
  type HeadlessForm,
  type HeadlessFormOptions,
} from '../form';
import type { FormAnswer } from '../schema';
import { useLatestCallback } from '../utils/react';
import { useFormView } from './use-form-view';

/** Options of `useSchemaForm`. */
export interface UseSchemaFormOptions extends HeadlessFormOptions {
  /** The object's schema, a flat object (`isFlatObjectSchema`); read when the form starts. */
  schema: FlatObjectSchema;
  /** Values that prefill the fields (an agent's parameters), by property; untrusted. Default: the schema's defaults. */
  values?: Record<string, unknown> | undefined;
  /** The form's heading; `undefined` for none. */
  heading: string | undefined;
  /** The submit button's text. Default: the form messages' `submit()`. */
  submitLabel?: string | undefined;
  /** A draft to start from, as `onValuesChange` gave it; read when the form starts. Default: the fields' defaults. */
  defaultValues?: FormAnswer | undefined;
  /**
   * Receives the validated answer as JSON: the object of the properties, with the schema's types
   * (`JSON.parse` it for the object: the form's own has no prototype, and parsing keeps a key named
   * "__proto__" an ordinary key). A promise keeps the form `submitting`.
   */
  onSubmit: (json: string) => void | Promise<void>;
}

/**
 * The form generated for a flat object schema (`buildSchemaForm`), answered with the object
 * (`schemaFormAnswer`): the same headless form as `useToolCallForm`, made from a schema instead of
 * `form_input` parameters. Made once per mount: its callers are keyed by what they answer.
 */
export function useSchemaForm(options: UseSchemaFormOptions): HeadlessForm {
  const send = useLatestCallback((json: string) => options.onSubmit(json));
  const make = (ids: { idBase: string; formId: string | undefined }) => {
    const limits = resolveContentLimits(options.limits);
    const generated = buildSchemaForm(options.schema, options.values ?? {}, limits);
    const model = { ...generated.model, heading: options.heading, submitLabel: options.submitLabel ?? generated.model.submitLabel };
    return createFormControl(model, {
      ...ids,
      defaultValues: options.defaultValues,
      limits,
      encode: (control) => JSON.stringify(schemaFormAnswer(control.fields, generated.keys, control.values())),
      onSubmit: (_answer, json) => send(json),
    });
  };
  return useFormView('schema', make, options);
}

import { createFormController, type HeadlessForm, type HeadlessFormOptions } from '../form';
import type { FormAnswer } from '../schema';
import { contentKey } from '../utils';
import { useLatestCallback } from '../utils/react';
import { useFormView } from './use-form-view';

/** Options of `useToolCallForm`: the inputs of `<ToolCallForm>`. */
export interface UseToolCallFormOptions extends HeadlessFormOptions {
  /**
   * The `parameters` of a `form_input` call (spec §2.9); untrusted, checked, never thrown on. A
   * new object with the same content (a poll) keeps what the person typed; new content starts afresh.
   */
  parameters: unknown;
  /** Receives a validated answer and its encoding for `submitToolInput`; a promise keeps `status` `submitting`. Default: none. */
  onSubmit?: ((answer: FormAnswer, input: string) => void | Promise<void>) | undefined;
  /** A draft to start from, as `onValuesChange` gave it; read when the form (re)starts. Default: the fields' defaults. */
  defaultValues?: FormAnswer | undefined;
}

/** What `useToolCallForm` returns: the form, its fields with prop getters, and its state. */
export type UseToolCallFormResult = HeadlessForm;

/**
 * A `form_input` call as a headless form: the same model, validation, defaults, answer encoding
 * and focus on the first error as `<ToolCallForm>` (which is built on it), with prop getters for
 * your own elements: `<form {...form.getFormProps()}>`, `<input {...field.getInputProps()}>`.
 *
 * The component re-renders for the fields whose `value` or `error` it reads (and `errors`), and for
 * the form's `status`: a form whose fields are components of their own renders one field per keystroke.
 */
export function useToolCallForm(options: UseToolCallFormOptions): UseToolCallFormResult {
  const onSubmit = useLatestCallback((answer: FormAnswer, input: string) => options.onSubmit?.(answer, input));
  const make = (isDisabled: () => boolean) =>
    createFormController({
      parameters: options.parameters,
      defaultValues: options.defaultValues,
      limits: options.limits,
      onSubmit,
      isDisabled,
    });
  return useFormView(contentKey(options.parameters), make, options);
}

import { buildFormModel, createFormControl, resolveContentLimits, type HeadlessForm, type HeadlessFormOptions } from '../form';
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
  /**
   * The call the form answers (`toolCall.toolCallId`): a new id starts the form afresh, even with
   * the same parameters (the agent asked again). Default: none (only new parameters start afresh).
   */
  toolCallId?: string | undefined;
  /**
   * Once an answer was sent (`onSubmit` returned, or its promise resolved), the form takes no other:
   * submits are ignored and the fields are read-only, until `reset()`, a new `toolCallId` or new
   * parameters. `true` keeps it open for another answer. Default: false.
   */
  allowResubmit?: boolean | undefined;
}

/** What `useToolCallForm` returns: the form, its fields with prop getters, and its state. */
export type UseToolCallFormResult = HeadlessForm;

/**
 * A `form_input` call as a headless form: the same model, validation, defaults, answer encoding
 * and focus on the first error as `<ToolCallForm>` (which is built on it), with prop getters for
 * your own elements: `<form {...form.getFormProps()}>`, `<input {...field.getInputProps()}>`.
 *
 * As react-hook-form's `useForm`, the caller re-renders for `status`, when an error it shows comes
 * or goes, and for the fields whose `value` it reads, not as the person types: props read from
 * `form.fields` are uncontrolled (the element holds the value, as with `register`); a field that
 * calls `useHeadlessField(field)` gets controlled props and renders alone per keystroke. One answer
 * per call: once `submitted`, `submit` is ignored and fields are `readOnly` until `reset()` (or `allowResubmit`).
 */
export function useToolCallForm(options: UseToolCallFormOptions): UseToolCallFormResult {
  const onSubmit = useLatestCallback((answer: FormAnswer, input: string) => options.onSubmit?.(answer, input));
  const allowResubmit = useLatestCallback(() => options.allowResubmit === true);
  const make = (ids: { idBase: string; formId: string | undefined }) =>
    createFormControl(buildFormModel(options.parameters, resolveContentLimits(options.limits)), {
      ...ids,
      parameters: options.parameters,
      defaultValues: options.defaultValues,
      limits: options.limits,
      onSubmit,
      allowResubmit,
    });
  // JSON has no raw line break: the two parts cannot run into each other.
  return useFormView(`${contentKey(options.toolCallId ?? null)}\n${contentKey(options.parameters)}`, make, options);
}

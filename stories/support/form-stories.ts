import { expect, fn, waitFor, within } from 'storybook/test';
import type { FormAnswer, ToolCallFormProps } from '../../src';

/** The events of `<ToolCallForm>`, as spies, so the Actions panel and `play` functions see them. */
export function formEventArgs() {
  return {
    onSubmit: fn<NonNullable<ToolCallFormProps['onSubmit']>>(),
    onValuesChange: fn<NonNullable<ToolCallFormProps['onValuesChange']>>(),
    onInvalidParameters: fn<NonNullable<ToolCallFormProps['onInvalidParameters']>>(),
  };
}

/** Lists the form's events under "Events" in the args table. */
export const formEventArgTypes = {
  onSubmit: { table: { category: 'Events' } },
  onValuesChange: { table: { category: 'Events' } },
  onInvalidParameters: { table: { category: 'Events' } },
} as const;

/** The args a `play` function needs from a `<ToolCallForm>` story. */
export interface FormPlayArgs {
  onSubmit?: ToolCallFormProps['onSubmit'];
}

/** The spy behind `args.onSubmit` (the stories set it to `fn()`). */
function submitSpy(args: FormPlayArgs) {
  const spy = args.onSubmit;
  if (spy === undefined || !('mock' in spy)) throw new Error('The story must pass `onSubmit: fn()`.');
  return spy as ReturnType<typeof fn<NonNullable<ToolCallFormProps['onSubmit']>>>;
}

/** Expects exactly one submit, with `answer`, and the same answer encoded for the service. */
export async function expectSubmitted(args: FormPlayArgs, answer: FormAnswer): Promise<void> {
  const spy = submitSpy(args);
  await waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
  await expect(spy).toHaveBeenCalledWith(answer, JSON.stringify(answer));
}

/**
 * Expects the last submit to have been refused: nothing sent, a summary announced (`role="alert"`),
 * focus on the first invalid field, which is marked invalid and described by its message.
 */
export async function expectRefused(
  canvasElement: HTMLElement,
  args: FormPlayArgs,
  refusal: { summary: string; focused: HTMLElement; invalid: HTMLElement; message: string },
): Promise<void> {
  const canvas = within(canvasElement);
  await expect(submitSpy(args)).not.toHaveBeenCalled();
  await expect(await canvas.findByRole('alert')).toHaveTextContent(refusal.summary);
  await waitFor(() => expect(document.activeElement).toBe(refusal.focused));
  await expect(refusal.invalid).toHaveAttribute('aria-invalid', 'true');
  await expect(refusal.invalid).toHaveAccessibleDescription(refusal.message);
}

import { fillFormAs, type FormInputValues } from './fill-form-input';
import { DEFAULT_HELPER_TIMEOUT_MS, isTimeout, pageOf, reasonOf, type PlaywrightScope } from './playwright-scope';

/** Options of `answerFormInput`. */
export interface AnswerFormInputOptions {
  /** Milliseconds to wait for the form, for each action, and for the answer to be accepted. Default: 30000. */
  timeout?: number;
}

/** How a sent answer ended, as the page shows it. */
type Outcome =
  { outcome: 'accepted' } | { outcome: 'invalid'; text: string } | { outcome: 'failed'; text: string } | { outcome: 'stale'; text: string };

/**
 * What became of the answer, or `null` while it is still on its way; runs in the page. Inside a
 * `<RunViewer>`, accepted means "Sent" shows or the form went away (the run moved on, which may
 * happen before "Sent" is painted); a `<ToolCallForm>` alone is done once its `data-state` is
 * `submitted`.
 */
function readOutcome({ form, viewer }: { form: Element; viewer: Element | null }): Outcome | null {
  const text = (element: Element | null | undefined) => (element?.textContent ?? '').trim();
  if (form.isConnected && form.getAttribute('data-state') === 'invalid') {
    const errors = [...form.querySelectorAll('.hitl-field-error')].map((error) => text(error));
    return { outcome: 'invalid', text: [text(form.querySelector('.hitl-error-summary')), ...errors].filter(Boolean).join(' ') };
  }
  if (viewer === null) return form.getAttribute('data-state') === 'submitted' ? { outcome: 'accepted' } : null;
  const failed = viewer.querySelector('.hitl-run-viewer-submit-error[data-state="error"]');
  if (failed !== null) return { outcome: 'failed', text: text(failed.querySelector('[role="alert"]') ?? failed) };
  const stale = viewer.querySelector('.hitl-run-viewer-stale');
  if (stale !== null) return { outcome: 'stale', text: text(stale.querySelector('p')) };
  if (viewer.querySelector('.hitl-run-viewer-sent') !== null || !form.isConnected) return { outcome: 'accepted' };
  return null;
}

/**
 * Answers the `form_input` call shown in `scope`: fills it by label (as `fillFormInput`), submits
 * it, and waits until the answer is accepted: the `<RunViewer>` shows "Sent" or moves past the
 * call (a `<ToolCallForm>` alone: its `data-state` becomes `submitted`). Fails with the form's
 * own messages when it refuses the values, with the viewer's alert when sending fails, when the
 * call is no longer pending, and after `timeout`.
 *
 * @example
 * await answerFormInput(page, { Username: 'ada', Password: 'secret' });
 * await waitForRunState(page, 'completed');
 */
export async function answerFormInput(
  scope: PlaywrightScope,
  values: FormInputValues,
  options: AnswerFormInputOptions = {},
): Promise<void> {
  const helper = 'answerFormInput';
  const timeout = options.timeout ?? DEFAULT_HELPER_TIMEOUT_MS;
  const form = await fillFormAs(helper, scope, values, { timeout });
  // Held by handle, not by locator: the form going away is one of the outcomes.
  const formHandle = await form.elementHandle({ timeout });
  const viewer = await formHandle.evaluateHandle((element) => element.closest('.hitl-run-viewer'));
  try {
    try {
      await form.locator('button[type="submit"]').click({ timeout });
    } catch (error) {
      throw new Error(`${helper}: could not click the form's submit button: ${reasonOf(error)}`, { cause: error });
    }
    let result: Outcome;
    try {
      const outcome = await pageOf(scope).waitForFunction(readOutcome, { form: formHandle, viewer }, { timeout });
      result = (await outcome.jsonValue()) as Outcome;
    } catch (error) {
      if (!isTimeout(error)) throw error;
      const state = await formHandle
        .evaluate((element) => (element.isConnected ? element.getAttribute('data-state') : 'gone'))
        .catch(() => 'gone');
      throw new Error(`${helper}: the answer was not accepted within ${timeout} ms (the form's state: ${state ?? 'unknown'})`);
    }
    switch (result.outcome) {
      case 'accepted':
        return;
      case 'invalid':
        throw new Error(`${helper}: the form refused the values: ${result.text}`);
      case 'failed':
        throw new Error(`${helper}: the answer could not be sent: ${result.text}`);
      case 'stale':
        throw new Error(`${helper}: the call is no longer pending: ${result.text}`);
    }
  } finally {
    await Promise.all([formHandle.dispose(), viewer.dispose()]).catch(() => undefined);
  }
}

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

/** Where the form was found, held from before the submit: the form may go away with its answer. */
interface Frame {
  form: Element;
  /** The `<RunViewer>` around the form, if any. */
  viewer: Element | null;
  /** The `<Inbox>` item the form was opened in, if any, and its prompt. */
  item: Element | null;
  prompt: Element | null;
}

/**
 * What became of the answer, or `null` while it is still on its way; runs in the page. Inside a
 * `<RunViewer>`, accepted means "Sent" shows or the form went away (the run moved on, which may
 * happen before "Sent" is painted). Inside an `<Inbox>`, an item leaves the list, its form with it,
 * in the same update that records its answer as accepted, so the item gone is the acceptance (a
 * form closed while its answer is out still waits for it). A `<ToolCallForm>` alone is done once
 * its `data-state` is `submitted`.
 */
function readOutcome({ form, viewer, item, prompt }: Frame): Outcome | null {
  const text = (element: Element | null | undefined) => (element?.textContent ?? '').trim();
  if (form.isConnected && form.getAttribute('data-state') === 'invalid') {
    const errors = [...form.querySelectorAll('.hitl-field-error')].map((error) => text(error));
    return { outcome: 'invalid', text: [text(form.querySelector('.hitl-error-summary')), ...errors].filter(Boolean).join(' ') };
  }
  if (viewer !== null) {
    const failed = viewer.querySelector('.hitl-run-viewer-submit-error[data-state="error"]');
    if (failed !== null) return { outcome: 'failed', text: text(failed.querySelector('[role="alert"]') ?? failed) };
    const stale = viewer.querySelector('.hitl-run-viewer-stale');
    if (stale !== null) return { outcome: 'stale', text: text(stale.querySelector('p')) };
    if (viewer.querySelector('.hitl-run-viewer-sent') !== null || !form.isConnected) return { outcome: 'accepted' };
    return null;
  }
  if (item !== null && prompt !== null) {
    if (!item.isConnected) return { outcome: 'accepted' };
    if (!prompt.isConnected) return null;
    const state = prompt.getAttribute('data-state');
    if (state === 'error') return { outcome: 'failed', text: text(prompt.querySelector('.hitl-inbox-submit-error')) };
    if (state === 'stale') return { outcome: 'stale', text: text(prompt.querySelector('.hitl-inbox-submit-error')) };
    return state === 'submitted' ? { outcome: 'accepted' } : null;
  }
  return form.getAttribute('data-state') === 'submitted' ? { outcome: 'accepted' } : null;
}

/**
 * Answers the `form_input` call shown in `scope`: fills it by label (as `fillFormInput`), submits
 * it, and waits until the answer is accepted: the `<RunViewer>` shows "Sent" or moves past the
 * call; in an `<Inbox>`, the item the form was opened in leaves the list (the inbox drops an item
 * once its answer is accepted, and also when the call stops waiting for another reason, such as
 * another person's answer, which it does not tell apart); a `<ToolCallForm>` alone: its
 * `data-state` becomes `submitted`. Fails with the form's own messages when it refuses the values,
 * with the viewer's or the inbox item's alert when sending fails, when the call is no longer
 * pending, and after `timeout`.
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
  const frame = await formHandle.evaluateHandle((element) => ({
    form: element,
    viewer: element.closest('.hitl-run-viewer'),
    item: element.closest('.hitl-inbox-item'),
    prompt: element.closest('.hitl-inbox-prompt'),
  }));
  try {
    try {
      await form.locator('button[type="submit"]').click({ timeout });
    } catch (error) {
      throw new Error(`${helper}: could not click the form's submit button: ${reasonOf(error)}`, { cause: error });
    }
    let result: Outcome;
    try {
      const outcome = await pageOf(scope).waitForFunction(readOutcome, frame, { timeout });
      result = (await outcome.jsonValue()) as Outcome;
    } catch (error) {
      if (!isTimeout(error)) throw error;
      const state = await frame
        .evaluate(({ form, item }) =>
          form.isConnected ? form.getAttribute('data-state') : item?.isConnected === true ? 'closed, its inbox item still waiting' : 'gone',
        )
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
    await Promise.all([formHandle.dispose(), frame.dispose()]).catch(() => undefined);
  }
}

import type { Locator } from 'playwright-core';
import { fillField, type FormInputFillValue } from './fill-form-field';
import { DEFAULT_HELPER_TIMEOUT_MS, isTimeout, pageOf, reasonOf, type PlaywrightScope } from './playwright-scope';

/** The values to fill, by field label exactly as the agent wrote it (`{ Username: 'ada', Remember: true }`). */
export type FormInputValues = Readonly<Record<string, FormInputFillValue>>;

/** Options of `fillFormInput`. */
export interface FillFormInputOptions {
  /** Clicks the form's submit button once every field is filled. Default: false. */
  submit?: boolean;
  /** Milliseconds to wait for the form's fields to appear, and for each action on them. Default: 30000. */
  timeout?: number;
}

/** The labels of the fields shown in `scope`, for an error that names a missing one. */
async function shownLabels(scope: PlaywrightScope): Promise<string> {
  const labels = await scope
    // The element that names the field holds its text alone: the label, or beside a required mark its <bdi>.
    .locator('.hitl-field .hitl-label[id], .hitl-field .hitl-label > bdi[id]')
    .allTextContents()
    .catch(() => []);
  return labels.length === 0 ? 'none (is the form shown in this scope?)' : labels.map((label) => `"${label}"`).join(', ');
}

/**
 * The control of the field labelled `label`: the element the label names, leaving out the options
 * of groups (a radio or checkbox labelled like another field is that field's option, not a field).
 */
async function findField(scope: PlaywrightScope, label: string, helper: string, timeout: number): Promise<Locator> {
  const candidates = scope.getByLabel(label, { exact: true });
  try {
    await candidates.first().waitFor({ state: 'attached', timeout });
  } catch (error) {
    if (!isTimeout(error)) throw error;
    throw new Error(`${helper}: no field labelled "${label}" in scope within ${timeout} ms. Fields shown: ${await shownLabels(scope)}`);
  }
  const isOption = await candidates.evaluateAll((elements) =>
    elements.map((element) => element.tagName === 'INPUT' && element.closest('[role="group"], [role="radiogroup"]') !== null),
  );
  const fields = isOption.flatMap((option, index) => (option ? [] : [index]));
  if (fields.length === 0) {
    throw new Error(`${helper}: "${label}" labels an option, not a field; give the field's label with "${label}" as its value`);
  }
  if (fields.length > 1) {
    throw new Error(
      `${helper}: ${fields.length} fields are labelled "${label}" in scope; narrow the scope to one form (e.g. the <RunViewer>'s region)`,
    );
  }
  return candidates.nth(fields[0] ?? 0);
}

/**
 * Fills the form of a `form_input` call, as `<ToolCallForm>` (and `<RunViewer>`) render it, by
 * field label: types into text-like, number and textarea fields, sets date-like inputs and ranges
 * (with the input and change events a person's input makes), checks checkboxes and switches,
 * picks an option of a single select from its list, of a radio group by its label, and checks
 * exactly the named options of a checkbox group or multiple select. With `submit`, clicks the
 * form's submit button. Resolves with the `<form>`.
 *
 * Every failure says which field and what was wrong: no field with that label (and the labels
 * shown), a value of the wrong type for the field's kind, an option that does not exist (and the
 * options there are), a disabled or read-only field, a date in the wrong format, a range value
 * outside its limits or step.
 *
 * @example
 * await fillFormInput(page.getByRole('region', { name: 'Latest run' }), {
 *   Username: 'ada',
 *   'Delivery window': 'Morning (8:00–12:00)',
 *   'Place the order': true,
 * }, { submit: true });
 */
export function fillFormInput(scope: PlaywrightScope, values: FormInputValues, options: FillFormInputOptions = {}): Promise<Locator> {
  return fillFormAs('fillFormInput', scope, values, options);
}

/** `fillFormInput`, with messages that start with `helper`'s name (`answerFormInput` fills through it too). */
export async function fillFormAs(
  helper: string,
  scope: PlaywrightScope,
  values: FormInputValues,
  options: FillFormInputOptions,
): Promise<Locator> {
  const timeout = options.timeout ?? DEFAULT_HELPER_TIMEOUT_MS;
  const labels = Object.keys(values);
  if (labels.length === 0) throw new TypeError(`${helper}: give the value of at least one field, by its label`);
  const page = pageOf(scope);

  let form: Locator | undefined;
  for (const label of labels) {
    const control = await findField(scope, label, helper, timeout);
    await fillField(control, values[label] ?? null, { helper, label, page, timeout });
    form ??= control.locator('xpath=ancestor::form[1]');
  }
  if (form === undefined || (await form.count()) === 0) {
    throw new Error(`${helper}: the field "${labels[0] ?? ''}" is not inside a <form>`);
  }
  if (options.submit === true) {
    try {
      await form.locator('button[type="submit"]').click({ timeout });
    } catch (error) {
      throw new Error(`${helper}: could not click the form's submit button: ${reasonOf(error)}`, { cause: error });
    }
  }
  return form;
}

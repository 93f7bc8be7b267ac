import type { Locator, Page } from 'playwright-core';
import { reasonOf } from './playwright-scope';

/**
 * A value for one field of a `form_input` call, by kind:
 * - text-like (`text`, `email`, `tel`, `url`, `password`), `textarea`, `number`: a string or number
 *   (`null` empties it);
 * - date-like (`date`, `time`, `datetime-local`, `month`, `week`): the input's own format,
 *   `'2026-05-01'`, `'14:30'`, `'2026-05-01T14:30'`, `'2026-05'`, `'2026-W18'` (`null` empties it);
 * - `range`: a number;
 * - `checkbox` (without options) and `switch`: a boolean;
 * - `select` and `radio`: the label of the option to choose;
 * - `checkbox` with options and `select` with `multiple`: the labels of the options to check
 *   (the others are unchecked).
 */
export type FormInputFillValue = string | number | boolean | readonly string[] | null;

/** How a field is filled, read from the element its label names. */
type ControlKind = 'text' | 'date-like' | 'range' | 'checkbox' | 'switch' | 'select' | 'native-select' | 'radio' | 'checkbox-group';

/** What the helper reads of a field's control in the page. */
interface ControlFacts {
  control: ControlKind | null;
  /** The field's `data-field-type`, or the element's type, for messages. */
  kind: string;
  /** The labels of a group's or native select's options, in order. */
  options: string[];
  /** Why the control takes no input (disabled, read-only); `null` when it does. */
  locked: string | null;
}

const DATE_LIKE_TYPES = ['date', 'time', 'datetime-local', 'month', 'week'];
const DATE_FORMATS: Record<string, string> = {
  date: 'YYYY-MM-DD',
  time: 'HH:MM or HH:MM:SS',
  'datetime-local': 'YYYY-MM-DDTHH:MM',
  month: 'YYYY-MM',
  week: 'YYYY-Www',
};

/** Reads what kind of control `element` is; runs in the page. */
function readControl(element: SVGElement | HTMLElement, dateLikeTypes: string[]): ControlFacts {
  const role = element.getAttribute('role');
  const tag = element.tagName.toLowerCase();
  const type = (element.getAttribute('type') ?? '').toLowerCase();
  const field = element.closest('[data-field-type]');
  let control: ControlKind | null = null;
  if (role === 'combobox' && tag !== 'input') control = 'select';
  else if (role === 'switch') control = 'switch';
  else if (role === 'radiogroup') control = 'radio';
  else if (role === 'group') control = 'checkbox-group';
  else if (tag === 'select') control = 'native-select';
  else if (tag === 'textarea') control = 'text';
  else if (tag === 'input' && type === 'checkbox') control = 'checkbox';
  else if (tag === 'input' && type === 'range') control = 'range';
  else if (tag === 'input' && dateLikeTypes.includes(type)) control = 'date-like';
  else if (tag === 'input' && !['radio', 'button', 'submit', 'reset', 'file', 'hidden', 'image', 'color'].includes(type)) control = 'text';

  const optionLabels = (inputs: Iterable<Element>) =>
    [...inputs].map((input) => {
      const labels = (input as HTMLInputElement).labels;
      return (labels?.[0]?.textContent ?? '').trim();
    });
  const options =
    control === 'native-select'
      ? [...(element as HTMLSelectElement).options].map((option) => option.label)
      : control === 'radio' || control === 'checkbox-group'
        ? optionLabels(element.querySelectorAll('input'))
        : [];

  const disabled =
    (element as HTMLInputElement).disabled === true ||
    element.getAttribute('aria-disabled') === 'true' ||
    element.closest('fieldset:disabled') !== null;
  const readOnly = (element as HTMLInputElement).readOnly === true || element.getAttribute('aria-readonly') === 'true';
  return {
    control,
    kind: field?.getAttribute('data-field-type') ?? (type || role || tag),
    options,
    locked: disabled ? 'disabled' : readOnly ? 'read-only' : null,
  };
}

/** Sets an input's value as a person's input would, so React sees it; returns the value the input kept. Runs in the page. */
function setNativeValue(element: SVGElement | HTMLElement, value: string): string {
  const input = element as HTMLInputElement;
  input.focus();
  // React watches the element's own `value` setter to tell its writes from the person's; the
  // prototype's setter (called on the element) goes around it, so the events below count as a change.
  Reflect.set(HTMLInputElement.prototype, 'value', value, input);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
  return input.value;
}

const formatValue = (value: FormInputFillValue) => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value));

/** A helper error about one field, prefixed with the helper's name. */
class FieldError extends Error {
  constructor(helper: string, label: string, facts: ControlFacts, problem: string) {
    super(`${helper}: field "${label}" (${facts.kind}) ${problem}`);
    this.name = 'FormInputFillError';
  }
}

/** The options a group or select shows, for an error that names a missing one. */
const listOptions = (options: readonly string[]) => (options.length === 0 ? 'none' : options.map((option) => `"${option}"`).join(', '));

/** Everything `fillField` needs besides the control and the value. */
interface FillFieldContext {
  /** The helper's name, for messages. */
  helper: string;
  label: string;
  page: Page;
  timeout: number;
}

/**
 * Fills one field of a `form_input` form, found by its label, as a person would: typing,
 * choosing from the list, checking, moving the slider.
 */
export async function fillField(control: Locator, value: FormInputFillValue, context: FillFieldContext): Promise<void> {
  const { helper, label, timeout } = context;
  const facts = await control.evaluate(readControl, DATE_LIKE_TYPES);
  const fail = (problem: string) => new FieldError(helper, label, facts, problem);
  if (facts.control === null) throw fail('is not a form control this helper can fill');
  if (facts.locked !== null) throw fail(`is ${facts.locked}: a person cannot change it`);
  const expect = (what: string) => fail(`takes ${what}, got ${formatValue(value)}`);

  try {
    switch (facts.control) {
      case 'text': {
        if (value !== null && typeof value !== 'string' && typeof value !== 'number') throw expect('a string or number');
        await control.fill(value === null ? '' : String(value), { timeout });
        return;
      }
      case 'date-like':
      case 'range': {
        const isRange = facts.control === 'range';
        const numeric = typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));
        if (isRange ? !numeric : value !== null && typeof value !== 'string') {
          throw expect(isRange ? 'a number' : `a string in the input's format (${DATE_FORMATS[facts.kind] ?? 'its own'})`);
        }
        const text = value === null ? '' : String(value);
        const kept = await control.evaluate(setNativeValue, text);
        // The browser drops a malformed date and clamps a range to its limits and step: say so rather than send another value.
        if (isRange ? Number(kept) !== Number(text) : kept !== text) {
          throw fail(
            isRange
              ? `does not take ${text}: it kept ${kept} (check min, max and step)`
              : `did not take "${text}": write it as ${DATE_FORMATS[facts.kind] ?? 'the input expects'}`,
          );
        }
        return;
      }
      case 'checkbox':
      case 'switch': {
        if (typeof value !== 'boolean') throw expect('a boolean');
        await control.setChecked(value, { timeout });
        return;
      }
      case 'radio': {
        if (typeof value !== 'string') throw expect('the label of one option');
        if (!facts.options.includes(value)) throw fail(`has no option "${value}" (options: ${listOptions(facts.options)})`);
        await control.getByRole('radio', { name: value, exact: true }).check({ timeout });
        return;
      }
      case 'checkbox-group': {
        if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) throw expect('an array of option labels');
        const chosen = value as readonly string[];
        const missing = chosen.filter((option) => !facts.options.includes(option));
        if (missing.length > 0) throw fail(`has no option ${listOptions(missing)} (options: ${listOptions(facts.options)})`);
        for (const [index, option] of facts.options.entries()) {
          await control.getByRole('checkbox').nth(index).setChecked(chosen.includes(option), { timeout });
        }
        return;
      }
      case 'native-select': {
        if (typeof value !== 'string') throw expect('the label of one option');
        if (!facts.options.includes(value)) throw fail(`has no option "${value}" (options: ${listOptions(facts.options)})`);
        await control.selectOption({ label: value }, { timeout });
        return;
      }
      case 'select':
        return await chooseFromList(control, value, { ...context, fail, expect });
    }
  } catch (error) {
    if (error instanceof FieldError) throw error;
    throw fail(`could not be filled: ${reasonOf(error)}`);
  }
}

/** A single select (a Radix Select): open its list, pick the option, check the trigger shows it. */
async function chooseFromList(
  trigger: Locator,
  value: FormInputFillValue,
  context: FillFieldContext & { fail: (problem: string) => Error; expect: (what: string) => Error },
): Promise<void> {
  const { page, timeout, fail } = context;
  if (typeof value !== 'string') throw context.expect('the label of one option');
  await trigger.click({ timeout });
  // The list opens in a portal at the end of the page, outside any scope; only one is open at a time.
  const list = page.getByRole('listbox');
  await list.waitFor({ timeout });
  const option = list.getByRole('option', { name: value, exact: true });
  if ((await option.count()) === 0) {
    // By accessible name: an option's text may hold more than its label (Radix's check mark).
    const options = await list.getByRole('option').evaluateAll((items) =>
      items.map((item) => {
        const labelledBy = item.getAttribute('aria-labelledby');
        const label = labelledBy === null ? null : item.ownerDocument.getElementById(labelledBy);
        return ((label ?? item).textContent ?? '').trim();
      }),
    );
    await page.keyboard.press('Escape');
    throw fail(`has no option "${value}" (options: ${listOptions(options)})`);
  }
  await option.click({ timeout });
  await list.waitFor({ state: 'hidden', timeout });
  const shown = ((await trigger.textContent({ timeout })) ?? '').trim();
  if (!shown.includes(value)) throw fail(`shows "${shown}" after choosing "${value}"`);
}

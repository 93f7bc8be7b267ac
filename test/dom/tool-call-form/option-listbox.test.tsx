import { screen, within } from '@testing-library/react';
import { expectNoAxeViolations } from '../axe';
import { renderForm, valueOf } from './render-form';

const COUNT = 10_000;
/** Option labels "Item 0" … "Item 9999"; values made by `value` from the position. */
const many = (value: (index: number) => string | number, count = COUNT) =>
  Array.from({ length: count }, (_, index) => ({ label: `Item ${index}`, value: value(index) }));

const FIELDS = {
  select: { type: 'select', label: 'City', options: many((i) => `s${i}`) },
  radio: { type: 'radio', label: 'Seat', options: many((i) => i * 10) },
  checkbox: { type: 'checkbox', label: 'Toppings', options: many((i) => `c${i}`) },
  multiple: { type: 'select', multiple: true, label: 'Extras', options: many((i) => (i % 2 === 0 ? i : `m${i}`)) },
};

const one = (field: Record<string, unknown>) => ({ fields: [field] });
const combobox = (name: string) => screen.getByRole('combobox', { name });
const listbox = () => screen.getByRole('listbox');
const optionElements = () => within(listbox()).queryAllByRole('option');
const highlighted = (name: string) => {
  const id = combobox(name).getAttribute('aria-activedescendant');
  return id === null ? null : document.getElementById(id);
};

// Forms of 10,000 options in jsdom, driven key by key on a shared machine: slower than the default 5 s.
describe('the option listbox: a searchable, virtualized choice among 10,000 options', { timeout: 30_000 }, () => {
  it.each(Object.entries(FIELDS))(
    '%s: a combobox named by its label, with a listbox holding only the rows in view',
    async (_kind, field) => {
      const form = renderForm(one(field));
      const input = combobox(field.label);
      expect(input).toHaveAttribute('aria-expanded', 'false');
      expect(input).toHaveAttribute('aria-autocomplete', 'list');
      // The list is in the page while closed (so `aria-controls` names an element), hidden and empty.
      const list = document.getElementById(input.getAttribute('aria-controls')!);
      expect(list).toHaveAttribute('role', 'listbox');
      expect(list).not.toBeVisible();
      // Nothing of the list is rendered until it opens.
      expect(document.querySelectorAll('[role="option"]')).toHaveLength(0);
      expect(screen.queryAllByRole('radio')).toHaveLength(0);
      expect(screen.queryAllByRole('checkbox')).toHaveLength(0);

      await form.user.tab();
      expect(input).toHaveFocus();
      await form.user.keyboard('{ArrowDown}');
      expect(input).toHaveAttribute('aria-expanded', 'true');
      expect(listbox()).toHaveAccessibleName(field.label);
      const multiple = field.type === 'checkbox' || 'multiple' in field;
      if (multiple) expect(listbox()).toHaveAttribute('aria-multiselectable', 'true');
      else expect(listbox()).not.toHaveAttribute('aria-multiselectable');
      const rendered = optionElements();
      expect(rendered.length).toBeGreaterThan(8);
      expect(rendered.length).toBeLessThanOrEqual(50);
      for (const option of rendered) expect(option).toHaveAttribute('aria-setsize', String(COUNT));
      expect(highlighted(field.label)).toHaveAccessibleName('Item 0');
      expect(highlighted(field.label)).toHaveAttribute('aria-posinset', '1');

      // End reaches the last of the 10,000; the window moves with it and stays small.
      await form.user.keyboard('{End}');
      expect(highlighted(field.label)).toHaveAccessibleName('Item 9999');
      expect(highlighted(field.label)).toHaveAttribute('aria-posinset', String(COUNT));
      expect(optionElements().length).toBeLessThanOrEqual(50);
      await form.user.keyboard('{PageUp}{ArrowUp}');
      expect(highlighted(field.label)).toHaveAccessibleName('Item 9991');
      await form.user.keyboard('{Home}{PageDown}');
      expect(highlighted(field.label)).toHaveAccessibleName('Item 7');
    },
  );

  it('select: open, filter, arrows and Enter choose by keyboard; the answer is the option value', async () => {
    const form = renderForm(one(FIELDS.select));
    await form.user.tab();
    await form.user.keyboard('{ArrowDown}item 999');
    // "Item 999" and "Item 9990" … "Item 9999", in option order; the first is highlighted.
    expect(optionElements()).toHaveLength(11);
    expect(optionElements()[0]).toHaveAttribute('aria-setsize', '11');
    expect(highlighted('City')).toHaveAccessibleName('Item 999');
    expect(screen.getByRole('status')).toHaveTextContent('11 options');
    await form.user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{Enter}');
    expect(combobox('City')).toHaveAttribute('aria-expanded', 'false');
    expect(combobox('City')).toHaveValue('Item 9990');
    expect(combobox('City')).toHaveFocus();
    expect(await valueOf(form)).toBe('s9990');
  });

  it('radio group: typing opens the list; Enter takes the first match; the answer keeps a number value', async () => {
    const form = renderForm(one(FIELDS.radio));
    await form.user.tab();
    await form.user.keyboard('ITEM 4242{Enter}');
    expect(combobox('Seat')).toHaveValue('Item 4242');
    expect(await valueOf(form)).toBe(42420);
    // The chosen label is selected on focus or click, so typing searches afresh.
    await form.user.click(combobox('Seat'));
    await form.user.keyboard('item 17{Enter}');
    expect(await valueOf(form)).toBe(170);
  });

  it.each([
    ['checkbox', FIELDS.checkbox, ['c12', 'c121']],
    ['multiple', FIELDS.multiple, [12, 'm121']],
  ] as const)('%s: Enter toggles and the list stays open; the answer lists the values in option order', async (_kind, field, expected) => {
    const form = renderForm(one(field));
    await form.user.tab();
    // "Item 12", "Item 120" …: the third match is "Item 121".
    await form.user.keyboard('item 12{ArrowDown}{ArrowDown}{Enter}');
    expect(combobox(field.label)).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('option', { name: 'Item 121' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Item 121 chosen, 1 in all');
    await form.user.keyboard('{ArrowUp}{ArrowUp}{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Item 12 chosen, 2 in all');
    expect(combobox(field.label)).toHaveAccessibleDescription('2 chosen: Item 12, Item 121');
    // Chosen in reverse order, answered in option order, as the checkboxes would.
    expect(await valueOf(form)).toEqual(expected);

    await form.user.click(combobox(field.label));
    await form.user.keyboard('item 12{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Item 12 removed, 1 in all');
    expect(await valueOf(form)).toEqual(expected.slice(1));
  });

  it('a click on an option chooses it, and the focus stays in the input', async () => {
    const form = renderForm(one(FIELDS.multiple));
    await form.user.click(combobox('Extras'));
    await form.user.click(screen.getByRole('option', { name: 'Item 3' }));
    await form.user.click(screen.getByRole('option', { name: 'Item 2' }));
    expect(combobox('Extras')).toHaveFocus();
    expect(await valueOf(form)).toEqual([2, 'm3']);
  });

  it.each([
    ['select', { type: 'select' }],
    ['radio', { type: 'radio' }],
    ['checkbox', { type: 'checkbox' }],
    ['multiple select', { type: 'select', multiple: true }],
  ])('%s: the answer equals that of the small control for the same choices', async (_kind, kind) => {
    const answerOf = async (count: number) => {
      const form = renderForm(one({ ...kind, label: 'Pick', options: many((i) => (i % 3 === 0 ? i : `v${i}`), count) }));
      const multiple = kind.type === 'checkbox' || 'multiple' in kind;
      const listboxField = screen.queryByRole('combobox', { name: 'Pick' })?.getAttribute('aria-autocomplete') === 'list';
      // Small: a Radix Select (its list opened over the page), radios or checkboxes (a multiple select too).
      const role = listboxField || (kind.type === 'select' && !multiple) ? 'option' : multiple ? 'checkbox' : 'radio';
      for (const name of multiple ? ['Item 7', 'Item 3'] : ['Item 7']) {
        if (role === 'option' && screen.queryByRole('listbox') === null) await form.user.click(combobox('Pick'));
        await form.user.click(screen.getByRole(role, { name }));
      }
      const value = await valueOf(form);
      form.unmount();
      return { listboxField, value };
    };
    const small = await answerOf(50);
    const large = await answerOf(51);
    expect(small.listboxField).toBe(false);
    expect(large.listboxField).toBe(true);
    expect(large.value).toEqual(small.value);
  });

  it.each(Object.entries(FIELDS))('%s: a refused required field is marked, described by its error and focused', async (_kind, field) => {
    const form = renderForm({
      fields: [
        { type: 'text', label: 'Name' },
        { ...field, required: true },
      ],
    });
    await form.submit();
    expect(form.onSubmit).not.toHaveBeenCalled();
    const input = combobox(field.label);
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAccessibleDescription('This field is required');
    await form.user.keyboard('item 5{Enter}');
    await form.submit();
    expect(form.onSubmit).toHaveBeenCalledTimes(1);
  });

  it('read-only: opens to show, but neither keys nor clicks change the choice', async () => {
    const form = renderForm(one({ ...FIELDS.radio, readonly: true, defaultValue: 50 }));
    const input = combobox('Seat');
    expect(input).toHaveValue('Item 5');
    expect(input).toHaveAttribute('readonly');
    expect(input).toHaveAttribute('aria-readonly', 'true');
    await form.user.tab();
    await form.user.keyboard('{ArrowDown}');
    expect(highlighted('Seat')).toHaveAccessibleName('Item 5');
    expect(listbox()).toHaveAttribute('aria-readonly', 'true');
    await form.user.keyboard('{ArrowDown}{Enter}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await form.user.click(input);
    await form.user.click(screen.getByRole('option', { name: 'Item 9' }));
    expect(input).toHaveValue('Item 5');
    expect(await valueOf(form)).toBe(50);
  });

  it('disabled: the input is disabled and the list does not open', async () => {
    const form = renderForm(one({ ...FIELDS.checkbox, disabled: true, defaultValue: 'c2' }));
    const input = combobox('Toppings');
    expect(input).toBeDisabled();
    await form.user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(await valueOf(form)).toEqual(['c2']);
  });

  it('Escape closes, a second Escape clears the search; Tab closes and leaves', async () => {
    const form = renderForm({ fields: [FIELDS.checkbox, { type: 'text', label: 'Next' }] });
    const input = combobox('Toppings');
    await form.user.tab();
    await form.user.keyboard('item 42');
    await form.user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('item 42');
    await form.user.keyboard('{Escape}');
    expect(input).toHaveValue('');
    await form.user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await form.user.tab();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('textbox', { name: 'Next' })).toHaveFocus();
  });

  it('no match: the list says so and Enter chooses nothing', async () => {
    const form = renderForm(one(FIELDS.select));
    await form.user.tab();
    await form.user.keyboard('zzz{Enter}');
    expect(optionElements()).toHaveLength(0);
    expect(combobox('City')).not.toHaveAttribute('aria-activedescendant');
    expect(screen.getByText('No options match', { selector: 'p' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('No options match');
    expect(await valueOf(form)).toBeNull();
  });

  it('option labels are text: markup is not rendered, and a long label is cut while the answer keeps the value', async () => {
    const label = `<img src=x onerror="window.hacked=1">${'x'.repeat(500)}`;
    const options = many((i) => `v${i}`, 60).map((option, i) => (i === 0 ? { label, value: 'long' } : option));
    const form = renderForm(one({ type: 'select', label: 'Pick', options }));
    await form.user.click(combobox('Pick'));
    const first = optionElements()[0]!;
    expect(first.querySelector('img')).toBeNull();
    expect(first.textContent).toBe(`${label.slice(0, 200)}…`);
    // Highlighted, the whole label is shown under the rows.
    expect(screen.getByText(label, { selector: '.hitl-listbox-preview bdi' })).toBeVisible();
    await form.user.keyboard('{ArrowDown}');
    expect(document.querySelector('.hitl-listbox-preview')).toBeNull();
    await form.user.click(first);
    expect(combobox('Pick')).toHaveValue(`${label.slice(0, 200)}…`);
    // Chosen, the whole label is under the field.
    expect(screen.getByText(label, { selector: '.hitl-listbox-chosen bdi' })).toBeVisible();
    expect(document.querySelector('img')).toBeNull();
    expect(await valueOf(form)).toBe('long');
  });

  it('a chosen label past maxTextLength is shown in part, and in full behind "Show all"', async () => {
    const label = `Long ${'y'.repeat(1_000_000)}`;
    const options = many((i) => `v${i}`, 60).map((option, i) => (i === 5 ? { label, value: 'long' } : option));
    const form = renderForm(one({ type: 'radio', label: 'Pick', options, defaultValue: 'long' }));
    const chosen = () => document.querySelector('.hitl-listbox-chosen')!;
    expect(chosen().textContent).toBe(`${label.slice(0, 1000)}…`);
    // Nothing near a megabyte is laid out until asked.
    expect(form.container.textContent.length).toBeLessThan(5_000);
    await form.user.click(combobox('Pick'));
    expect(document.querySelector('.hitl-listbox-preview')!.textContent).toBe(`${label.slice(0, 1000)}…`);
    await expectNoAxeViolations(form.container);
    await form.user.keyboard('{Escape}');
    const showAll = screen.getByRole('button', { name: 'Show all (1,000,005 characters)' });
    expect(showAll).toHaveAttribute('aria-expanded', 'false');
    await form.user.click(showAll);
    expect(chosen().textContent).toBe(label);
    await form.user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(chosen().textContent).toBe(`${label.slice(0, 1000)}…`);
    expect(await valueOf(form)).toBe('long');
  });

  it('Space opens and chooses while no search is typed, and is a space within a search', async () => {
    const form = renderForm(one(FIELDS.checkbox));
    await form.user.tab();
    await form.user.keyboard(' ');
    expect(combobox('Toppings')).toHaveAttribute('aria-expanded', 'true');
    await form.user.keyboard('{ArrowDown} ');
    expect(screen.getByRole('option', { name: 'Item 1' })).toHaveAttribute('aria-selected', 'true');
    expect(combobox('Toppings')).toHaveValue('');
    await form.user.keyboard('item 7{Enter}');
    expect(combobox('Toppings')).toHaveValue('item 7');
    expect(await valueOf(form)).toEqual(['c1', 'c7']);

    const single = renderForm(one({ ...FIELDS.select, label: 'Town' }));
    await single.user.click(combobox('Town'));
    await single.user.keyboard('{Escape}{ArrowDown}{ArrowDown} ');
    expect(combobox('Town')).toHaveAttribute('aria-expanded', 'false');
    expect(combobox('Town')).toHaveValue('Item 1');
  });

  it('its texts are the form messages, and can be replaced like any other', async () => {
    const form = renderForm(one(FIELDS.multiple), {
      messages: {
        optionsMatching: ({ count, query, label }) => `${label}: ${count} für „${query}“`,
        optionChosen: ({ option, count, label }) => `${label}: ${option} gewählt (${count})`,
        optionsChosen: ({ count }) => `${count} gewählt:`,
        noOptionsMatch: ({ query }) => `Nichts passt zu „${query}“`,
      },
    });
    await form.user.click(combobox('Extras'));
    await form.user.keyboard('item 99');
    expect(screen.getByRole('status')).toHaveTextContent('Extras: 111 für „item 99“');
    await form.user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Extras: Item 99 gewählt (1)');
    expect(combobox('Extras')).toHaveAccessibleDescription('1 gewählt: Item 99');
    await form.user.keyboard('x');
    expect(screen.getByText('Nichts passt zu „item 99x“')).toBeVisible();
  });

  it('axe: closed, open with a highlighted option, chosen, and invalid', async () => {
    const form = renderForm({ fields: Object.values(FIELDS).map((field) => ({ ...field, required: true })) });
    await expectNoAxeViolations(form.container);
    await form.user.click(combobox('Toppings'));
    await form.user.keyboard('item 3{ArrowDown}{Enter}');
    await expectNoAxeViolations(form.container);
    await form.user.keyboard('{Escape}');
    await form.submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct 3 fields');
    await expectNoAxeViolations(form.container);
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { renderForm } from './render-form';

const one = (field: Record<string, unknown>) => ({ fields: [field] });

/** Types `text` into the only text-like field, submits, and returns the message shown (or null). */
async function errorAfterTyping(field: Record<string, unknown>, text: string): Promise<string | null> {
  const form = renderForm(one({ label: 'Field', ...field }));
  const input = screen.getByLabelText('Field');
  if (text !== '') await form.user.type(input, text);
  await form.submit();
  const invalid = input.getAttribute('aria-invalid') === 'true';
  const describedBy = input.getAttribute('aria-describedby');
  const message = describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null;
  expect(invalid).toBe(message !== null);
  expect(form.onSubmit).toHaveBeenCalledTimes(message === null ? 1 : 0);
  form.unmount();
  return message;
}

describe('required', () => {
  it.each([
    ['text', { type: 'text' }, 'textbox'],
    ['number', { type: 'number' }, 'spinbutton'],
    ['date', { type: 'date' }, null],
    ['textarea', { type: 'textarea' }, 'textbox'],
    ['single checkbox (unchecked)', { type: 'checkbox' }, 'checkbox'],
    ['switch (off)', { type: 'switch' }, 'switch'],
    ['select (nothing chosen)', { type: 'select', options: [{ label: 'A', value: 'a' }] }, 'combobox'],
    ['radio (nothing chosen)', { type: 'radio', options: [{ label: 'A', value: 'a' }] }, 'radiogroup'],
    ['checkbox group (nothing chosen)', { type: 'checkbox', options: [{ label: 'A', value: 'a' }] }, 'group'],
    ['multiple select (nothing chosen)', { type: 'select', multiple: true, options: [{ label: 'A', value: 'a' }] }, 'group'],
  ])('%s counts as missing', async (_name, field, role) => {
    const form = renderForm(one({ ...field, label: 'Field', required: true }));
    await form.submit();
    expect(form.onSubmit).not.toHaveBeenCalled();
    const control = role ? screen.getByRole(role, { name: 'Field' }) : screen.getByLabelText('Field');
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(control).toHaveAccessibleDescription('This field is required');
  });

  it('an empty string counts as missing even when it is the default', async () => {
    expect(await errorAfterTyping({ type: 'text', required: true, defaultValue: '' }, '')).toBe('This field is required');
  });

  it('a range always has a value, so it is never missing', async () => {
    const form = renderForm(one({ type: 'range', label: 'Level', required: true }));
    expect(await form.submitAnswer()).toEqual([{ label: 'Level', value: 50 }]);
  });
});

describe('length, pattern and syntax', () => {
  it('minLength and maxLength', async () => {
    expect(await errorAfterTyping({ type: 'text', minLength: 3 }, 'ab')).toBe('Must be at least 3 characters');
    expect(await errorAfterTyping({ type: 'text', minLength: 3 }, 'abc')).toBeNull();
    // The maxlength attribute stops typing; a longer default still has to be refused.
    expect(await errorAfterTyping({ type: 'text', maxLength: 1, defaultValue: 'ab' }, '')).toBe('Must be at most 1 character');
  });

  it('an empty optional field passes minLength and pattern, as in HTML', async () => {
    expect(await errorAfterTyping({ type: 'text', minLength: 3, pattern: '\\d+' }, '')).toBeNull();
  });

  it('pattern must match the whole value', async () => {
    expect(await errorAfterTyping({ type: 'text', pattern: 'abc' }, 'xabc')).toBe('Must match the requested format');
    expect(await errorAfterTyping({ type: 'text', pattern: 'abc|def' }, 'def')).toBeNull();
  });

  it('pattern is compiled with the v flag when it can be (set operations work)', async () => {
    expect(await errorAfterTyping({ type: 'text', pattern: '[\\p{L}--[a-z]]+' }, 'ÄÖ')).toBeNull();
    expect(await errorAfterTyping({ type: 'text', pattern: '[\\p{L}--[a-z]]+' }, 'abc')).toBe('Must match the requested format');
  });

  it('then with u, then with no flag, like browsers', async () => {
    // "[(]" is refused by the v flag but valid with u; "\a" is valid only without flags.
    expect(await errorAfterTyping({ type: 'text', pattern: '[(]x' }, '(x')).toBeNull();
    expect(await errorAfterTyping({ type: 'text', pattern: '\\a+' }, 'aaa')).toBeNull();
    expect(await errorAfterTyping({ type: 'text', pattern: '\\a+' }, 'b')).toBe('Must match the requested format');
  });

  it('email: HTML’s valid e-mail address', async () => {
    expect(await errorAfterTyping({ type: 'email' }, 'ann@example')).toBeNull();
    expect(await errorAfterTyping({ type: 'email' }, 'ann@')).toBe('Must be an email address, such as name@example.com');
    expect(await errorAfterTyping({ type: 'email' }, 'ann example.com')).toBe('Must be an email address, such as name@example.com');
  });

  it('url: a scheme and a host', async () => {
    expect(await errorAfterTyping({ type: 'url' }, 'ftp://files.example')).toBeNull();
    expect(await errorAfterTyping({ type: 'url' }, 'example.com')).toBe('Must be a full web address, such as https://example.com');
    expect(await errorAfterTyping({ type: 'url' }, 'javascript:alert(1)')).toBe('Must be a full web address, such as https://example.com');
    expect(await errorAfterTyping({ type: 'url' }, 'mailto:ann@example.com')).toBe(
      'Must be a full web address, such as https://example.com',
    );
  });
});

describe('min, max and step', () => {
  it('number', async () => {
    expect(await errorAfterTyping({ type: 'number', min: 3 }, '2')).toBe('Must be 3 or more');
    expect(await errorAfterTyping({ type: 'number', max: 10 }, '11')).toBe('Must be 10 or less');
    expect(await errorAfterTyping({ type: 'number', min: 3, max: 10 }, '10')).toBeNull();
    expect(await errorAfterTyping({ type: 'number', step: 0.5 }, '1.25')).toBe('Must be a valid value, such as 1 or 1.5');
    expect(await errorAfterTyping({ type: 'number', step: 0.1 }, '0.3')).toBeNull();
    // A step no double can count in accepts every number rather than none.
    expect(await errorAfterTyping({ type: 'number', step: 5e-324 }, '7.25')).toBeNull();
    // The step grid starts at min.
    expect(await errorAfterTyping({ type: 'number', min: 1, step: 2 }, '4')).toBe('Must be a valid value, such as 3 or 5');
  });

  it.each([
    ['date', Date.UTC(2024, 4, 1), '2024-04-30', 'Must be 2024-05-01 or later'],
    ['datetime-local', Date.UTC(2024, 4, 1, 12), '2024-05-01T11:59', 'Must be 2024-05-01T12:00 or later'],
    ['time', 9 * 3_600_000, '08:59', 'Must be 09:00 or later'],
    ['month', (2024 - 1970) * 12 + 4, '2024-04', 'Must be 2024-05 or later'],
    ['week', Date.UTC(2024, 3, 29), '2024-W17', 'Must be 2024-W18 or later'],
  ])('%s: min compares valueAsNumber', async (type, min, tooEarly, message) => {
    expect(await errorAfterTyping({ type, min }, tooEarly)).toBe(message);
  });

  it.each([
    ['date', Date.UTC(2024, 4, 31), '2024-05-31', '2024-06-01', 'Must be 2024-05-31 or earlier'],
    ['time', 17 * 3_600_000, '17:00', '17:01', 'Must be 17:00 or earlier'],
    ['month', (2024 - 1970) * 12 + 4, '2024-05', '2024-06', 'Must be 2024-05 or earlier'],
    ['week', Date.UTC(2024, 3, 29), '2024-W18', '2024-W19', 'Must be 2024-W18 or earlier'],
  ])('%s: max compares valueAsNumber', async (type, max, atMax, tooLate, message) => {
    expect(await errorAfterTyping({ type, max }, atMax)).toBeNull();
    expect(await errorAfterTyping({ type, max }, tooLate)).toBe(message);
  });

  it('a read-only field is not checked (the person could not fix it)', async () => {
    expect(await errorAfterTyping({ type: 'number', readonly: true, defaultValue: 50, max: 10, required: true }, '')).toBeNull();
  });

  it('input the browser cannot read as the kind is refused', async () => {
    const form = renderForm(one({ type: 'number', label: 'Seats' }));
    const input = screen.getByRole('spinbutton', { name: 'Seats' });
    // jsdom never reports badInput; a browser does for "1e".
    Object.defineProperty(input, 'validity', { value: { badInput: true } });
    await form.submit();
    expect(input).toHaveAccessibleDescription('Must be a number');
    expect(form.onSubmit).not.toHaveBeenCalled();
  });
});

describe('when errors show, and how they are announced', () => {
  const params = {
    fields: [
      { type: 'text', label: 'Name' },
      { type: 'email', label: 'Email', required: true },
      { type: 'number', label: 'Age', min: 18 },
    ],
  };

  it('nothing is validated before the first submit, not even on blur', async () => {
    const form = renderForm(params);
    await form.user.click(screen.getByRole('textbox', { name: 'Email' }));
    await form.user.tab();
    expect(screen.getByRole('textbox', { name: 'Email' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('textbox', { name: 'Email' })).not.toHaveAttribute('aria-describedby');
  });

  it('a refused submit sends nothing, focuses the first invalid field, and announces a summary', async () => {
    const form = renderForm(params);
    await form.user.type(screen.getByRole('spinbutton', { name: 'Age' }), '12');
    await form.submit();
    expect(form.onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct 2 fields: Email, Age.');
    expect(screen.getByRole('spinbutton', { name: 'Age' })).toHaveAccessibleDescription('Must be 18 or more');
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
    expect(document.querySelector('form')).toHaveAttribute('data-state', 'invalid');
  });

  it('a field shown invalid re-checks on every change, and its error goes once fixed', async () => {
    const form = renderForm(params);
    await form.submit();
    const email = screen.getByRole('textbox', { name: 'Email' });
    await form.user.type(email, 'ann');
    expect(email).toHaveAccessibleDescription('Must be an email address, such as name@example.com');
    await form.user.type(email, '@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(email).not.toHaveAttribute('aria-describedby');
    // The only error is gone, so is the summary.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.querySelector('form')).toHaveAttribute('data-state', 'idle');
  });

  it('after the first submit, a field is checked when it loses focus', async () => {
    const form = renderForm(params);
    await form.submit();
    const age = screen.getByRole('spinbutton', { name: 'Age' });
    await form.user.type(age, '5');
    // Not shown invalid yet: typing alone does not show an error...
    expect(age).not.toHaveAttribute('aria-invalid');
    await form.user.tab();
    // ...leaving the field does.
    expect(age).toHaveAttribute('aria-invalid', 'true');
  });

  it('each refused submit announces again, and a valid one sends the answer', async () => {
    const form = renderForm(params);
    await form.submit();
    const first = screen.getByRole('alert');
    await form.submit();
    // A new element, so screen readers announce it again.
    expect(screen.getByRole('alert')).not.toBe(first);
    await form.user.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@example.com');
    await form.submit();
    expect(form.onSubmit).toHaveBeenCalledTimes(1);
  });

  describe('the summary stays current', () => {
    const five = {
      fields: ['A', 'B', 'C', 'D', 'E'].map((label) => ({ type: 'text', label: `Field ${label}`, required: true, minLength: 2 })),
    };
    const field = (letter: string) => screen.getByRole('textbox', { name: `Field ${letter}` });

    /** What the summary's live region was told while `act` ran: nodes added, text changed, nodes removed. */
    async function changesTo(summary: HTMLElement, act: () => Promise<void>) {
      const records: MutationRecord[] = [];
      const observer = new MutationObserver((delivered) => records.push(...delivered));
      observer.observe(summary, { childList: true, characterData: true, subtree: true });
      await act();
      records.push(...observer.takeRecords());
      observer.disconnect();
      return {
        added: records.flatMap((record) => Array.from(record.addedNodes, (node) => node.textContent)),
        texts: records.filter((record) => record.type === 'characterData').map((record) => record.target.textContent),
        removed: records.flatMap((record) => Array.from(record.removedNodes, (node) => node.textContent)),
      };
    }

    it('lists the fields left as the person fixes them, each a link to its field, and goes once all are fixed', async () => {
      const form = renderForm(five);
      await form.submit();
      const summary = screen.getByRole('alert');
      expect(summary).toHaveTextContent('Please correct 5 fields: Field A, Field B, Field C, Field D, Field E.');
      for (const letter of ['A', 'C', 'E']) await form.user.type(field(letter), 'ok');
      // The same element, not a new alert: it is not announced again as a whole.
      expect(screen.getByRole('alert')).toBe(summary);
      expect(summary).toHaveTextContent(/^Please correct 2 fields: Field B, Field D\.$/);
      expect(
        within(summary)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Field B', 'Field D']);
      await form.user.click(within(summary).getByRole('link', { name: 'Field D' }));
      expect(field('D')).toHaveFocus();
      await form.user.type(field('D'), 'ok');
      await form.user.type(field('B'), 'ok');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(document.querySelector('form')).toHaveAttribute('data-state', 'idle');
    });

    it('is a polite region that says only the new count when a field is fixed, and nothing on other keystrokes', async () => {
      const form = renderForm(five);
      await form.submit();
      const summary = screen.getByRole('alert');
      expect(summary).toHaveAttribute('aria-live', 'polite');
      expect(summary).toHaveAttribute('aria-atomic', 'false');
      // Still too short: the field's own message changes, the summary does not.
      expect(await changesTo(summary, () => form.user.type(field('C'), 'x'))).toEqual({ added: [], texts: [], removed: [] });
      // Fixed: its link goes (removals are not announced), the count changes, nothing is added.
      const fixed = await changesTo(summary, () => form.user.type(field('C'), 'x'));
      expect(fixed.added).toEqual([]);
      expect(fixed.texts).toEqual(['Please correct 4 fields: ']);
      expect(fixed.removed).toEqual(expect.arrayContaining(['Field C']));
      expect(summary).toHaveTextContent(/^Please correct 4 fields: Field A, Field B, Field D, Field E\.$/);
    });

    it('a translated summary puts the labels where its words want them, each a link', async () => {
      const form = renderForm(five, {
        messages: { errorSummary: ({ count, labels }) => `${labels.join(' / ')} : ${count} champs à corriger` },
      });
      await form.submit();
      const summary = screen.getByRole('alert');
      expect(summary).toHaveTextContent('Field A / Field B / Field C / Field D / Field E : 5 champs à corriger');
      expect(within(summary).getAllByRole('link')).toHaveLength(5);
    });
  });

  it('focus goes to the checked radio or first checkbox of an invalid group', async () => {
    const form = renderForm({
      fields: [
        {
          type: 'checkbox',
          label: 'Toppings',
          required: true,
          options: [
            { label: 'Ham', value: 'h' },
            { label: 'Egg', value: 'e' },
          ],
        },
      ],
    });
    await form.submit();
    expect(within(screen.getByRole('group', { name: 'Toppings' })).getByRole('checkbox', { name: 'Ham' })).toHaveFocus();
  });

  it('messages can be replaced, as functions of the field and the limit', async () => {
    renderForm(one({ type: 'number', label: 'Age', min: 18 }), {
      messages: {
        rangeUnderflow: ({ label, min }) => `${label}: au moins ${min}`,
        errorSummary: ({ count }) => `${count} erreur`,
      },
    });
    const age = screen.getByRole('spinbutton', { name: 'Age' });
    fireEvent.change(age, { target: { value: '3' } });
    fireEvent.submit(age.closest('form')!);
    expect(await screen.findByRole('alert')).toHaveTextContent('1 erreur');
    expect(age).toHaveAccessibleDescription('Age: au moins 18');
  });
});

import { screen, waitFor } from '@testing-library/react';
import { renderForm } from './render-form';

// A select is a plain button until a person reaches it; then the Radix Select takes its place.
// These check that the person never notices the swap: focus, errors, the first key or press.

const sizes = [
  { label: 'Small', value: 's' },
  { label: 'Large', value: 'l' },
];
const size = () => screen.getByRole('combobox', { name: 'Size' });

describe('a select reached for the first time', () => {
  it('keeps the focus Tab gave it, and the first Enter opens its list', async () => {
    const form = renderForm({
      fields: [
        { type: 'text', label: 'Name' },
        { type: 'select', label: 'Size', options: sizes },
      ],
    });
    await form.user.tab();
    await form.user.tab();
    await waitFor(() => expect(size()).toHaveFocus());
    await form.user.keyboard('{Enter}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await form.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(size()).toHaveFocus();
    await form.user.keyboard('{ArrowDown}');
    await form.user.click(await screen.findByRole('option', { name: 'Large' }));
    expect(size()).toHaveTextContent('Large');
    expect(size()).toHaveFocus();
  });

  it('opens on the first press, and answers with the option chosen', async () => {
    const form = renderForm({ fields: [{ type: 'select', label: 'Size', options: sizes }] });
    await form.user.click(size());
    await form.user.click(await screen.findByRole('option', { name: 'Small' }));
    expect(size()).toHaveTextContent('Small');
    expect(await form.submitAnswer()).toEqual([{ label: 'Size', value: 's' }]);
  });

  it('a refused submit focuses it, and its replacement keeps the focus and the error', async () => {
    const form = renderForm({ fields: [{ type: 'select', label: 'Size', required: true, options: sizes }] });
    await form.submit();
    expect(form.onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(size()).toHaveFocus());
    expect(size()).toHaveAttribute('aria-invalid', 'true');
    expect(size()).toHaveAccessibleDescription('This field is required');
  });

  it('read-only: focusable, announced as such, and its list never opens', async () => {
    const form = renderForm({ fields: [{ type: 'select', label: 'Size', readonly: true, options: sizes, defaultValue: 'l' }] });
    await form.user.tab();
    expect(size()).toHaveFocus();
    expect(size()).toHaveAttribute('aria-readonly', 'true');
    await form.user.keyboard('{Enter}');
    await form.user.click(size());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(size()).toHaveTextContent('Large');
  });
});

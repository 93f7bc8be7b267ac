import { render, screen } from '@testing-library/react';
import { ToolCallForm } from '../../../src/components/tool-call-form';
import { expectNoAxeViolations } from '../axe';
import { ALL_KINDS_PARAMETERS, renderForm } from './render-form';

const withAll = (extra: Record<string, unknown>) => ({
  ...ALL_KINDS_PARAMETERS,
  fields: ALL_KINDS_PARAMETERS.fields.map((field) => ({ ...field, ...extra })),
});

describe('axe', () => {
  it('all 17 kinds', async () => {
    const { container } = renderForm(ALL_KINDS_PARAMETERS);
    await expectNoAxeViolations(container);
  });

  it('all 17 kinds, invalid after a refused submit, with the summary', async () => {
    const form = renderForm(withAll({ required: true }));
    await form.submit();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(form.container.querySelectorAll('[aria-invalid="true"]').length).toBeGreaterThan(10);
    await expectNoAxeViolations(form.container);
  });

  it('all 17 kinds read-only, and disabled', async () => {
    const readonly = renderForm(withAll({ readonly: true }));
    await expectNoAxeViolations(readonly.container);
    readonly.unmount();
    const disabled = renderForm(withAll({ disabled: true }));
    await expectNoAxeViolations(disabled.container);
  });

  it('all 17 kinds and the groups once the answer was sent, every field read-only', async () => {
    const groups = [
      { type: 'checkbox', label: 'Toppings', options: [{ label: 'Ham', value: 'h' }] },
      { type: 'select', label: 'Extras', multiple: true, options: [{ label: 'Bag', value: 'b' }] },
    ];
    const form = renderForm({ ...ALL_KINDS_PARAMETERS, fields: [...ALL_KINDS_PARAMETERS.fields, ...groups] }, { allowResubmit: false });
    await form.submit();
    expect(form.container.querySelector('form')).toHaveAttribute('data-state', 'submitted');
    await expectNoAxeViolations(form.container);
  });

  it('checkbox groups, multiple select, unlabelled fields and notes', async () => {
    const { container } = renderForm({
      fields: [
        { type: 'checkbox', label: 'Toppings', options: [{ label: 'Ham', value: 'h' }], required: true },
        { type: 'select', label: 'Extras', multiple: true, options: [{ label: 'Bag', value: 'b' }] },
        { type: 'text' },
        { type: 'radio' },
        { type: 'colour', label: 'Unknown kind' },
        { type: 'text', label: 'Bad pattern', pattern: '(' },
      ],
    });
    await expectNoAxeViolations(container);
  });

  it('the open Radix Select list', async () => {
    const form = renderForm({
      fields: [
        {
          type: 'select',
          label: 'Size',
          options: [
            { label: 'S', value: 's' },
            { label: 'L', value: 'l' },
          ],
        },
      ],
    });
    await form.user.click(screen.getByRole('combobox', { name: 'Size' }));
    const list = screen.getByRole('listbox', { name: 'Size' });
    // In the form, so inside whatever landmark holds it (axe's "region"), not at the end of <body>.
    expect(form.container.querySelector('form')).toContainElement(list);
    await expectNoAxeViolations(form.container);
  });

  it('while the Radix Select list is open, the rest of the page is inert as well as hidden', async () => {
    const outside = document.body.appendChild(document.createElement('button'));
    const status = document.body.appendChild(document.createElement('div'));
    status.setAttribute('role', 'status');
    const form = renderForm({ fields: [{ type: 'select', label: 'Size', options: [{ label: 'S', value: 's' }] }] });
    await form.user.click(screen.getByRole('combobox', { name: 'Size' }));
    expect(screen.getByRole('listbox', { name: 'Size' }).closest('[inert]')).toBeNull();
    // Radix hides them (aria-hidden) and traps focus, yet left them in the tab order: axe's "aria-hidden-focus".
    for (const behind of [outside, screen.getByRole('button', { name: 'Submit', hidden: true })]) {
      expect(behind.closest('[inert]')).not.toBeNull();
    }
    // What the page announces meanwhile is still heard.
    expect(status.closest('[inert]')).toBeNull();
    await form.user.keyboard('{Escape}');
    expect(document.querySelector('[inert]')).toBeNull();
    outside.remove();
    status.remove();
  });

  it('the alert for unusable parameters', async () => {
    const { container } = render(<ToolCallForm parameters={{ fields: [{ label: 'x' }, 3] }} />);
    await expectNoAxeViolations(container);
  });
});

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
    // The list is portalled to <body>; checked on its own, as "region" is the host page's concern.
    await expectNoAxeViolations(screen.getByRole('listbox'));
    await expectNoAxeViolations(form.container);
  });

  it('the alert for unusable parameters', async () => {
    const { container } = render(<ToolCallForm parameters={{ fields: [{ label: 'x' }, 3] }} />);
    await expectNoAxeViolations(container);
  });
});

/**
 * Forms built to freeze the page (a web page can steer the agent): huge texts are cut until the
 * person asks, and what goes past a limit is refused with a clear alert, never thrown.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToolCallForm, type FormAnswer, type FormInputProblem } from '../../../src';

const MEGABYTE = 'x'.repeat(1_000_000);

describe('long agent texts', () => {
  it('shows at most maxTextLength characters of a heading, label and option until "Show all", and answers with the whole label', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(answer: FormAnswer, input: string) => void>();
    const { container } = render(
      <ToolCallForm
        parameters={{
          heading: `Heading ${MEGABYTE}`,
          fields: [
            { type: 'text', label: `Name ${MEGABYTE}` },
            { type: 'radio', label: 'Pick', options: [{ label: `Option ${MEGABYTE}`, value: 'a' }] },
          ],
        }}
        onSubmit={onSubmit}
      />,
    );
    // Nothing near a megabyte is laid out.
    expect(container.textContent?.length).toBeLessThan(10_000);
    const input = screen.getByRole('textbox');
    expect(input).toHaveAccessibleName(`Name ${'x'.repeat(995)}…`);

    expect(screen.getByRole('button', { name: 'Show all (1,000,008 characters)' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Show all (1,000,005 characters)' }));
    expect(input).toHaveAccessibleName(`Name ${MEGABYTE}`);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');

    await user.type(input, 'Ann');
    await user.click(screen.getByRole('radio'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit.mock.calls[0]![0]).toEqual([
      { label: `Name ${MEGABYTE}`, value: 'Ann' },
      { label: 'Pick', value: 'a' },
    ]);
  });

  it('does not use a default value longer than maxValueLength, and says so to the agent', () => {
    const onInvalidParameters = vi.fn<(problems: FormInputProblem[]) => void>();
    render(
      <ToolCallForm
        parameters={{ fields: [{ type: 'text', label: 'Name', defaultValue: MEGABYTE }] }}
        onInvalidParameters={onInvalidParameters}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(onInvalidParameters.mock.calls[0]![0]).toEqual([
      expect.objectContaining({
        code: 'default-ignored',
        severity: 'warning',
        message: expect.stringContaining('longer than 100,000 characters') as string,
      }),
    ]);
  });
});

describe('limits', () => {
  function refused(parameters: unknown, props: Partial<Parameters<typeof ToolCallForm>[0]> = {}) {
    const onInvalidParameters = vi.fn<(problems: FormInputProblem[]) => void>();
    render(<ToolCallForm parameters={parameters} onInvalidParameters={onInvalidParameters} {...props} />);
    expect(screen.queryByRole('form')).toBeNull();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(/This form cannot be shown/)).toBeInTheDocument();
    return { alert, problems: onInvalidParameters.mock.calls[0]![0] };
  }

  it('refuses more fields than maxFields', () => {
    const fields = Array.from({ length: 1001 }, (_, index) => ({ type: 'text', label: `F${index}` }));
    const { alert, problems } = refused({ fields });
    expect(alert).toHaveTextContent('The form has 1,001 fields; at most 1,000 can be shown.');
    expect(problems).toEqual([expect.objectContaining({ code: 'too-large', severity: 'error', path: '/fields' })]);
  });

  it('refuses a field with more options than maxOptions', () => {
    const options = Array.from({ length: 11 }, (_, index) => ({ label: `O${index}`, value: index }));
    const { alert } = refused({ fields: [{ type: 'select', label: 'Plan', options }] }, { limits: { maxOptions: 10 } });
    expect(alert).toHaveTextContent('Field 1 (Plan): it offers 11 choices; at most 10 can be shown.');
  });

  it('refuses parameters nested deeper than maxDepth, however deep, without reading them all', () => {
    let deep: Record<string, unknown> = {};
    const root = { fields: [{ type: 'text', label: 'A', extra: deep }] };
    for (let level = 0; level < 100_000; level += 1) {
      const next: Record<string, unknown> = {};
      deep.next = next;
      deep = next;
    }
    const { alert } = refused(root);
    expect(alert).toHaveTextContent('The form is nested more than 32 levels deep.');
  });

  it('refuses parameters larger than maxSize', () => {
    const { alert } = refused({ heading: MEGABYTE, fields: [] }, { limits: { maxSize: 500_000 } });
    expect(alert).toHaveTextContent('The form is larger than 500,000 characters.');
  });
});

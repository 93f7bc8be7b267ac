/**
 * What a keystroke renders in a form a user writes with `useToolCallForm`: a `Field` component per
 * field, not memoised, that subscribes to its own field with `useHeadlessField`, as the guide
 * writes it. The form's component must not render again as the person types (as react-hook-form's
 * `useForm` does not), and no field but the one typed in.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memo } from 'react';
import { useHeadlessField, useToolCallForm, type FormAnswer, type HeadlessField, type UseToolCallFormOptions } from '../../../src';
import { NativeForm } from './native-form';

/** Renders per field index, and of the form's component (`-1`): counted by the test's own components. */
const renders = new Map<number, number>();
const FORM = -1;
const count = (key: number) => renders.set(key, (renders.get(key) ?? 0) + 1);
const rendered = () => [...renders.keys()].sort((a, b) => a - b);

function Field({ field: given }: { field: HeadlessField }) {
  const field = useHeadlessField(given);
  count(field.index);
  return (
    <div>
      <label {...field.getLabelProps()}>{field.label}</label>
      <input {...field.getInputProps()} />
      {field.error ? <p {...field.getErrorProps()}>{field.error}</p> : null}
    </div>
  );
}

const MemoField = memo(Field);

/** The headless tests' native form, with these fields, its own renders counted. */
function Form({ memoised = false, ...options }: UseToolCallFormOptions & { memoised?: boolean }) {
  return <NativeForm {...options} Field={memoised ? MemoField : Field} onRender={() => count(FORM)} />;
}

const FIELDS = 200;
const parameters = {
  fields: Array.from({ length: FIELDS }, (_, index) => ({
    type: 'text',
    label: `Field ${index}`,
    minLength: index === 10 ? 3 : undefined,
  })),
};

/** The input labelled `label`, through its <label>: computing 200 accessible names takes seconds in jsdom. */
function input(label: string): HTMLInputElement {
  const element = screen.getByText(label).closest('label')?.control;
  if (!(element instanceof HTMLInputElement)) throw new Error(`No input labelled ${label}`);
  return element;
}

describe('useToolCallForm with an unmemoised Field component per field', () => {
  beforeEach(() => renders.clear());

  it('a keystroke renders the field typed in and nothing else: not the form’s component, not the other fields', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(answer: FormAnswer, input: string) => void>();
    render(<Form parameters={parameters} onSubmit={onSubmit} />);
    expect(renders.get(FORM)).toBe(1);
    expect(renders.size).toBe(FIELDS + 1);
    renders.clear();

    await user.type(input('Field 100'), 'hello');
    expect(input('Field 100')).toHaveValue('hello');
    expect(rendered()).toEqual([100]);
    // A render per keystroke, and no more than a couple.
    expect(renders.get(100)).toBeGreaterThanOrEqual(5);
    expect(renders.get(100)).toBeLessThanOrEqual(10);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit.mock.calls[0]![0][100]).toEqual({ label: 'Field 100', value: 'hello' });
  });

  it('after a refused submit, the form renders when an error comes or goes, and for no other keystroke', async () => {
    const user = userEvent.setup();
    render(<Form parameters={{ fields: parameters.fields.slice(0, 50) }} />);
    const target = input('Field 10');
    fireEvent.change(target, { target: { value: 'a' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct 1 field: Field 10.');
    expect(target).toHaveAttribute('aria-invalid', 'true');

    renders.clear();
    await user.type(input('Field 20'), 'x');
    expect(rendered()).toEqual([20]);

    renders.clear();
    await user.type(target, 'b');
    expect(target).toHaveAttribute('aria-invalid', 'true');
    expect(rendered()).toEqual([10]);
    // The keystroke that fixes the field takes its error away, and the summary with it: the form
    // renders once for the summary (and its unmemoised fields with it).
    renders.clear();
    await user.type(target, 'c');
    expect(target).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(renders.get(FORM)).toBe(1);
  });

  it('memoised fields turn read-only once the answer is sent', async () => {
    const user = userEvent.setup();
    let sent: (() => void) | undefined;
    const onSubmit = () => new Promise<void>((resolve) => (sent = resolve));
    render(<Form memoised parameters={{ fields: parameters.fields.slice(0, 3) }} onSubmit={onSubmit} />);
    await user.type(input('Field 1'), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(document.querySelector('form')).toHaveAttribute('data-status', 'submitting');
    expect(input('Field 1')).not.toHaveAttribute('readonly');
    await act(() => {
      sent?.();
      return Promise.resolve();
    });
    expect(document.querySelector('form')).toHaveAttribute('data-status', 'submitted');
    for (const label of ['Field 0', 'Field 1', 'Field 2']) expect(input(label)).toHaveAttribute('readonly');
    await user.type(input('Field 1'), 'e');
    expect(input('Field 1')).toHaveValue('Ann');
  });

  it('a field read from form.fields without useHeadlessField still works: the form’s component renders with it', async () => {
    const user = userEvent.setup();
    function PlainForm(options: UseToolCallFormOptions) {
      const form = useToolCallForm(options);
      count(FORM);
      return (
        <form {...form.getFormProps()}>
          {form.fields.map((field) => (
            <input key={field.index} aria-label={field.label} {...field.getInputProps()} />
          ))}
        </form>
      );
    }
    render(<PlainForm parameters={{ fields: parameters.fields.slice(0, 3) }} />);
    renders.clear();
    await user.type(screen.getByRole('textbox', { name: 'Field 2' }), 'abc');
    expect(screen.getByRole('textbox', { name: 'Field 2' })).toHaveValue('abc');
    expect(renders.get(FORM)).toBe(3);
  });
});

/**
 * What a keystroke renders in a form a user writes with `useToolCallForm`: a `Field` component per
 * field, not memoised, that subscribes to its own field with `useHeadlessField`, as the guide
 * writes it. The form's component must not render again as the person types (as react-hook-form's
 * `useForm` does not), and no field but the one typed in.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memo } from 'react';
import { useHeadlessField, type FormAnswer, type HeadlessField, type UseToolCallFormOptions } from '../../../src';
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
});

/**
 * Fields read from `form.fields` by the form's own component, without `useHeadlessField` (code
 * written before that hook): the elements hold their values, as react-hook-form's `register`, so
 * a keystroke renders nothing of React, and the form still writes into them what the person did not
 * type (a reset, a refused change).
 */
describe('useToolCallForm with fields read from form.fields', () => {
  beforeEach(() => renders.clear());

  it('a keystroke renders nothing: the input holds what is typed, the answer carries it, and a reset empties it', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(answer: FormAnswer, input: string) => void>();
    render(<NativeForm parameters={parameters} onSubmit={onSubmit} allowResubmit onRender={() => count(FORM)} />);
    renders.clear();

    await user.type(input('Field 100'), 'hello');
    expect(input('Field 100')).toHaveValue('hello');
    expect(renders.get(FORM)).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit.mock.calls[0]![0][100]).toEqual({ label: 'Field 100', value: 'hello' });

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(input('Field 100')).toHaveValue('');
  });

  it('errors and their ARIA follow the field, and the form renders only when an error comes or goes', async () => {
    const user = userEvent.setup();
    render(<NativeForm parameters={{ fields: parameters.fields.slice(0, 20) }} onRender={() => count(FORM)} />);
    const target = input('Field 10');
    await user.type(target, 'a');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(target).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/at least 3/i)).toBeInTheDocument();

    renders.clear();
    await user.type(input('Field 12'), 'x');
    expect(renders.get(FORM)).toBeUndefined();
    await user.type(target, 'bc');
    expect(target).toHaveValue('abc');
    expect(target).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/at least 3/i)).toBeNull();
  });

  it('choices hold what is chosen, go back on a reset, and stay put once the answer is sent', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(answer: FormAnswer, input: string) => void>();
    const option = (...labels: string[]) => labels.map((label) => ({ label, value: label }));
    const choices = {
      fields: [
        { type: 'radio', label: 'Plan', options: option('Basic', 'Pro'), defaultValue: 'Basic' },
        { type: 'checkbox', label: 'Extras', options: option('Backup', 'Support') },
        { type: 'select', label: 'Region', options: option('EU', 'US') },
        { type: 'checkbox', label: 'Agree' },
      ],
    };
    render(<NativeForm parameters={choices} onSubmit={onSubmit} onRender={() => count(FORM)} />);
    renders.clear();
    await user.click(screen.getByRole('radio', { name: 'Pro' }));
    await user.click(screen.getByRole('checkbox', { name: 'Support' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'US');
    await user.click(screen.getByRole('checkbox', { name: 'Agree' }));
    expect(renders.get(FORM)).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByRole('radio', { name: 'Basic' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Support' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Agree' })).not.toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Pro' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit.mock.calls[0]![0].map((entry) => entry.value)).toEqual(['Pro', [], null, false]);
    // Sent: the form takes no other answer, and a click on a radio does not move what it shows.
    await user.click(screen.getByRole('radio', { name: 'Basic' }));
    expect(screen.getByRole('radio', { name: 'Pro' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Basic' })).not.toBeChecked();
  });
});

import '../radix-shims';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToolCallForm, type ToolCallFormProps } from '../../../src/components/tool-call-form';
import type { FormAnswer } from '../../../src/schema';

/**
 * Renders a form with a spy `onSubmit`, and helpers to submit it and read what it sent. The form
 * takes another answer after each (`allowResubmit`), so a test can read the answer after every
 * change; `{ allowResubmit: false }` gives the default, one answer per call.
 */
export function renderForm(parameters: unknown, props: Partial<ToolCallFormProps> = {}) {
  const user = userEvent.setup();
  const onSubmit = vi.fn<(answer: FormAnswer, input: string) => void>();
  const utils = render(<ToolCallForm parameters={parameters} onSubmit={onSubmit} allowResubmit {...props} />);
  // By role, then by kind: the button's name is whatever label the agent chose.
  const submitButton = () => screen.getAllByRole('button').find((button) => (button as HTMLButtonElement).type === 'submit')!;
  return {
    ...utils,
    user,
    onSubmit,
    submit: () => user.click(submitButton()),
    /** Submits and returns the answer; fails the test when the form refused. */
    submitAnswer: async (): Promise<FormAnswer> => {
      onSubmit.mockClear();
      await user.click(submitButton());
      expect(onSubmit).toHaveBeenCalledTimes(1);
      return onSubmit.mock.calls[0]![0];
    },
  };
}

/** The value of the only field of a submitted one-field form. */
export async function valueOf(form: ReturnType<typeof renderForm>): Promise<unknown> {
  const answer = await form.submitAnswer();
  expect(answer).toHaveLength(1);
  return answer[0]!.value;
}

const options = [
  { label: 'Small', value: 's' },
  { label: 'Large', value: 2 },
];

/** One field of each of the 17 kinds. */
export const ALL_KINDS_PARAMETERS = {
  heading: 'Every kind',
  description: 'One field of each kind.',
  fields: [
    { type: 'text', label: 'Text' },
    { type: 'number', label: 'Number' },
    { type: 'email', label: 'Email' },
    { type: 'tel', label: 'Phone' },
    { type: 'url', label: 'Website' },
    { type: 'password', label: 'Password' },
    { type: 'date', label: 'Date' },
    { type: 'time', label: 'Time' },
    { type: 'datetime-local', label: 'Appointment' },
    { type: 'month', label: 'Month' },
    { type: 'week', label: 'Week' },
    { type: 'textarea', label: 'Notes' },
    { type: 'select', label: 'Size', options },
    { type: 'checkbox', label: 'Agree' },
    {
      type: 'radio',
      label: 'Colour',
      options: [
        { label: 'Red', value: 'red' },
        { label: 'Blue', value: 'blue' },
      ],
    },
    { type: 'switch', label: 'Newsletter' },
    { type: 'range', label: 'Volume' },
  ],
};

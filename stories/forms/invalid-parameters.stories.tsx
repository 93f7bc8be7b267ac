import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within, type fn } from 'storybook/test';
import { ToolCallForm, type ToolCallFormProps } from '../../src';
import { expectSubmitted, formEventArgs, formEventArgTypes } from '../support/form-stories';

/**
 * What the person sees when the agent's parameters break the `form_input` schema: no form, an
 * alert listing each problem in plain words (`severity: 'error'`). Lesser problems are tolerated:
 * the form is shown with the faulty part ignored and a note where it matters (`'warning'`). Either
 * way `onInvalidParameters` receives the problems, once per distinct parameters, so the caller can
 * tell the agent.
 */
const meta = {
  title: 'Forms/Invalid parameters',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: { ...formEventArgs(), parameters: 'Please fill in your login details' },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

type OnInvalidParameters = NonNullable<ToolCallFormProps['onInvalidParameters']>;

/** The problems the form reported, once, through the `onInvalidParameters` spy. */
async function reported(args: {
  onInvalidParameters?: ToolCallFormProps['onInvalidParameters'];
}): Promise<Parameters<OnInvalidParameters>[0]> {
  const spy = args.onInvalidParameters as ReturnType<typeof fn<OnInvalidParameters>>;
  // Reported from an effect: Storybook's test run renders in `act`, which runs it before `play`;
  // a browser without a test runner (the published catalogue) runs it a moment later.
  await waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
  return spy.mock.calls[0]?.[0] ?? [];
}

/** Parameters that are not an object at all (here a string): nothing to build a form from. */
export const NotAnObject: Story = {
  play: async ({ args, canvas, canvasElement }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('This form cannot be shown. The request from the automation agent is malformed:');
    await expect(within(alert).getByRole('listitem')).toHaveTextContent('The parameters must be an object, not a string.');
    await expect(canvasElement.querySelector('form')).toBeNull();
    await expect(await reported(args)).toEqual([
      { code: 'schema', severity: 'error', path: '', message: 'The parameters must be an object, not a string.' },
    ]);
  },
};

/** `fields` that is not an array. */
export const FieldsNotAnArray: Story = {
  args: { parameters: { heading: 'Sign in', fields: { type: 'text', label: 'Username' } } },
  play: async ({ args, canvas }) => {
    await expect(within(canvas.getByRole('alert')).getByRole('listitem')).toHaveTextContent(
      'The form: "fields" must be an array, not an object.',
    );
    await expect(await reported(args)).toHaveLength(1);
  },
};

/** Several problems at once, each located by field and option: all are listed. */
export const ManyProblems: Story = {
  args: {
    parameters: {
      heading: 7,
      fields: [
        { type: 'text', label: 'Username' },
        'password',
        { label: 'Email' },
        { type: 'select', label: 'Plan', required: 'yes', options: [{ label: 'Basic' }, { label: 'Pro', value: true }] },
      ],
    },
  },
  play: async ({ args, canvas }) => {
    const items = within(canvas.getByRole('alert')).getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'The form: "heading" must be a string, not a number.',
      'Field 2 must be an object, not a string.',
      'Field 3 (Email): "type" is missing.',
      'Field 4 (Plan): "required" must be true or false, not a string.',
      'Field 4 (Plan), option 1: "value" is missing.',
      'Field 4 (Plan), option 2: "value" must be a string or a number, not a boolean.',
    ]);
    await expect((await reported(args)).every((problem) => problem.severity === 'error')).toBe(true);
  },
};

/**
 * A `type` that is not one of the 17 (here `color`) is tolerated: the field is a text field with a
 * note, and the problem is reported as a warning.
 */
export const UnknownFieldType: Story = {
  args: {
    parameters: {
      heading: 'Choose a colour',
      fields: [{ type: 'color', label: 'Frame colour', defaultValue: '#1e90ff' }],
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Frame colour' });
    await expect(input).toHaveAttribute('type', 'text');
    await expect(canvas.getByText('Shown as a text field: the kind "color" is not supported.')).toBeVisible();
    await expect(await reported(args)).toEqual([
      expect.objectContaining({ code: 'unknown-type', severity: 'warning', path: '/fields/0/type' }),
    ]);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Frame colour', value: '#1e90ff' }]);
  },
};

/**
 * The other tolerated problems, each with a note where the person needs one: a `pattern` that is
 * not a regular expression, `min` above `max`, a select without options, a `defaultValue` that
 * does not fit its kind.
 */
export const ToleratedProblems: Story = {
  args: {
    parameters: {
      heading: 'Order details',
      fields: [
        { type: 'text', label: 'Order code', pattern: '[A-Z' },
        { type: 'number', label: 'Quantity', min: 10, max: 1 },
        { type: 'select', label: 'Colour', required: true, options: [] },
        { type: 'number', label: 'Seats', defaultValue: 'two' },
      ],
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('The requested format cannot be checked here, so any text is accepted.')).toBeVisible();
    await expect(canvas.getByText('The requested limits contradict each other and are not checked.')).toBeVisible();
    await expect(canvas.getByText('There are no options to choose from.')).toBeVisible();
    await expect(canvas.getByRole('spinbutton', { name: 'Seats' })).toHaveValue(null);
    await expect((await reported(args)).map((problem) => [problem.code, problem.severity])).toEqual([
      ['invalid-pattern', 'warning'],
      ['min-above-max', 'warning'],
      ['no-options', 'warning'],
      ['default-ignored', 'warning'],
    ]);
    // None of them blocks an answer: the broken rules are not applied, the empty select is not required.
    await userEvent.type(canvas.getByRole('textbox', { name: 'Order code' }), 'anything');
    await userEvent.type(canvas.getByRole('spinbutton', { name: 'Quantity' }), '5');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [
      { label: 'Order code', value: 'anything' },
      { label: 'Quantity', value: 5 },
      { label: 'Colour', value: null },
      { label: 'Seats', value: null },
    ]);
  },
};

/** A form without fields: only the heading, the agent notice and the button. Sending it answers `[]`. */
export const NoFields: Story = {
  args: { parameters: { heading: 'Continue?', description: 'The agent is ready to place the order.' } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, []);
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { ToolCallForm } from '../../../src';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../../support/form-stories';

const shipping = [
  { label: 'Standard, 5–7 working days (free)', value: 'standard' },
  { label: 'Express, 2 working days (€9.90)', value: 'express' },
  { label: 'Next working day (€19.90)', value: 'next-day' },
];

const meta = {
  title: 'Forms/Field types/Select',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: {
    ...formEventArgs(),
    parameters: { fields: [{ type: 'select', label: 'Shipping', options: shipping, defaultValue: 'express' }] },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

// Numeric option values stay numbers in the answer.
const seats = {
  type: 'select',
  label: 'Seats',
  required: true,
  placeholder: 'How many seats?',
  options: [
    { label: 'One seat', value: 1 },
    { label: 'Two seats', value: 2 },
    { label: 'Four seats', value: 4 },
  ],
};

/** A single choice: a combobox showing the default option, a Radix Select from the moment a person reaches it. */
export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('combobox', { name: 'Shipping' })).toHaveTextContent('Express, 2 working days (€9.90)');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Shipping', value: 'express' }]);
  },
};

/** `required`, a `placeholder`, and numeric option values, which the answer keeps as numbers. */
export const Constraints: Story = {
  args: { parameters: { fields: [seats] } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Seats' });
    await expect(trigger).toHaveTextContent('How many seats?');
    await userEvent.click(trigger);
    // The list opens in the field, placed over the page; searched in the whole page, as a person sees it.
    await userEvent.click(await within(canvasElement.ownerDocument.body).findByRole('option', { name: 'Two seats' }));
    // Reached, the plain trigger gave way to the Radix Select's: the same combobox to the person.
    await expect(canvas.getByRole('combobox', { name: 'Seats' })).toHaveTextContent('Two seats');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Seats', value: 2 }]);
  },
};

/** A required select with nothing chosen is refused; focus goes to its trigger. */
export const ErrorState: Story = {
  args: { parameters: { fields: [seats] } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    // The focus reaches the select, whose Radix trigger takes the place (and the focus) of the plain one.
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'Seats' })).toHaveFocus());
    const trigger = canvas.getByRole('combobox', { name: 'Seats' });
    await expectRefused(canvasElement, args, {
      summary: 'Please correct 1 field: Seats.',
      focused: trigger,
      invalid: trigger,
      message: 'This field is required',
    });
  },
};

/**
 * The list open, checked by axe as a page would be: inside the app's `<main>`, with the `region`
 * rule on (the catalogue turns it off for stories without landmarks). Radix hides the rest of the
 * page while the list is open; it is made inert too, so no control in it can be reached, and the
 * list sits in the form, so it is inside the page's landmarks.
 */
export const Open: Story = {
  decorators: [
    (Story) => (
      <main>
        <Story />
      </main>
    ),
  ],
  parameters: { a11y: { config: { rules: [{ id: 'region', enabled: true }] } } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Shipping' }));
    await expect(await page.findByRole('listbox', { name: 'Shipping' })).toBeVisible();
    await waitFor(() => expect(page.getByRole('option', { name: 'Express, 2 working days (€9.90)' })).toHaveFocus());
    // Closed, the page is as it was, and focus is back on the trigger.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'Shipping' })).toHaveFocus());
    await expect(canvasElement.ownerDocument.querySelector('[inert]')).toBeNull();
    await userEvent.keyboard('{ArrowDown}');
    await expect(await page.findByRole('listbox', { name: 'Shipping' })).toBeVisible();
  },
};

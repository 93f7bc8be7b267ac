import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { type ToolCallFormProps, MessagesProvider, RunResultView, RunStatusBadge, ToolCallForm } from '../../src';
import { de } from '../../src/messages/locales/de';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../support/form-stories';
import { waitingRunStory } from '../support/waiting-run-story';

/** `hitl-react/locales/de` given to every part by `<MessagesProvider>`; the page says it is German (`lang`). */
const withGerman: Decorator<ToolCallFormProps> = (Story) => (
  <div lang="de">
    <MessagesProvider messages={de}>
      <Story />
    </MessagesProvider>
  </div>
);

/**
 * The components in German: `import { de } from 'hitl-react/locales/de'` and one
 * `<MessagesProvider messages={de}>`. What the agent sends (labels, headings) stays as sent; what
 * the library writes (errors, buttons, states) is German, with German plurals and numbers.
 */
const meta = {
  title: 'Languages/German',
  component: ToolCallForm,
  tags: ['autodocs'],
  decorators: [withGerman],
  args: {
    ...formEventArgs(),
    parameters: {
      heading: 'Lieferung bestätigen',
      fields: [
        { type: 'text', label: 'Name', required: true, minLength: 3 },
        { type: 'email', label: 'E-Mail' },
        { type: 'number', label: 'Menge', min: 1, max: 10, step: 0.5, defaultValue: 2 },
        {
          type: 'select',
          label: 'Versand',
          options: [
            { label: 'Standard', value: 'standard' },
            { label: 'Express', value: 'express' },
          ],
          defaultValue: 'standard',
        },
        { type: 'switch', label: 'Als Geschenk verpacken' },
      ],
    },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Errors in German, a limit written with a German decimal comma, then the answer sent. */
export const Form: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const name = canvas.getByRole('textbox', { name: /Name/ });
    await userEvent.type(name, 'Al');
    await userEvent.clear(canvas.getByRole('spinbutton', { name: 'Menge' }));
    await userEvent.type(canvas.getByRole('spinbutton', { name: 'Menge' }), '1.2');
    await userEvent.click(canvas.getByRole('button', { name: 'Absenden' }));
    await expectRefused(canvasElement, args, {
      summary: 'Bitte korrigieren Sie 2 Felder: Name, Menge.',
      focused: name,
      invalid: name,
      message: 'Mindestens 3 Zeichen erforderlich',
    });
    await expect(canvas.getByText('Muss ein gültiger Wert sein, etwa 1 oder 1,5')).toBeVisible();

    await userEvent.type(name, 'an');
    await userEvent.clear(canvas.getByRole('spinbutton', { name: 'Menge' }));
    await userEvent.type(canvas.getByRole('spinbutton', { name: 'Menge' }), '1.5');
    await userEvent.click(canvas.getByRole('button', { name: 'Absenden' }));
    await expectSubmitted(args, [
      { label: 'Name', value: 'Alan' },
      { label: 'E-Mail', value: '' },
      { label: 'Menge', value: 1.5 },
      { label: 'Versand', value: 'standard' },
      { label: 'Als Geschenk verpacken', value: false },
    ]);
  },
};

/** A run's status and result: the words and the numbers (`1.234,5`) follow the provider's locale. */
export const RunResult: Story = {
  render: () => (
    <>
      <RunStatusBadge status={{ status: 'running', detailedStatus: 'tool_call' }} />
      <RunResultView
        result={{
          status: 'completed',
          error: null,
          output: { summary: 'Drei Angebote gefunden.' },
          dataTable: [
            { title: 'Aero 14', value: 1234.5 },
            { title: 'Nimbus 13', value: 899 },
          ],
        }}
      />
    </>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Wartet auf Ihre Eingabe')).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Ergebnis' })).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Extrahierte Daten' });
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Titel', 'Wert']);
    await expect(within(table).getByRole('cell', { name: '1.234,5' })).toBeInTheDocument();
  },
};

/** A whole run waiting for the person, against the simulated service: heading, state and notes in German. */
export const Run: Story = waitingRunStory(
  { region: 'Letzter Lauf', waiting: 'Wartet auf Ihre Eingabe', stop: 'Lauf stoppen' },
  async (viewer) => {
    await expect(await within(viewer).findByRole('textbox', { name: 'Username' })).toBeVisible();
  },
);

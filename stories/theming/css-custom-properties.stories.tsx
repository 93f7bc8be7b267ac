import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DataTable, RunStatusBadge, ToolCallForm, type ToolCallFormProps } from '../../src';
import { formEventArgs, formEventArgTypes } from '../support/form-stories';
import { expectClickable } from '../support/visibility';
import { brandTheme, darkTheme, type HitlTheme } from './theme-variables';

/**
 * Theming is done with the `--hitl-*` custom properties, set on any ancestor (or `:root`); see the
 * Introduction for the full list. Here they are set on a wrapper around a form, a status badge
 * and a data table.
 */
function ThemedSample({ theme, dataTheme, ...form }: ToolCallFormProps & { theme: HitlTheme; dataTheme?: 'dark' | 'auto' }) {
  return (
    <div data-hitl-theme={dataTheme} style={{ ...theme, display: 'grid', gap: '1rem', maxWidth: '36rem' }}>
      <ToolCallForm {...form} />
      <p style={{ margin: 0 }}>
        <RunStatusBadge status={{ status: 'running', detailedStatus: 'tool_call' }} />{' '}
        <RunStatusBadge status={{ status: 'completed', detailedStatus: 'completed' }} />{' '}
        <RunStatusBadge status={{ status: 'failed', detailedStatus: 'failed' }} />
      </p>
      <DataTable
        locale="en-GB"
        rows={[
          { title: 'Items', value: 86.5 },
          { title: 'Shipping', value: 9.9 },
        ]}
      />
    </div>
  );
}

const meta = {
  title: 'Theming/CSS custom properties',
  component: ThemedSample,
  tags: ['autodocs'],
  args: {
    ...formEventArgs(),
    theme: brandTheme,
    parameters: {
      heading: 'Choose shipping',
      description: 'How should your order of 3 items (€86.50) be shipped?',
      fields: [
        {
          type: 'radio',
          label: 'Shipping method',
          required: true,
          options: [
            { label: 'Standard, 5–7 working days (free)', value: 0 },
            { label: 'Express, 2 working days (€9.90)', value: 990 },
          ],
        },
        {
          type: 'select',
          label: 'Packaging',
          options: [
            { label: 'Recycled box', value: 'box' },
            { label: 'Paper bag', value: 'bag' },
          ],
          defaultValue: 'box',
        },
        { type: 'switch', label: 'Text me updates', defaultValue: true },
        { type: 'text', label: 'Note', placeholder: 'Optional' },
      ],
      submitButton: { label: 'Continue' },
    },
  },
  argTypes: { ...formEventArgTypes, theme: { control: 'object' } },
} satisfies Meta<typeof ThemedSample>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Accent, radius, spacing, control height, focus outline and font changed on the wrapper. */
export const Brand: Story = {
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Continue' });
    await expect(getComputedStyle(button).backgroundColor).toBe('rgb(130, 80, 223)');
    await expect(getComputedStyle(button).borderTopLeftRadius).toBe('12px');
    await expect(getComputedStyle(canvas.getByRole('switch', { name: 'Text me updates' })).backgroundColor).toBe('rgb(130, 80, 223)');
    await expect(getComputedStyle(canvas.getByRole('textbox', { name: 'Note' })).fontFamily).toContain('Georgia');
    // Refused, the summary shows the theme's spacing.
    await userEvent.click(button);
    await expect(getComputedStyle(await canvas.findByRole('alert')).paddingTop).toBe('20px');
  },
};

/** A dark palette: text, muted, background, surface, border, accent, error, note and success colours. */
export const Dark: Story = {
  args: { theme: darkTheme },
  play: async (context) => expectDarkPalette(context),
};

/** The built-in dark palette, without copying a variable: `data-hitl-theme="dark"` on any ancestor. */
export const DarkAttribute: Story = {
  args: { theme: {}, dataTheme: 'dark' },
  play: async (context) => expectDarkPalette(context),
};

/**
 * `data-hitl-theme="auto"`: the built-in dark palette while the system prefers dark
 * (`prefers-color-scheme`), the light one otherwise.
 */
export const DarkFromTheSystem: Story = {
  args: { theme: {}, dataTheme: 'auto' },
  play: async (context) => {
    if (matchMedia('(prefers-color-scheme: dark)').matches) return expectDarkPalette(context);
    const form = context.canvasElement.querySelector('form');
    if (form === null) throw new Error('no form');
    await expect(getComputedStyle(form).colorScheme).toBe('light');
    await expect(getComputedStyle(form).backgroundColor).toBe('rgb(255, 255, 255)');
  },
};

/** The text follows the size the app gives it: 20px here, the heading 1.25 times that. */
export const AppFontSize: Story = {
  args: { theme: { fontSize: '20px' } },
  play: async ({ canvas, canvasElement }) => {
    const form = canvasElement.querySelector('form');
    if (form === null) throw new Error('no form');
    await expect(getComputedStyle(form).fontSize).toBe('20px');
    await expect(getComputedStyle(canvas.getByRole('heading', { name: 'Choose shipping' })).fontSize).toBe('25px');
    await expect(getComputedStyle(canvas.getByRole('textbox', { name: 'Note' })).fontSize).toBe('20px');
  },
};

async function expectDarkPalette({ canvas, canvasElement, userEvent }: Parameters<NonNullable<Story['play']>>[0]) {
  const form = canvasElement.querySelector('form');
  if (form === null) throw new Error('no form');
  await expect(getComputedStyle(form).color).toBe('rgb(230, 237, 243)');
  // The page stays the catalogue's white: the form paints its own dark background.
  await expect(getComputedStyle(form).backgroundColor).toBe('rgb(13, 17, 23)');
  await expect(getComputedStyle(form).colorScheme).toBe('dark');
  // Every control is there to see and press, the switch and the radios too.
  for (const control of [
    ...canvas.getAllByRole('radio'),
    canvas.getByRole('switch', { name: 'Text me updates' }),
    canvas.getByRole('combobox', { name: 'Packaging' }),
    canvas.getByRole('textbox', { name: 'Note' }),
    canvas.getByRole('button', { name: 'Continue' }),
  ]) {
    await expectClickable(control);
  }
  await expect(getComputedStyle(canvas.getByRole('textbox', { name: 'Note' })).backgroundColor).toBe('rgb(13, 17, 23)');
  await expect(getComputedStyle(canvas.getByText('Completed').closest('.hitl-run-status-badge') as Element).color).toBe(
    'rgb(86, 211, 100)',
  );
  // The select list opens over the page, beyond the form's dark box: it wears the theme all the same.
  await userEvent.click(canvas.getByRole('combobox', { name: 'Packaging' }));
  const list = await within(document.body).findByRole('listbox');
  await expect(getComputedStyle(list.closest('.hitl-select-content') ?? list).backgroundColor).toBe('rgb(13, 17, 23)');
  await expect(getComputedStyle(within(list).getByRole('option', { name: 'Paper bag' })).color).toBe('rgb(230, 237, 243)');
  await userEvent.keyboard('{Escape}');
  // Errors in the dark palette too, checked for contrast by axe after the play.
  await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
  await expect(getComputedStyle(await canvas.findByRole('alert')).color).toBe('rgb(255, 123, 114)');
}

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import libraryCss from '../../src/styles.css?inline';
import { THEME_VARIABLES } from './theme-variables';
import { ThemeVariablesTable } from './theme-variables-table';

const meta = {
  title: 'Theming/Variables',
  component: ThemeVariablesTable,
  tags: ['autodocs'],
} satisfies Meta<typeof ThemeVariablesTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every variable the stylesheet reads is listed, and every listed one is read, with the stylesheet's own default. */
export const Variables: Story = {
  play: async ({ canvas }) => {
    const used = new Set(libraryCss.match(/--hitl-[a-z0-9-]+/g));
    await expect([...used].sort()).toEqual(THEME_VARIABLES.map((variable) => variable.name).sort());
    // The built-in dark palette (`data-hitl-theme`) is not a default.
    const defaults = libraryCss.replace(/[^{}]*\[data-hitl-theme=[^{]*\{[^}]*\}/g, '');
    for (const { name, defaultValue } of THEME_VARIABLES) {
      const declared = new RegExp(`${name}:\\s*([^;]+);`).exec(defaults)?.[1];
      const fallback = new RegExp(`var\\(${name},\\s*([^)]+)\\)`).exec(defaults)?.[1];
      // A default declared on :root wins; a variable declared nowhere falls back inside var().
      await expect(declared ?? fallback).toBe(defaultValue);
    }
    await expect(canvas.getAllByRole('row')).toHaveLength(THEME_VARIABLES.length + 1);
  },
};

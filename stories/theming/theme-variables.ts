import type { CSSProperties } from 'react';

/** A set of `--hitl-*` custom properties, as a React `style` object. */
export type HitlTheme = CSSProperties & Partial<Record<`--hitl-${string}`, string>>;

/** A brand theme: purple accent, rounder corners, roomier spacing, a serif face. */
export const brandTheme: HitlTheme = {
  '--hitl-font': 'Georgia, "Times New Roman", serif',
  '--hitl-color-accent': '#8250df',
  '--hitl-color-accent-text': '#ffffff',
  '--hitl-radius': '12px',
  '--hitl-spacing': '1.25rem',
  '--hitl-control-height': '2.75rem',
  '--hitl-focus-outline': '3px solid #8250df',
};

/** A dark theme; every pair of text and background keeps WCAG AA contrast. */
export const darkTheme: HitlTheme = {
  '--hitl-color-text': '#e6edf3',
  '--hitl-color-muted': '#9da7b3',
  '--hitl-color-background': '#0d1117',
  '--hitl-color-surface': '#161b22',
  '--hitl-color-border': '#768390',
  '--hitl-color-accent': '#58a6ff',
  '--hitl-color-accent-text': '#0d1117',
  '--hitl-color-error': '#ff7b72',
  '--hitl-color-error-background': '#2d1316',
  '--hitl-color-note': '#e3b341',
  '--hitl-color-note-background': '#2b2111',
  '--hitl-color-success': '#56d364',
  // Native controls (the date picker, scroll bars) in their dark look too.
  '--hitl-color-scheme': 'dark',
};

/** One theming variable: its name, its default in `hitl-react/styles.css`, and what it styles. */
export interface ThemeVariable {
  name: `--hitl-${string}`;
  defaultValue: string;
  use: string;
}

/**
 * Every `--hitl-*` custom property the stylesheet reads. The "Variables" story checks this list
 * against the stylesheet itself, so it cannot fall behind the code.
 */
export const THEME_VARIABLES: readonly ThemeVariable[] = [
  { name: '--hitl-font', defaultValue: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", use: 'Font family of every component.' },
  {
    name: '--hitl-font-size',
    defaultValue: '1em',
    use: 'Base font size of forms and the run viewer; 1em follows the size the app gives the component. Headings are 1.25em of it.',
  },
  { name: '--hitl-line-height', defaultValue: '1.5', use: 'Line height of forms and the run viewer.' },
  {
    name: '--hitl-color-scheme',
    defaultValue: 'light',
    use: 'The `color-scheme` of every component: `dark` gives native controls their dark look.',
  },
  { name: '--hitl-color-text', defaultValue: '#1b1f24', use: 'Body text.' },
  { name: '--hitl-color-muted', defaultValue: '#57606a', use: 'Descriptions, hints, list details, stopped and loading states.' },
  { name: '--hitl-color-background', defaultValue: '#ffffff', use: 'Behind every component, inputs, the select list, the switch thumb.' },
  { name: '--hitl-color-surface', defaultValue: '#f6f8fa', use: 'Buttons, badges, the live view frame, the selected list item.' },
  { name: '--hitl-color-border', defaultValue: '#8c959f', use: 'Borders of inputs, buttons, badges, frames and the recording.' },
  { name: '--hitl-color-accent', defaultValue: '#0969da', use: 'The submit button, checked controls, the running badge, links, focus.' },
  { name: '--hitl-color-accent-text', defaultValue: '#ffffff', use: 'Text on the accent colour.' },
  { name: '--hitl-color-error', defaultValue: '#cf222e', use: 'Error messages, summaries, the failed badge, the stop button.' },
  { name: '--hitl-color-error-background', defaultValue: '#ffebe9', use: 'Behind error summaries and alerts.' },
  { name: '--hitl-color-note', defaultValue: '#7d4e00', use: 'Notes on tolerated problems, the waiting badge.' },
  { name: '--hitl-color-note-background', defaultValue: '#fff8c5', use: 'Behind notes and the waiting badge.' },
  { name: '--hitl-color-success', defaultValue: '#1a7f37', use: 'The completed badge.' },
  { name: '--hitl-radius', defaultValue: '6px', use: 'Corner radius of controls, buttons, alerts and frames.' },
  { name: '--hitl-spacing', defaultValue: '0.75rem', use: 'Gaps between fields and parts, padding of alerts.' },
  { name: '--hitl-control-height', defaultValue: '2.25rem', use: 'Minimum height of inputs and buttons.' },
  {
    name: '--hitl-focus-ring',
    defaultValue: '0 0 0 3px color-mix(in srgb, var(--hitl-color-accent) 40%, transparent)',
    use: 'Box shadow around a focused control.',
  },
  { name: '--hitl-focus-outline', defaultValue: '2px solid var(--hitl-color-accent)', use: 'Outline of a focused control.' },
  { name: '--hitl-live-view-aspect', defaultValue: '16 / 10', use: 'Shape of the live view frame.' },
  {
    name: '--hitl-data-table-max-height',
    defaultValue: '28rem',
    use: 'Height of a windowed DataTable (more rows than `windowAbove`), which scrolls inside it.',
  },
  {
    name: '--hitl-data-table-row-height',
    defaultValue: '2.25rem',
    use: 'Height of every body row of a windowed DataTable: one line each.',
  },
  {
    name: '--hitl-listbox-row-height',
    defaultValue: '2.25rem',
    use: 'Height of every option row of the searchable list a field with more than 50 options uses.',
  },
];

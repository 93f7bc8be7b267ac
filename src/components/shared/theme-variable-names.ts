/**
 * Every `--hitl-*` custom property the stylesheet reads (test/node/theme-variables.test.ts keeps
 * this list, the stylesheet and the README's list equal). The select's list reads them, with the
 * direction Radix needs from its own provider, from the control that opened it; the list now sits in
 * the field, so the variables it copies are the ones it inherits anyway (a candidate to drop).
 */
export const THEME_VARIABLE_NAMES = [
  '--hitl-font',
  '--hitl-font-size',
  '--hitl-line-height',
  '--hitl-color-scheme',
  '--hitl-color-text',
  '--hitl-color-muted',
  '--hitl-color-background',
  '--hitl-color-surface',
  '--hitl-color-border',
  '--hitl-color-accent',
  '--hitl-color-accent-text',
  '--hitl-color-error',
  '--hitl-color-error-background',
  '--hitl-color-note',
  '--hitl-color-note-background',
  '--hitl-color-success',
  '--hitl-radius',
  '--hitl-spacing',
  '--hitl-control-height',
  '--hitl-focus-ring',
  '--hitl-focus-outline',
  '--hitl-live-view-aspect',
  '--hitl-data-table-max-height',
  '--hitl-data-table-row-height',
  '--hitl-listbox-row-height',
] as const;

/** The theme in force at `element`: its `--hitl-*` values and writing direction, with a key that changes when they do. */
export interface InheritedTheme {
  style: Record<string, string>;
  dir: 'ltr' | 'rtl';
  key: string;
}

/** Reads the theme `element` inherits, for a popup rendered elsewhere in the document. */
export function inheritedTheme(element: Element): InheritedTheme {
  const computed = getComputedStyle(element);
  const style: Record<string, string> = {};
  for (const name of THEME_VARIABLE_NAMES) {
    const value = computed.getPropertyValue(name).trim();
    if (value !== '') style[name] = value;
  }
  const dir = computed.direction === 'rtl' ? 'rtl' : 'ltr';
  return { style, dir, key: `${dir}|${Object.values(style).join('|')}` };
}

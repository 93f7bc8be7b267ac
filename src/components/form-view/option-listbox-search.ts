import { cutText, type HeadlessField } from '../../form';
import type { FormFieldOption } from '../../schema';

/** Characters of an option label shown in the list and the input; the answer keeps the option's value whatever its label. */
export const SHOWN_LABEL_LENGTH = 200;

/**
 * The lower-case labels of each options array, made once per array (the form core keeps it for the
 * field's life) on the first search, not on mount: a form that is never searched never pays.
 */
const lowerLabels = new WeakMap<readonly FormFieldOption[], readonly string[]>();

function lowerLabelsOf(options: readonly FormFieldOption[]): readonly string[] {
  let lower = lowerLabels.get(options);
  if (lower === undefined) {
    lower = options.map((option) => option.label.toLowerCase());
    lowerLabels.set(options, lower);
  }
  return lower;
}

/**
 * The positions (in `options`) of the options whose label holds `query`, case-insensitively, in
 * option order; `null` when there is no query (every option, without building a list of them).
 *
 * A plain scan with `String.prototype.includes` over the precomputed labels: it is linear in the
 * labels' total length, which the content limits bound (at most 10,000 options in at most about
 * 5 MB of parameters), takes no agent-made pattern (so no regular expression can backtrack), and
 * runs in about a millisecond for 10,000 short labels, far under a frame. An index (n-grams, a
 * trie) would cost more to build on open than the scans it saves.
 */
export function optionListboxSearch(options: readonly FormFieldOption[], query: string | null): readonly number[] | null {
  if (query === null || query === '') return null;
  const needle = query.toLowerCase();
  const lower = lowerLabelsOf(options);
  const found: number[] = [];
  for (let index = 0; index < lower.length; index += 1) {
    if ((lower[index] as string).includes(needle)) found.push(index);
  }
  return found;
}

/**
 * An option's label as a row of the list shows it: cut to `SHOWN_LABEL_LENGTH` characters (or the
 * form's `maxTextLength`, if lower) with an ellipsis, since a row is one line and the form's longer
 * limit would only be clipped. The whole label is read under the list while highlighted, and under
 * the field once chosen. Agent text: rendered as text.
 */
export function shownOptionLabel(label: string, maxTextLength: number): string {
  return cutText(label, Math.min(SHOWN_LABEL_LENGTH, maxTextLength));
}

/**
 * The positions of the options chosen now, ascending, read through the field's public API: the
 * select's input value; for groups, `getOptionProps(i).checked`, asked only of the options whose
 * value is among the field's answer values, so a pass costs one set lookup per option plus a check
 * per candidate rather than a check per option.
 */
export function chosenOptionIndices(field: HeadlessField): readonly number[] {
  if (field.control === 'select') {
    const value = field.getInputProps().value;
    const index = value === undefined || value === '' ? NaN : Number(value);
    return Number.isInteger(index) && index >= 0 && index < field.options.length ? [index] : [];
  }
  const value = field.value;
  const wanted = new Set<unknown>(Array.isArray(value) ? value : value === null ? [] : [value]);
  if (wanted.size === 0) return [];
  const chosen: number[] = [];
  const { options } = field;
  for (let index = 0; index < options.length; index += 1) {
    if (!wanted.has((options[index] as FormFieldOption).value) || field.getOptionProps(index).checked !== true) continue;
    chosen.push(index);
    // One option at most in a radio group.
    if (!field.multiple) break;
  }
  return chosen;
}

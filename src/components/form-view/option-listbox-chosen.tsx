import { Fragment } from 'react';
import type { FieldMessageContext, FormMessages } from '../../messages';
import type { FormFieldOption } from '../../schema';
import { useLongText } from './long-text';

/** Chosen labels listed under a multiple choice; the rest are counted ("and 7 more"), so the summary stays short. */
export const SUMMARY_LABELS = 10;

/** Props of `OptionListboxChosen`. */
export interface OptionListboxChosenProps {
  /** The element id of what it renders, which the combobox names in `aria-describedby` (a multiple choice). */
  id: string;
  /** Several options may be chosen. */
  multiple: boolean;
  /** The field's options, all of them. */
  options: readonly FormFieldOption[];
  /** The options chosen, by position in `options`, ascending. */
  chosen: readonly number[];
  /** A label as a row of the list shows it (cut to one line's worth). */
  cut: (label: string) => string;
  /** Characters of a label shown before "Show all" (the form's `maxTextLength`). */
  maxTextLength: number;
  messages: FormMessages;
  /** The field, for the messages. */
  context: FieldMessageContext;
}

/**
 * What is chosen, under the combobox. A multiple choice lists the first `SUMMARY_LABELS` labels as
 * its rows show them and counts the rest. A single choice whose label is longer than a row shows
 * (the input holds only that much) gets its label here, wrapped, and beyond `maxTextLength` behind
 * "Show all": the one place where the whole of a long option label can be read.
 */
export function OptionListboxChosen({ id, multiple, options, chosen, cut, maxTextLength, messages, context }: OptionListboxChosenProps) {
  const labelOf = (index: number) => (options[index] as FormFieldOption).label;
  const first = chosen[0] === undefined ? '' : labelOf(chosen[0]);
  const single = !multiple && cut(first) !== first ? first : '';
  // Called on every render (a hook), with '' when there is nothing to show, which never needs a toggle.
  const long = useLongText(single, maxTextLength, id, messages);
  if (multiple) {
    if (chosen.length === 0) return null;
    return (
      <p className="hitl-listbox-summary" id={id}>
        {messages.optionsChosen({ ...context, count: chosen.length })}{' '}
        {chosen.slice(0, SUMMARY_LABELS).map((index, n) => (
          <Fragment key={index}>
            {n > 0 ? ', ' : null}
            <bdi>{cut(labelOf(index))}</bdi>
          </Fragment>
        ))}
        {chosen.length > SUMMARY_LABELS ? ` ${messages.moreOptionsChosen({ ...context, count: chosen.length - SUMMARY_LABELS })}` : null}
      </p>
    );
  }
  if (single === '') return null;
  return (
    <>
      <p className="hitl-listbox-chosen" id={id}>
        <bdi>{long.shown}</bdi>
      </p>
      {long.toggle}
    </>
  );
}

import type { CSSProperties } from 'react';
import type { FormFieldOption } from '../../schema';

/** Props of `OptionListboxRows`. */
export interface OptionListboxRowsProps {
  /** The field's options, all of them. */
  options: readonly FormFieldOption[];
  /** Positions in `options` of the rows shown, in order; `null` for every option. */
  matches: readonly number[] | null;
  /** The window of rows to render (`useRowWindow`): its first position, and one past its last. */
  start: number;
  end: number;
  /** Position of the highlighted row, or -1. */
  active: number;
  /** The options chosen, by position in `options`. */
  chosen: ReadonlySet<number>;
  /** The element id of option `index` (a position in `options`). */
  optionId: (index: number) => string;
  /** A label as a row shows it (`shownOptionLabel`). */
  cut: (label: string) => string;
  /** Chooses (or, in a multiple choice, toggles) the row at `position`. */
  onChoose: (position: number) => void;
}

/** The positions of the rows to render: the window around the view, and the highlighted row wherever it is. */
function rowsToRender(count: number, start: number, end: number, active: number): number[] {
  const rows: number[] = [];
  // After a scroll by wheel the highlighted row may be out of the window; it stays rendered, since
  // `aria-activedescendant` must name an element that exists.
  if (active >= 0 && active < start) rows.push(active);
  for (let position = start; position < end; position += 1) rows.push(position);
  if (active >= end && active < count) rows.push(active);
  return rows;
}

/**
 * The options in view, each placed by the stylesheet at its row (`--_hitl-listbox-row`) of a list as
 * tall as all of them (`--_hitl-listbox-rows` on the list), so the scrollbar reflects the true length
 * while only a window of rows is in the DOM. Each carries `aria-setsize` and `aria-posinset`, so
 * assistive technology hears the true count and position.
 */
export function OptionListboxRows({ options, matches, start, end, active, chosen, optionId, cut, onChoose }: OptionListboxRowsProps) {
  const count = matches === null ? options.length : matches.length;
  return rowsToRender(count, start, end, active).map((position) => {
    const index = matches === null ? position : (matches[position] as number);
    const option = options[index] as FormFieldOption;
    const selected = chosen.has(index);
    return (
      <div
        key={index}
        id={optionId(index)}
        role="option"
        tabIndex={-1}
        className="hitl-listbox-option"
        aria-selected={selected}
        aria-setsize={count}
        aria-posinset={position + 1}
        data-highlighted={position === active ? '' : undefined}
        data-state={selected ? 'checked' : 'unchecked'}
        style={{ '--_hitl-listbox-row': position } as CSSProperties}
        onClick={() => onChoose(position)}
        onKeyDown={(event) => {
          // The combobox input keeps the focus and handles the keys; an option has it only when
          // assistive technology moves it there, and then Enter or Space chooses it as a click does.
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          onChoose(position);
        }}
      >
        <span className="hitl-listbox-check" aria-hidden="true">
          {selected ? '✓' : ''}
        </span>
        <bdi className="hitl-listbox-option-label">{cut(option.label)}</bdi>
      </div>
    );
  });
}

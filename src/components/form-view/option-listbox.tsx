import {
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { cutText, DEFAULT_CONTENT_LIMITS, type HeadlessField } from '../../form';
import { enFormMessages, type FieldMessageContext } from '../../messages';
import type { FormFieldOption } from '../../schema';
import { useIsomorphicLayoutEffect } from '../../utils/react';
import { useRowWindow } from '../shared';
import { FieldEnvironmentContext } from './field-environment-context';
import { FieldLabel } from './field-label';
import { OptionListboxChosen } from './option-listbox-chosen';
import { INITIAL_OPTION_LISTBOX_STATE, optionListboxReducer, VISIBLE_ROWS } from './option-listbox-reducer';
import { OptionListboxRows } from './option-listbox-rows';
import { chosenOptionIndices, optionListboxSearch, shownOptionLabel } from './option-listbox-search';

/**
 * Above this many options a select, radio group, checkbox group or multiple select is an
 * `OptionListbox`. The small controls render (and Radix registers) every option: their cost grows
 * with the count (0.9 s to mount 10,000 radios, 7.1 s to open a Radix Select of 10,000), and at 50
 * it is a few milliseconds. Fifty is also about where a person stops reading a list and starts
 * searching it: a longer group of radios or checkboxes scrolls past the screen.
 */
export const OPTION_LISTBOX_THRESHOLD = 50;

/** Whether `field` is rendered as an `OptionListbox`: a choice among more than `OPTION_LISTBOX_THRESHOLD` options. */
export function usesOptionListbox(field: HeadlessField): boolean {
  const choice = field.control === 'select' || field.control === 'radio' || field.control === 'checkbox-group';
  return choice && field.options.length > OPTION_LISTBOX_THRESHOLD;
}

// The list keeps the focus in the combobox input: a press on a row or the scrollbar must not blur
// the input, which closes the list.
const keepFocus = (event: MouseEvent) => event.preventDefault();

/** Props of `OptionListbox`. */
export interface OptionListboxProps {
  /** A select, radio group, checkbox group or multiple select (see `usesOptionListbox`). */
  field: HeadlessField;
}

/**
 * A searchable, virtualized choice among many options: the ARIA combobox pattern with a listbox
 * popup. The input (`role="combobox"`, named by the field's label) holds the focus throughout; the
 * highlighted option is its `aria-activedescendant`. Arrow keys, Home/End and PageUp/PageDown
 * move, Enter chooses (toggles, in a multiple choice), as does Space unless a search is being
 * typed, Escape closes and then clears the search, typing filters by label, Tab leaves; a click on
 * an option chooses it. Only the rows in view (and a few beyond) are in the DOM, each with
 * `aria-setsize`/`aria-posinset`. A label longer than its row is shown whole under the rows while
 * highlighted, and under the field once chosen (behind "Show all" past `maxTextLength`). Its texts
 * are the form's (`FormMessages`), and every agent text is rendered as text.
 *
 * It works through the field's public API only, so its answer is the one the small controls send
 * for the same choices: `setOption` by position, which the core turns into the option's value
 * (the chosen values in option order, for a multiple choice).
 */
export function OptionListbox({ field }: OptionListboxProps) {
  const [state, dispatch] = useReducer(optionListboxReducer, INITIAL_OPTION_LISTBOX_STATE);
  // The form's texts and limits, as every field reads them (English and the defaults outside a form).
  const environment = useContext(FieldEnvironmentContext);
  const messages = environment?.messages ?? enFormMessages;
  const maxTextLength = environment?.limits.maxTextLength ?? DEFAULT_CONTENT_LIMITS.maxTextLength;
  const context: FieldMessageContext = { label: field.label, index: field.index, type: field.kind };
  const { options, multiple, readOnly, disabled } = field;
  const { id: inputId, ref: fieldRef, onBlur: fieldBlur, ...inputProps } = field.getInputProps();
  const labelId = field.getLabelProps().id;
  const listboxId = `${inputId}-listbox`;
  const chosenId = `${inputId}-chosen`;
  const optionId = (index: number) => `${inputId}-option-${index}`;

  const chosen = useMemo(() => chosenOptionIndices(field), [field]);
  const chosenSet = useMemo(() => new Set(chosen), [chosen]);
  const matches = useMemo(() => optionListboxSearch(options, state.query), [options, state.query]);
  const count = matches === null ? options.length : matches.length;
  const active = Math.min(state.active, count - 1);
  const { open } = state;

  const inputRef = useRef<HTMLInputElement | null>(null);
  const listboxRef = useRef<HTMLDivElement | null>(null);
  // The form focuses the field (on a refused submit) through a handle: given the input element of
  // a radio or checkbox group, it would look inside it for radios to focus and find none.
  useEffect(() => {
    fieldRef({ focus: () => inputRef.current?.focus() });
    return () => fieldRef(null);
  }, [fieldRef]);
  // Only while open: a hidden list loses its scroll position, so it reopens at the top.
  const rows = useRowWindow(listboxRef, { count, enabled: open, rowSelector: '[role="option"]', rowsInView: VISIBLE_ROWS });
  // Whether the highlighted row's label overflows its line (an ellipsis by the stylesheet): known
  // only after layout, and measured on that one row, so a key press costs one small reflow.
  const [clipped, setClipped] = useState(false);
  useIsomorphicLayoutEffect(() => {
    const label = open ? listboxRef.current?.querySelector('[data-highlighted] .hitl-listbox-option-label') : null;
    setClipped(label !== null && label !== undefined && label.scrollWidth > label.clientWidth);
  }, [open, active, matches]);

  const positionOf = (index: number) => (matches === null ? index : matches.indexOf(index));
  const indexAt = (position: number) => (matches === null ? position : matches[position]);
  const fullLabelOf = (index: number) => (options[index] as FormFieldOption).label;
  const cut = (label: string) => shownOptionLabel(label, maxTextLength);
  const labelOf = (index: number) => cut(fullLabelOf(index));

  const openList = (from: 'first' | 'last') => {
    if (disabled) return;
    const current = !multiple && chosen[0] !== undefined ? positionOf(chosen[0]) : -1;
    const first = current >= 0 ? current : from === 'first' ? 0 : count - 1;
    dispatch({ type: 'open', active: first });
    rows.scrollToRow(first);
  };
  // The keys keep the highlighted row in view; a scroll by the person leaves it where it is.
  const move = (to: number) => {
    if (count === 0) return;
    const next = Math.max(0, Math.min(count - 1, to));
    dispatch({ type: 'move', active: next });
    rows.scrollToRow(next);
  };
  const choose = (position: number) => {
    const index = indexAt(position);
    if (index === undefined || readOnly || disabled) return;
    if (!multiple) {
      field.setOption(index);
      dispatch({ type: 'leave' });
      return;
    }
    const adding = !chosenSet.has(index);
    field.setOption(index, adding);
    const change = { ...context, option: labelOf(index), count: chosen.length + (adding ? 1 : -1) };
    dispatch({ type: 'announce', text: adding ? messages.optionChosen(change) : messages.optionRemoved(change) });
    dispatch({ type: 'move', active: position });
  };

  const query = state.query ?? '';
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (disabled) return;
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    switch (event.key) {
      case 'ArrowDown':
        handled();
        if (!open) openList('first');
        else if (!event.altKey) move(active + 1);
        return;
      case 'ArrowUp':
        handled();
        if (!open) openList('last');
        else if (event.altKey) dispatch({ type: 'close' });
        else move(active - 1);
        return;
      case 'Home':
      case 'End':
      case 'PageUp':
      case 'PageDown': {
        // While closed these keys move the caret in the search text, as in any text input.
        if (!open) return;
        handled();
        const page = VISIBLE_ROWS - 1;
        const to = { Home: 0, End: count - 1, PageUp: active - page, PageDown: Math.max(active, 0) + page }[event.key];
        move(to);
        return;
      }
      case 'Enter':
        // While closed, Enter submits the form, as in any text input.
        if (!open) return;
        handled();
        if (readOnly) dispatch({ type: 'close' });
        else if (active >= 0) choose(active);
        return;
      case ' ':
        // Space is part of a search being typed ("new york"); otherwise it opens the list and
        // chooses the highlighted option, as in a select. No label is searched by a leading space.
        if (query !== '') return;
        handled();
        if (!open) openList('first');
        else if (readOnly) dispatch({ type: 'close' });
        else if (active >= 0) choose(active);
        return;
      case 'Escape':
        if (open) {
          handled();
          dispatch({ type: 'close' });
        } else if (state.query !== null) {
          handled();
          dispatch({ type: 'clear' });
        }
        return;
      case 'Tab':
        dispatch({ type: 'close' });
        return;
    }
  };

  const selectShownLabel = (event: { currentTarget: HTMLInputElement }) => {
    if (!multiple && state.query === null) event.currentTarget.select();
  };

  const shownText = state.query ?? (multiple || chosen[0] === undefined ? '' : labelOf(chosen[0]));
  const describedBy = [inputProps['aria-describedby'], multiple && chosen.length > 0 ? chosenId : undefined].filter(Boolean).join(' ');
  const announcement =
    state.announcement.kind === 'matches'
      ? messages.optionsMatching({ ...context, count, query })
      : state.announcement.kind === 'text'
        ? state.announcement.text
        : '';
  // The highlighted label in full (up to `maxTextLength`) under the rows, when its row cannot show
  // all of it: cut to a row's length, or clipped by the row's width (`clipped`).
  const activeLabel = open && active >= 0 ? fullLabelOf(indexAt(active) as number) : '';
  const preview = activeLabel !== '' && (clipped || cut(activeLabel) !== activeLabel) ? cutText(activeLabel, maxTextLength) : '';

  return (
    <>
      <FieldLabel field={field} />
      <div
        className="hitl-combobox"
        data-state={open ? 'open' : 'closed'}
        data-disabled={disabled ? '' : undefined}
        data-readonly={readOnly ? '' : undefined}
      >
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          className="hitl-input hitl-combobox-input"
          role="combobox"
          aria-labelledby={labelId}
          aria-expanded={open}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-haspopup="listbox"
          aria-activedescendant={open && active >= 0 ? optionId(indexAt(active) as number) : undefined}
          aria-required={field.required || undefined}
          aria-readonly={inputProps['aria-readonly']}
          aria-invalid={inputProps['aria-invalid']}
          aria-describedby={describedBy === '' ? undefined : describedBy}
          placeholder={field.placeholder}
          autoComplete="off"
          spellCheck={false}
          readOnly={readOnly}
          disabled={disabled}
          value={shownText}
          onChange={(event) => {
            dispatch({ type: 'search', query: event.currentTarget.value });
            rows.scrollToRow(0);
          }}
          // The chosen label is selected, so what the person types replaces it as the search; again
          // on a click, whose press would have put the caret where it landed.
          onFocus={selectShownLabel}
          onClick={(event) => {
            if (open) {
              dispatch({ type: 'close' });
              return;
            }
            selectShownLabel(event);
            openList('first');
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            fieldBlur();
            dispatch({ type: 'leave' });
          }}
        />
        <span className="hitl-combobox-icon" aria-hidden="true">
          ▾
        </span>
        <div className="hitl-listbox-popup" hidden={!open}>
          <div
            ref={listboxRef}
            id={listboxId}
            role="listbox"
            aria-labelledby={labelId}
            aria-multiselectable={multiple || undefined}
            aria-readonly={readOnly || undefined}
            className="hitl-listbox"
            // Out of the Tab order: the combobox input keeps the focus (`keepFocus`) and drives the list.
            tabIndex={-1}
            onMouseDown={keepFocus}
            style={{ '--_hitl-listbox-rows': count } as CSSProperties}
          >
            {open ? (
              <OptionListboxRows
                options={options}
                matches={matches}
                start={rows.start}
                end={rows.end}
                active={active}
                chosen={chosenSet}
                optionId={optionId}
                cut={cut}
                onChoose={choose}
              />
            ) : null}
          </div>
          {open && count === 0 ? <p className="hitl-listbox-empty">{messages.noOptionsMatch({ ...context, query })}</p> : null}
          {preview === '' ? null : (
            <p className="hitl-listbox-preview">
              <bdi>{preview}</bdi>
            </p>
          )}
        </div>
      </div>
      <OptionListboxChosen
        // A new single choice starts with its label cut again, not as the last one's "Show all" left it.
        key={multiple ? 'multiple' : (chosen[0] ?? 'none')}
        id={chosenId}
        multiple={multiple}
        options={options}
        chosen={chosen}
        cut={cut}
        maxTextLength={maxTextLength}
        messages={messages}
        context={context}
      />
      <div className="hitl-listbox-status" role="status">
        {announcement}
      </div>
    </>
  );
}

/**
 * The input blocks of a Slack modal for the Block Kit preview: each element as the native control a
 * person fills in Slack (labelled by the block's label, its hint and error tied to it), and the
 * `view.state.values` Slack sends the Request URL when the modal is submitted, read back from them.
 */
import { useId, type CSSProperties } from 'react';
import { isRecord } from '../../src/utils';
import { plainWords, TextObject } from './block-kit-text';

type Json = Record<string, unknown>;

const record = (value: unknown): Json => (isRecord(value) ? value : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The form control's name of an input block's element: Slack keys its state by both ids. */
const fieldName = (blockId: string, actionId: string) => `${blockId}\u0000${actionId}`;

/** The block's `block_id`, or the one Slack would make up for a block without it (by position here). */
export const blockIdOf = (block: unknown, index: number): string => text(record(block).block_id) ?? `block_${index}`;

/** Every option of a select, radio group or checkbox group, groups flattened. */
const optionsOf = (element: Json): Json[] =>
  [...list(element.options), ...list(element.option_groups).flatMap((group) => list(record(group).options))].map(record);

const optionValue = (option: unknown) => text(record(option).value) ?? '';

const styles = {
  block: { display: 'grid', gap: 4, margin: '12px 0' },
  label: { fontWeight: 700 },
  control: { font: 'inherit', padding: '6px 8px', border: '1px solid #868686', borderRadius: 4, maxWidth: '100%' },
  fieldset: { border: 0, padding: 0, margin: 0, display: 'grid', gap: 4 },
  hint: { color: '#616061', fontSize: '0.875em', margin: 0 },
  error: { color: '#b0003a', fontSize: '0.875em', margin: 0 },
} satisfies Record<string, CSSProperties>;

interface InputBlockProps {
  block: Json;
  blockId: string;
  /** The acknowledgement's error for this block (`response_action: 'errors'`), shown under it. */
  error: string | undefined;
}

/** One `input` block: its label, its element as a native control, its hint and its error. */
export function InputBlock({ block, blockId, error }: InputBlockProps) {
  const id = useId();
  const element = record(block.element);
  const type = text(element.type) ?? '';
  const name = fieldName(blockId, text(element.action_id) ?? 'action');
  const optional = block.optional === true;
  const label = `${plainWords(block.label)}${optional ? ' (optional)' : ''}`;
  const described = [isRecord(block.hint) ? `${id}-hint` : '', error === undefined ? '' : `${id}-error`].filter(Boolean).join(' ');
  const common = {
    id,
    name,
    required: !optional,
    'aria-describedby': described === '' ? undefined : described,
    'aria-invalid': error === undefined ? undefined : true,
    style: styles.control,
  };
  const placeholder = plainWords(element.placeholder) || undefined;
  const grouped = type === 'checkboxes' || type === 'radio_buttons';
  let control;
  if (type === 'plain_text_input' && element.multiline === true)
    control = <textarea {...common} rows={4} defaultValue={text(element.initial_value)} placeholder={placeholder} />;
  else if (['plain_text_input', 'email_text_input', 'url_text_input', 'number_input', 'datepicker', 'timepicker'].includes(type)) {
    const kind = { email_text_input: 'email', url_text_input: 'url', number_input: 'number', datepicker: 'date', timepicker: 'time' }[type];
    const initial = text(element.initial_value) ?? text(element.initial_date) ?? text(element.initial_time);
    const number = type === 'number_input' ? { step: element.is_decimal_allowed === true ? 'any' : 1 } : {};
    control = (
      <input
        {...common}
        {...number}
        type={kind ?? 'text'}
        defaultValue={initial}
        placeholder={placeholder}
        min={text(element.min_value)}
        max={text(element.max_value)}
        minLength={typeof element.min_length === 'number' ? element.min_length : undefined}
        maxLength={typeof element.max_length === 'number' ? element.max_length : undefined}
      />
    );
  } else if (type === 'static_select' || type === 'multi_static_select') {
    const multiple = type === 'multi_static_select';
    const initial = multiple ? list(element.initial_options).map(optionValue) : optionValue(element.initial_option);
    const option = (choice: unknown) => (
      <option key={optionValue(choice)} value={optionValue(choice)}>
        {plainWords(record(choice).text)}
      </option>
    );
    control = (
      <select {...common} multiple={multiple} defaultValue={initial}>
        {multiple ? null : <option value="">{placeholder ?? 'Select an option'}</option>}
        {list(element.options).map(option)}
        {list(element.option_groups).map((group, index) => (
          <optgroup key={index} label={plainWords(record(group).label)}>
            {list(record(group).options).map(option)}
          </optgroup>
        ))}
      </select>
    );
  } else if (grouped) {
    const initial = new Set(type === 'checkboxes' ? list(element.initial_options).map(optionValue) : [optionValue(element.initial_option)]);
    control = optionsOf(element).map((choice, index) => (
      <label key={index} style={{ display: 'flex', gap: 8, alignItems: 'baseline' }}>
        <input
          type={type === 'checkboxes' ? 'checkbox' : 'radio'}
          name={name}
          value={optionValue(choice)}
          defaultChecked={initial.has(optionValue(choice))}
        />
        <span>
          <TextObject text={choice.text} />
          {isRecord(choice.description) ? (
            <span style={{ ...styles.hint, display: 'block' }}>
              <TextObject text={choice.description} />
            </span>
          ) : null}
        </span>
      </label>
    ));
  } else control = <p style={styles.error}>This preview does not render a {type || 'missing'} element.</p>;
  const after = (
    <>
      {isRecord(block.hint) ? (
        <p id={`${id}-hint`} style={styles.hint}>
          <TextObject text={block.hint} />
        </p>
      ) : null}
      {error === undefined ? null : (
        <p id={`${id}-error`} style={styles.error}>
          {error}
        </p>
      )}
    </>
  );
  if (grouped)
    return (
      <fieldset
        role={type === 'radio_buttons' ? 'radiogroup' : undefined}
        style={{ ...styles.block, ...styles.fieldset }}
        aria-describedby={common['aria-describedby']}
        aria-invalid={common['aria-invalid']}
      >
        <legend style={styles.label}>{label}</legend>
        {control}
        {after}
      </fieldset>
    );
  return (
    <div style={styles.block}>
      <label htmlFor={id} style={styles.label}>
        {label}
      </label>
      {control}
      {after}
    </div>
  );
}

/** What Slack would hold for one element once submitted, read from the form's controls. */
function stateOf(element: Json, values: string[]): Json {
  const type = text(element.type) ?? '';
  const chosen = (value: string | undefined) => {
    const option = optionsOf(element).find((candidate) => optionValue(candidate) === value);
    return option === undefined ? null : { text: option.text, value: option.value };
  };
  const first = values[0] === undefined || values[0] === '' ? null : values[0];
  if (type === 'static_select' || type === 'radio_buttons') return { type, selected_option: chosen(first ?? undefined) };
  if (type === 'multi_static_select' || type === 'checkboxes') return { type, selected_options: values.map(chosen).filter(Boolean) };
  if (type === 'datepicker') return { type, selected_date: first };
  if (type === 'timepicker') return { type, selected_time: first };
  return { type, value: first };
}

/** `view.state.values` as Slack sends it with `view_submission`: by block id, then action id. */
export function stateValues(blocks: readonly unknown[], form: HTMLFormElement): Record<string, Record<string, Json>> {
  const data = new FormData(form);
  const state: Record<string, Record<string, Json>> = {};
  blocks.forEach((block, index) => {
    if (record(block).type !== 'input') return;
    const element = record(record(block).element);
    const blockId = blockIdOf(block, index);
    const actionId = text(element.action_id) ?? 'action';
    const values = data.getAll(fieldName(blockId, actionId)).map(String);
    state[blockId] = { [actionId]: stateOf(element, values) };
  });
  return state;
}

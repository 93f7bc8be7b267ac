import { buildFormModel, coerceFieldValue, type FieldModel } from '../../../src/form';

/** The model of a one-field form. */
function fieldOf(field: Record<string, unknown>): FieldModel {
  const model = buildFormModel({ fields: [field] });
  const built = model.fields[0];
  if (!built) throw new Error(`no field: ${JSON.stringify(model.problems)}`);
  return built;
}

describe('defaultValue coercion', () => {
  it('number: numeric strings and numbers become the input text; anything else is dropped with a warning', () => {
    expect(fieldOf({ type: 'number', label: 'N', defaultValue: ' 12.5 ' }).initial).toBe('12.5');
    expect(fieldOf({ type: 'number', label: 'N', defaultValue: 3 }).initial).toBe('3');
    const model = buildFormModel({ fields: [{ type: 'number', label: 'N', defaultValue: 'twelve' }] });
    expect(model.fields[0]?.initial).toBe('');
    expect(model.problems).toEqual([expect.objectContaining({ code: 'default-ignored', severity: 'warning', fieldIndex: 0 })]);
  });

  it('date-like: a valueAsNumber or a valid string, normalised as the element would hold it', () => {
    expect(fieldOf({ type: 'date', label: 'D', defaultValue: Date.UTC(2024, 4, 1) }).initial).toBe('2024-05-01');
    expect(fieldOf({ type: 'datetime-local', label: 'D', defaultValue: '2024-05-01 10:30:00' }).initial).toBe('2024-05-01T10:30');
    expect(fieldOf({ type: 'month', label: 'M', defaultValue: 'May' }).initial).toBe('');
  });

  it('select and radio hold the option index: same JSON value first, else same text', () => {
    const options = [
      { label: 'One', value: '1' },
      { label: 'Two', value: 2 },
    ];
    expect(fieldOf({ type: 'select', label: 'S', options, defaultValue: 2 }).initial).toBe(1);
    expect(fieldOf({ type: 'radio', label: 'R', options, defaultValue: 1 }).initial).toBe(0);
    // The schema allows one value as a default; a draft may hold several.
    const group = fieldOf({ type: 'checkbox', label: 'C', options, defaultValue: 2 });
    expect(group.initial).toEqual([1]);
    expect(coerceFieldValue(group, [2, '1', 2])).toEqual([0, 1]);
    expect(coerceFieldValue(group, ['3'])).toBeUndefined();
  });

  it('range: clamped and snapped; no default gives the midpoint', () => {
    expect(fieldOf({ type: 'range', label: 'R', min: 0, max: 10, step: 3, defaultValue: 100 }).initial).toBe(9);
    expect(fieldOf({ type: 'range', label: 'R', min: 0, max: 10, step: 2 }).initial).toBe(6);
  });

  it('checkbox and switch: booleans and their strings only', () => {
    const field = fieldOf({ type: 'switch', label: 'S' });
    expect(coerceFieldValue(field, 'true')).toBe(true);
    expect(coerceFieldValue(field, false)).toBe(false);
    expect(coerceFieldValue(field, 1)).toBeUndefined();
  });

  it('text: HTML sanitisation (no newlines in a text input; email trimmed)', () => {
    expect(fieldOf({ type: 'text', label: 'T', defaultValue: 'a\nb' }).initial).toBe('ab');
    expect(fieldOf({ type: 'email', label: 'E', defaultValue: '  a@b.c ' }).initial).toBe('a@b.c');
    expect(fieldOf({ type: 'text', label: 'T', defaultValue: 42 }).initial).toBe('42');
  });
});

import { buildFormModel, validateField, type FieldIssue, type FieldModel, type FieldValue } from '../../../src/form';

function fieldOf(field: Record<string, unknown>): FieldModel {
  const built = buildFormModel({ fields: [field] }).fields[0];
  if (!built) throw new Error('no field');
  return built;
}

const check = (field: Record<string, unknown>, value: FieldValue, badInput = false): FieldIssue | null =>
  validateField(fieldOf(field), value, badInput);

describe('validation issue codes', () => {
  it('required, per control', () => {
    expect(check({ type: 'text', label: 'T', required: true }, '')).toEqual({ code: 'required' });
    expect(check({ type: 'checkbox', label: 'C', required: true }, false)).toEqual({ code: 'required' });
    expect(check({ type: 'radio', label: 'R', required: true, options: [{ label: 'A', value: 'a' }] }, null)).toEqual({
      code: 'required',
    });
    expect(check({ type: 'text', label: 'T', required: true }, 'x')).toBeNull();
  });

  it('badInput comes before every other rule', () => {
    expect(check({ type: 'number', label: 'N', required: true }, '', true)).toEqual({ code: 'badInput' });
    expect(check({ type: 'date', label: 'D' }, '2024-02-30')).toEqual({ code: 'badInput' });
  });

  it('length and pattern, with their parameters', () => {
    expect(check({ type: 'text', label: 'T', minLength: 3 }, 'ab')).toEqual({ code: 'tooShort', minLength: 3, length: 2 });
    expect(check({ type: 'text', label: 'T', maxLength: 2 }, 'abc')).toEqual({ code: 'tooLong', maxLength: 2, length: 3 });
    expect(check({ type: 'text', label: 'T', pattern: '[a-z]+' }, 'ab1')).toEqual({ code: 'patternMismatch', pattern: '[a-z]+' });
  });

  it('email and url', () => {
    expect(check({ type: 'email', label: 'E' }, 'nope')).toEqual({ code: 'invalidEmail' });
    expect(check({ type: 'url', label: 'U' }, 'mailto:a@b.c')).toEqual({ code: 'invalidUrl' });
    expect(check({ type: 'url', label: 'U' }, 'https://a.example')).toBeNull();
  });

  it('min, max and step of numbers; date limits in the kind’s own format', () => {
    expect(check({ type: 'number', label: 'N', min: 3 }, '2')).toEqual({ code: 'rangeUnderflow', min: 3, minText: '3' });
    expect(check({ type: 'number', label: 'N', max: 3 }, '4')).toEqual({ code: 'rangeOverflow', max: 3, maxText: '3' });
    expect(check({ type: 'number', label: 'N', min: 1, step: 0.5 }, '1.2')).toEqual({
      code: 'stepMismatch',
      step: 0.5,
      lower: 1,
      upper: 1.5,
    });
    const may1 = Date.UTC(2024, 4, 1);
    expect(check({ type: 'date', label: 'D', min: may1 }, '2024-04-30')).toEqual({
      code: 'rangeUnderflow',
      min: may1,
      minText: '2024-05-01',
    });
  });

  it('empty values pass every rule but required; read-only and disabled fields are not checked', () => {
    expect(check({ type: 'text', label: 'T', minLength: 3 }, '')).toBeNull();
    expect(check({ type: 'text', label: 'T', required: true, readonly: true }, '')).toBeNull();
    expect(check({ type: 'text', label: 'T', required: true, disabled: true }, '')).toBeNull();
  });
});

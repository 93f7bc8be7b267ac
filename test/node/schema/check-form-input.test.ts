import { checkFormInput } from '../../../src/schema';

describe('checkFormInput', () => {
  it('finds nothing wrong with valid parameters, unknown properties included', () => {
    expect(checkFormInput({})).toEqual([]);
    expect(
      checkFormInput({
        heading: 'Pay',
        fields: [{ type: 'select', label: 'Card', options: [{ label: 'Visa', value: 1 }], extra: true }],
        submitButton: { label: 'Pay now' },
        theme: 'dark',
      }),
    ).toEqual([]);
  });

  it('an unknown type that is a string is a warning; every kind is listed', () => {
    expect(checkFormInput({ fields: [{ type: 'text' }, { type: 'colour', label: 'Paint' }] })).toEqual([
      {
        code: 'unknown-type',
        severity: 'warning',
        path: '/fields/1/type',
        fieldIndex: 1,
        message:
          'Field 2 (Paint): "type" must be one of text, number, email, tel, url, password, date, time, datetime-local, month, week, textarea, select, checkbox, radio, switch, range; it is shown as a text field.',
      },
    ]);
  });

  it('a type that is not a string is one error, not two', () => {
    expect(checkFormInput({ fields: [{ type: 3 }] })).toEqual([
      {
        code: 'schema',
        severity: 'error',
        path: '/fields/0/type',
        fieldIndex: 0,
        message: 'Field 1: "type" must be a string, not a number.',
      },
    ]);
  });

  it('lists every error at once, in plain sentences with positions counted from 1', () => {
    const problems = checkFormInput({
      description: ['x'],
      fields: [{ type: 'number', label: 'Age', min: '18' }, null, { type: 'radio', options: [{ value: 1 }] }],
      submitButton: 'Go',
    });
    expect(problems.map((problem) => problem.message)).toEqual([
      'The form: "description" must be a string, not an array.',
      'Field 1 (Age): "min" must be a number, not a string.',
      'Field 2 must be an object, not null.',
      'Field 3, option 1: "label" is missing.',
      'The form: "submitButton" must be an object, not a string.',
    ]);
    expect(problems.every((problem) => problem.severity === 'error')).toBe(true);
  });

  it('escapes nothing and executes nothing: labels are quoted as data, shortened', () => {
    const label = `<img src=x onerror=alert(1)>${'x'.repeat(100)}`;
    const [problem] = checkFormInput({ fields: [{ label }] });
    expect(problem?.message).toBe(`Field 1 (${label.slice(0, 40)}…): "type" is missing.`);
  });
});

import {
  buildFormAnswer,
  buildFormModel,
  buildSchemaForm,
  initialFieldValues,
  isFlatObjectSchema,
  schemaFormAnswer,
  type FieldModel,
  type FieldValue,
} from '../../../src/form';
import { encodeFormAnswer } from '../../../src/schema';

const encodeFormAnswerOf = (fields: readonly FieldModel[], values: readonly FieldValue[]) =>
  encodeFormAnswer(buildFormAnswer(fields, values));

describe('answer encoding', () => {
  it('one { label, value } per field, values typed by kind, option values keep their JSON type', () => {
    const { fields } = buildFormModel({
      fields: [
        { type: 'text', label: 'Name' },
        { type: 'number' },
        { type: 'select', label: 'Size', options: [{ label: 'Large', value: 2 }] },
        {
          type: 'checkbox',
          label: 'Tags',
          options: [
            { label: 'A', value: 'a' },
            { label: 'B', value: 1 },
          ],
        },
        { type: 'switch', label: 'On' },
        { type: 'radio', label: 'Pick', options: [{ label: 'X', value: 'x' }] },
      ],
    });
    expect(buildFormAnswer(fields, ['Ann', '', 0, [0, 1], true, null])).toEqual([
      { label: 'Name', value: 'Ann' },
      { label: '', value: null },
      { label: 'Size', value: 2 },
      { label: 'Tags', value: ['a', 1] },
      { label: 'On', value: true },
      { label: 'Pick', value: null },
    ]);
    expect(encodeFormAnswerOf(fields, ['Ann', '4.5', null, [], false, 0])).toBe(
      '[{"label":"Name","value":"Ann"},{"label":"","value":4.5},{"label":"Size","value":null},{"label":"Tags","value":[]},{"label":"On","value":false},{"label":"Pick","value":"x"}]',
    );
  });

  it('a zero answers +0, as the agent reads it (JSON has no -0), so the answer and its JSON agree', () => {
    const { fields } = buildFormModel({
      fields: [
        { type: 'checkbox', options: [{ label: 'Zero', value: -0 }] },
        { type: 'select', options: [{ label: 'Zero', value: -0 }] },
        { type: 'number', label: 'Amount' },
      ],
    });
    const answer = buildFormAnswer(fields, [[0], 0, '-0']);
    expect(answer.map((entry) => entry.value)).toEqual([[0], 0, 0]);
    expect(JSON.parse(encodeFormAnswer(answer))).toEqual(answer);
  });

  it('a draft applies by position when the label matches, coerced to the field', () => {
    const { fields } = buildFormModel({
      fields: [
        { type: 'number', label: 'Age', defaultValue: 1 },
        { type: 'text', label: 'Name' },
      ],
    });
    expect(
      initialFieldValues(fields, [
        { label: 'Age', value: 30 },
        { label: 'Other', value: 'x' },
      ]),
    ).toEqual(['30', '']);
    expect(initialFieldValues(fields, [{ label: 'Age', value: 'old' }])).toEqual(['1', '']);
    expect(initialFieldValues(fields, undefined)).toEqual(['1', '']);
  });

  it('a schema form answers with an object, leaving out empty optional values', () => {
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' }, nights: { type: 'integer', minimum: 1 }, note: { type: 'string' } },
      required: ['city'],
    };
    if (!isFlatObjectSchema(schema)) throw new Error('not flat');
    const form = buildSchemaForm(schema, { city: 'Oslo' });
    const values = form.model.fields.map((field) => field.initial);
    expect(form.keys).toEqual(['city', 'nights', 'note']);
    expect({ ...schemaFormAnswer(form.model.fields, form.keys, values) }).toEqual({ city: 'Oslo' });
    expect({ ...schemaFormAnswer(form.model.fields, form.keys, ['Oslo', '3', 'late']) }).toEqual({ city: 'Oslo', nights: 3, note: 'late' });
  });
});

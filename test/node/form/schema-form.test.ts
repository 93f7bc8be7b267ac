import {
  buildSchemaForm,
  isFlatObjectSchema,
  schemaFormAnswer,
  type FieldModel,
  type FieldValue,
  type SchemaForm,
} from '../../../src/form';
import { everyPrimitive } from './elicitation-schema';

/** The form of `schema`, which must be flat. */
function formOf(schema: unknown, parameters: Record<string, unknown> = {}): SchemaForm {
  if (!isFlatObjectSchema(schema)) throw new Error('not a flat object schema');
  return buildSchemaForm(schema, parameters);
}

/** The field of property `key`. */
function fieldOf(form: SchemaForm, key: string): FieldModel {
  const field = form.model.fields[form.keys.indexOf(key)];
  if (field === undefined) throw new Error(`no field for ${key}`);
  return field;
}

/** The answer object for values given by property (the others keep their initial values), as a plain object. */
function answerOf(form: SchemaForm, values: Record<string, FieldValue>): Record<string, unknown> {
  const all = form.model.fields.map((field) =>
    Object.hasOwn(values, form.keys[field.index] ?? '') ? values[form.keys[field.index]!]! : field.initial,
  );
  return { ...schemaFormAnswer(form.model.fields, form.keys, all) };
}

// A zone with an offset and no daylight saving time: a local time differs from UTC by 5:30 all year.
let zone: string | undefined;
beforeAll(() => {
  zone = process.env.TZ;
  process.env.TZ = 'Asia/Kolkata';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('every primitive of an elicitation schema becomes a field', () => {
  let form: SchemaForm;
  // Built once the zone is set: a date-time default is read in the zone of the moment.
  beforeAll(() => {
    form = formOf(everyPrimitive);
  });

  it('is not refused, and keeps the properties in order', () => {
    expect(form.model.fatal).toBe(false);
    expect(form.keys).toEqual(Object.keys(everyPrimitive.properties));
  });

  it('strings: length limits, and each format its kind; title → label, description → hint, required', () => {
    expect(fieldOf(form, 'name')).toMatchObject({
      kind: 'text',
      label: 'Full name',
      hint: 'As on the passport.',
      required: true,
      minLength: 2,
      maxLength: 40,
    });
    expect(fieldOf(form, 'email')).toMatchObject({ kind: 'email', control: 'input', required: true });
    expect(fieldOf(form, 'homepage')).toMatchObject({ kind: 'url', label: 'homepage', required: false });
    expect(fieldOf(form, 'birthday')).toMatchObject({ kind: 'date', required: false });
    expect(fieldOf(form, 'meeting')).toMatchObject({ kind: 'datetime-local', required: true });
  });

  it('a date-time default (RFC 3339) prefills the field in the local zone', () => {
    expect(fieldOf(form, 'meeting').initial).toBe('2025-03-01T15:00');
    // The agent's value wins over the default, and is read the same way.
    expect(fieldOf(formOf(everyPrimitive, { meeting: '2025-03-01T23:00:00-02:00' }), 'meeting').initial).toBe('2025-03-02T06:30');
  });

  it('numbers: limits; an integer steps by 1; a default prefills', () => {
    expect(fieldOf(form, 'guests')).toMatchObject({ kind: 'number', min: 1, max: 8, step: 1, initial: '2', required: true });
    expect(fieldOf(form, 'budget')).toMatchObject({ kind: 'number', min: 0, max: 1000.5, step: undefined, initial: '' });
  });

  it('a boolean is a checkbox with its default', () => {
    expect(fieldOf(form, 'newsletter')).toMatchObject({ control: 'checkbox', label: 'Send me the newsletter', initial: false });
  });

  it('single selects: untitled enum, titled oneOf, legacy enumNames', () => {
    expect(fieldOf(form, 'size')).toMatchObject({
      control: 'select',
      required: true,
      initial: 1,
      options: [
        { label: 'S', value: 'S' },
        { label: 'M', value: 'M' },
        { label: 'L', value: 'L' },
      ],
    });
    expect(fieldOf(form, 'colour')).toMatchObject({
      control: 'select',
      label: 'Colour',
      options: [
        { label: 'Red', value: '#f00' },
        { label: 'Green', value: '#0f0' },
      ],
    });
    expect(fieldOf(form, 'plan')).toMatchObject({
      control: 'select',
      required: false,
      options: [
        { label: 'Free plan', value: 'free' },
        { label: 'Pro plan', value: 'pro' },
      ],
    });
  });

  it('multi selects: a checkbox group with items.enum or items.anyOf; minItems ≥ 1 makes it required', () => {
    expect(fieldOf(form, 'toppings')).toMatchObject({
      kind: 'checkbox',
      control: 'checkbox-group',
      label: 'Toppings',
      required: true,
      minItems: 1,
      maxItems: 2,
      initial: [0],
      options: [
        { label: 'cheese', value: 'cheese' },
        { label: 'ham', value: 'ham' },
        { label: 'olives', value: 'olives' },
      ],
    });
    expect(fieldOf(form, 'days')).toMatchObject({
      control: 'checkbox-group',
      required: false,
      minItems: undefined,
      maxItems: undefined,
      initial: [],
      options: [
        { label: 'Monday', value: 'mon' },
        { label: 'Tuesday', value: 'tue' },
      ],
    });
  });
});

describe('the answer object has the schema’s types', () => {
  let form: SchemaForm;
  beforeAll(() => {
    form = formOf(everyPrimitive);
  });

  it('each primitive answers with its JSON type', () => {
    const answer = answerOf(form, {
      name: 'Ann Lee',
      email: 'ann@example.com',
      homepage: 'https://ann.example/',
      birthday: '1990-05-17',
      meeting: '2025-03-01T15:00',
      guests: '3',
      budget: '12.5',
      newsletter: true,
      size: 2,
      colour: 1,
      plan: 1,
      toppings: [0, 2],
      days: [1],
    });
    expect(answer).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
      homepage: 'https://ann.example/',
      birthday: '1990-05-17',
      meeting: '2025-03-01T09:30:00.000Z',
      guests: 3,
      budget: 12.5,
      newsletter: true,
      size: 'L',
      colour: '#0f0',
      plan: 'pro',
      toppings: ['cheese', 'olives'],
      days: ['tue'],
    });
    expect(Number.isInteger(answer.guests)).toBe(true);
  });

  it('leaves out empty optional values; a boolean and a multi select are always there', () => {
    expect(answerOf(form, { name: 'Ann', email: 'a@b.example', colour: 0 })).toEqual({
      name: 'Ann',
      email: 'a@b.example',
      meeting: '2025-03-01T09:30:00.000Z',
      guests: 2,
      newsletter: false,
      size: 'M',
      colour: '#f00',
      toppings: ['cheese'],
      days: [],
    });
  });

  it('option values keep their JSON type', () => {
    const numbers = formOf({
      type: 'object',
      properties: {
        level: {
          type: 'integer',
          oneOf: [
            { const: 1, title: 'Low' },
            { const: 2, title: 'High' },
          ],
        },
        floors: { type: 'array', items: { type: 'number', enum: [0, 1.5] } },
      },
    });
    expect(answerOf(numbers, { level: 1, floors: [0, 1] })).toEqual({ level: 2, floors: [0, 1.5] });
  });

  it('a date-time that is not a time the answer can carry is left out, never thrown on', () => {
    const meeting = fieldOf(form, 'meeting');
    expect(() => schemaFormAnswer([meeting], ['meeting'], ['not a time'])).not.toThrow();
    expect({ ...schemaFormAnswer([{ ...meeting, index: 0 }], ['meeting'], ['not a time']) }).toEqual({});
  });
});

describe('what stays as it was', () => {
  it('an enum without a type, with numbers, is a select whose numbers stay numbers', () => {
    const form = formOf({ type: 'object', properties: { cabin: { enum: ['economy', 1] } } });
    expect(answerOf(form, { cabin: 1 })).toEqual({ cabin: 1 });
  });

  it('an unknown format is a text field', () => {
    expect(fieldOf(formOf({ type: 'object', properties: { code: { type: 'string', format: 'uuid' } } }), 'code').kind).toBe('text');
  });

  it('a schema with no properties is a form with no fields, answered with an empty object', () => {
    const form = formOf({ type: 'object', properties: {} });
    expect(form.model).toMatchObject({ fatal: false, fields: [] });
    expect(answerOf(form, {})).toEqual({});
  });
});

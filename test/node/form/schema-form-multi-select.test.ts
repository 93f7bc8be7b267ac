/**
 * A multi select of a JSON Schema (`type: 'array'` of an enum) through the headless form, as the
 * library's components read it: `minItems` and `maxItems` refuse the submit, the error shows on
 * the field and in the summary, and the answer is the array of chosen values.
 */
import {
  buildSchemaForm,
  createFormControl,
  isFlatObjectSchema,
  schemaFormAnswer,
  validateField,
  type HeadlessForm,
} from '../../../src/form';
import { enFormMessages } from '../../../src/messages';

const schema = {
  type: 'object',
  properties: {
    toppings: {
      type: 'array',
      title: 'Toppings',
      items: { type: 'string', enum: ['cheese', 'ham', 'olives', 'basil'] },
      minItems: 2,
      maxItems: 3,
    },
  },
};

function makeForm() {
  if (!isFlatObjectSchema(schema)) throw new Error('not a flat object schema');
  const generated = buildSchemaForm(schema, {});
  const onSubmit = vi.fn<(input: string) => void>();
  const control = createFormControl(generated.model, {
    idBase: 'order',
    encode: (form) => JSON.stringify(schemaFormAnswer(form.fields, generated.keys, form.values())),
    onSubmit: (_answer, input) => onSubmit(input),
  });
  const settings = { disabled: false, autocompletePolicy: 'safe' as const };
  const read = (): HeadlessForm => control.read(enFormMessages, settings);
  return { read, onSubmit };
}

describe('a multi select’s minItems and maxItems', () => {
  it('too many chosen: the submit is refused, the field shows why and the summary names it', () => {
    const { read, onSubmit } = makeForm();
    read().fields[0]!.setValue(['cheese', 'ham', 'olives', 'basil']);
    read().submit();
    expect(onSubmit).not.toHaveBeenCalled();
    const form = read();
    expect(form.status).toBe('error');
    expect(form.fields[0]!.error).toBe('Choose at most 3 options');
    expect(form.errors).toEqual([{ index: 0, label: 'Toppings', message: 'Choose at most 3 options' }]);
    expect(form.errorSummary).toBe('Please correct 1 field: Toppings.');
    expect(form.fields[0]!.getInputProps()).toMatchObject({ role: 'group', 'aria-invalid': true });
  });

  it('too few chosen, none included: the group is required and says how many it takes', () => {
    const { read, onSubmit } = makeForm();
    expect(read().fields[0]!.required).toBe(true);
    read().submit();
    expect(read().fields[0]!.error).toBe('Choose at least 2 options');
    read().fields[0]!.setValue(['olives']);
    expect(read().fields[0]!.error).toBe('Choose at least 2 options');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('within the limits: the error goes and the answer is the array of chosen values', () => {
    const { read, onSubmit } = makeForm();
    read().submit();
    read().fields[0]!.setValue(['basil', 'cheese']);
    expect(read().fields[0]!.error).toBeUndefined();
    expect(read().errorSummary).toBeUndefined();
    read().submit();
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('{"toppings":["cheese","basil"]}');
  });
});

describe('validateField on a checkbox group', () => {
  if (!isFlatObjectSchema(schema)) throw new Error('not a flat object schema');
  const field = buildSchemaForm(schema, {}).model.fields[0]!;

  it('gives the limit and the count', () => {
    expect(validateField(field, [0], false)).toEqual({ code: 'tooFewChosen', min: 2, count: 1 });
    expect(validateField(field, [0, 1, 2, 3], false)).toEqual({ code: 'tooManyChosen', max: 3, count: 4 });
    expect(validateField(field, [0, 3], false)).toBeNull();
  });

  it('a read-only group is not checked, as every read-only field', () => {
    expect(validateField({ ...field, readonly: true }, [], false)).toBeNull();
  });
});

describe('what a multi select starts with and asks for', () => {
  const withToppings = (toppings: Record<string, unknown>, required: string[] = []) => {
    const schema = {
      type: 'object',
      properties: { toppings: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, ...toppings } },
      required,
    };
    if (!isFlatObjectSchema(schema)) throw new Error('not a flat object schema');
    return schema;
  };

  it('the agent’s array wins over the default; values that are not options leave it at the default', () => {
    const schema = withToppings({ default: ['b'] });
    expect(buildSchemaForm(schema, {}).model.fields[0]!.initial).toEqual([1]);
    expect(buildSchemaForm(schema, { toppings: ['c', 'a'] }).model.fields[0]!.initial).toEqual([0, 2]);
    expect(buildSchemaForm(schema, { toppings: ['z'] }).model.fields[0]!.initial).toEqual([]);
  });

  it('"required" without minItems asks for the array, which is always sent, not for a choice', () => {
    const form = buildSchemaForm(withToppings({}, ['toppings']), {});
    expect(form.model.fields[0]!.required).toBe(false);
    expect({ ...schemaFormAnswer(form.model.fields, form.keys, [[]]) }).toEqual({ toppings: [] });
  });

  it('minItems above maxItems: neither applies, and the field says so', () => {
    const field = buildSchemaForm(withToppings({ minItems: 3, maxItems: 1 }), {}).model.fields[0]!;
    expect(field).toMatchObject({ minItems: undefined, maxItems: undefined, required: false, notes: [{ code: 'conflicting-limits' }] });
    expect(validateField(field, [0, 1], false)).toBeNull();
  });
});

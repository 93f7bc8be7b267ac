/**
 * The answer of a form generated from an elicitation's `requestedSchema` goes through the MCP
 * SDK's own checks of an accepted result: the client's `ElicitResultSchema`, then the server's
 * `elicitInput`, which validates `content` against the requested schema with its default
 * `AjvJsonSchemaValidator` (ajv with ajv-formats: `email`, `uri`, `date`, `date-time` are checked).
 */
import { ElicitRequestFormParamsSchema, ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  buildSchemaForm,
  isFlatObjectSchema,
  schemaFormAnswer,
  validateField,
  type FieldModel,
  type FieldValue,
  type SchemaForm,
} from '../../../src/form';
import { everyPrimitive } from './elicitation-schema';

const validate = new AjvJsonSchemaValidator().getValidator(everyPrimitive);

function formOf(): SchemaForm {
  if (!isFlatObjectSchema(everyPrimitive)) throw new Error('not a flat object schema');
  return buildSchemaForm(everyPrimitive, {});
}

/** The content of an accepted result for values given by property, after the client's own parse of the result. */
function contentOf(form: SchemaForm, values: Record<string, FieldValue>): unknown {
  const all = form.model.fields.map((field) => {
    const key = form.keys[field.index] ?? '';
    return Object.hasOwn(values, key) ? (values[key] as FieldValue) : field.initial;
  });
  // JSON, as it crosses the transport.
  const content: unknown = JSON.parse(JSON.stringify(schemaFormAnswer(form.model.fields, form.keys, all)));
  return ElicitResultSchema.parse({ action: 'accept', content }).content;
}

describe('the MCP SDK accepts what a generated form answers', () => {
  it('the schema is one an MCP server may send', () => {
    expect(ElicitRequestFormParamsSchema.safeParse({ mode: 'form', message: 'Book', requestedSchema: everyPrimitive }).success).toBe(true);
  });

  it('every primitive filled in', () => {
    const content = contentOf(formOf(), {
      name: 'Ann Lee',
      email: 'ann@example.com',
      homepage: 'https://ann.example/about',
      birthday: '1990-05-17',
      meeting: '2025-11-25T18:45',
      guests: '8',
      budget: '999.99',
      newsletter: true,
      size: 0,
      colour: 1,
      plan: 0,
      toppings: [1, 2],
      days: [0, 1],
    });
    expect(validate(content)).toMatchObject({ valid: true });
  });

  it('only what is required, from the defaults, with the optional ones left empty', () => {
    const content = contentOf(formOf(), { name: 'Bo', email: 'bo@example.com', colour: 0 });
    expect(validate(content)).toMatchObject({ valid: true });
  });

  it('the validator is not lenient: a local date-time as typed, or an integer as text, is refused', () => {
    const content = contentOf(formOf(), { name: 'Bo', email: 'bo@example.com', colour: 0 }) as Record<string, unknown>;
    expect(validate({ ...content, meeting: '2025-11-25T18:45' }).valid).toBe(false);
    expect(validate({ ...content, guests: '2' }).valid).toBe(false);
    expect(validate({ ...content, toppings: 'cheese' }).valid).toBe(false);
  });

  describe('where the validator is stricter than a browser', () => {
    const form = formOf();
    const field = (key: string) => form.model.fields[form.keys.indexOf(key)] as FieldModel;
    const filled = { name: 'Bo', email: 'bo@example.com', colour: 0 };

    it('an email without a dot in its domain is refused by the form, as the validator refuses it', () => {
      expect(validate(contentOf(form, { ...filled, email: 'bo@localhost' })).valid).toBe(false);
      expect(validateField(field('email'), 'bo@localhost', false)?.code).toBe('patternMismatch');
      expect(validateField(field('email'), '.bo@example.com', false)?.code).toBe('patternMismatch');
      expect(validateField(field('email'), 'bo.b@mail.example.com', false)).toBeNull();
    });

    it('an address with a space or a letter a URI cannot hold is sent as the browser would send it', () => {
      const content = contentOf(form, { ...filled, homepage: 'https://bö.example/my page?q=a b' });
      expect(content).toMatchObject({ homepage: 'https://xn--b-1ga.example/my%20page?q=a%20b' });
      expect(validate(content)).toMatchObject({ valid: true });
      // An address the validator takes as it is goes as typed.
      expect(contentOf(form, { ...filled, homepage: 'https://a.example' })).toMatchObject({ homepage: 'https://a.example' });
    });

    it('a year after 9999, which RFC 3339 cannot write, is refused by the form', () => {
      expect(validateField(field('birthday'), '10000-01-01', false)?.code).toBe('rangeOverflow');
      expect(validateField(field('meeting'), '10000-01-01T00:00', false)?.code).toBe('rangeOverflow');
      expect(validateField(field('birthday'), '9999-12-31', false)).toBeNull();
    });
  });
});

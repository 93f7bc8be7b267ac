import fc from 'fast-check';
import { buildSchemaForm, DEFAULT_CONTENT_LIMITS, isFlatObjectSchema, schemaFormAnswer, schemaFormObstacle } from '../../../src/form';
import { everyPrimitive } from './elicitation-schema';

const objectOf = (properties: Record<string, unknown>, rest: Record<string, unknown> = {}) => ({ type: 'object', properties, ...rest });
const text = { type: 'string' };

describe('schemaFormObstacle', () => {
  it('finds nothing in the way of a schema with every elicitation primitive', () => {
    expect(schemaFormObstacle(everyPrimitive)).toBeUndefined();
    expect(schemaFormObstacle(objectOf({}))).toBeUndefined();
  });

  it('names no property when the schema itself is not an object schema of properties', () => {
    for (const schema of [null, undefined, 'object', 3, [], [text], { type: 'string' }, { type: 'object' }, { properties: [] }]) {
      expect(schemaFormObstacle(schema), JSON.stringify(schema)).toEqual({ property: undefined });
    }
  });

  it('names no property for $ref or $defs at the top, or another keyword there', () => {
    expect(schemaFormObstacle({ $ref: '#/$defs/a', $defs: { a: objectOf({ a: text }) } })).toEqual({ property: undefined });
    expect(schemaFormObstacle(objectOf({ a: text }, { $defs: { b: text } }))).toEqual({ property: undefined });
    expect(schemaFormObstacle(objectOf({ a: text }, { minProperties: 1 }))).toEqual({ property: undefined });
  });

  it('names the first property in the way', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ address: objectOf({ city: text }) }, 'address'],
      [{ people: { type: 'array', items: objectOf({ name: text }) } }, 'people'],
      [{ tags: { type: 'array', items: text } }, 'tags'],
      [{ who: { $ref: '#/$defs/person' } }, 'who'],
      [{ id: { anyOf: [text, { type: 'number' }] } }, 'id'],
      [{ id: { allOf: [text, { minLength: 1 }] } }, 'id'],
      [{ id: { type: 'string', oneOf: [text] } }, 'id'],
      [{ n: { type: 'number', multipleOf: 3 } }, 'n'],
      [{ n: { type: 'number', exclusiveMinimum: 0 } }, 'n'],
      [{ n: { type: ['number', 'null'] } }, 'n'],
      [{ pick: { type: 'string', enum: [] } }, 'pick'],
      [{ pick: { type: 'string', enum: ['a', 1] } }, 'pick'],
      [{ pick: { type: 'string', enum: ['a'], enumNames: 'A' } }, 'pick'],
      [{ pick: { type: 'array', items: { type: 'string', enum: ['a'] }, minItems: -1 } }, 'pick'],
      [{ pick: { type: 'array', items: { type: 'string', enum: ['a'] }, maxItems: 1.5 } }, 'pick'],
      [{ pick: { type: 'array', items: { anyOf: [{ const: 'a', title: 'A', extra: 1 }] } } }, 'pick'],
      [{ ok: text, first: { type: 'object' }, second: { $ref: '#' } }, 'first'],
    ];
    for (const [properties, property] of cases) {
      expect(schemaFormObstacle(objectOf(properties)), JSON.stringify(properties)).toEqual({ property });
    }
  });

  it('names a required property the schema does not describe', () => {
    expect(schemaFormObstacle(objectOf({ a: text }, { required: ['a', 'b'] }))).toEqual({ property: 'b' });
  });

  it('is an obstacle past the content limits, never a long walk', () => {
    const many = Object.fromEntries(Array.from({ length: DEFAULT_CONTENT_LIMITS.maxFields + 1 }, (_, i) => [`p${i}`, text]));
    expect(schemaFormObstacle(objectOf(many))).toEqual({ property: undefined });
    const options = Array.from({ length: DEFAULT_CONTENT_LIMITS.maxOptions + 1 }, (_, i) => `o${i}`);
    expect(schemaFormObstacle(objectOf({ ok: text, pick: { type: 'string', enum: options } }))).toEqual({ property: 'pick' });
    expect(schemaFormObstacle(objectOf({ pick: { type: 'array', items: { type: 'string', enum: options } } }))).toEqual({
      property: 'pick',
    });
    expect(schemaFormObstacle(objectOf({ a: text }), { ...DEFAULT_CONTENT_LIMITS, maxFields: 0 })).toEqual({ property: undefined });
    let deep: unknown = text;
    for (let i = 0; i < 100_000; i += 1) deep = { items: deep };
    expect(schemaFormObstacle(objectOf({ deep }))).toEqual({ property: undefined });
  });

  it('never throws on an object that throws when read', () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no');
        },
      },
    );
    expect(schemaFormObstacle(hostile)).toEqual({ property: undefined });
    expect(schemaFormObstacle(objectOf({ a: hostile }))).toEqual({ property: undefined });
    expect(isFlatObjectSchema(hostile)).toBe(false);
  });
});

const option = fc.record({ const: fc.string(), title: fc.string() });
const options = fc.array(option, { minLength: 1, maxLength: 3 });
const values = fc.array(fc.string(), { minLength: 1, maxLength: 4 });
const some = { requiredKeys: ['type'] as ['type'] };
/** Every primitive of an elicitation schema, with the keywords it may have. */
const primitive = fc.oneof(
  fc.record(
    {
      type: fc.constant('string'),
      title: fc.string(),
      minLength: fc.nat(5),
      maxLength: fc.nat(50),
      format: fc.constantFrom('email', 'uri', 'date', 'date-time'),
      default: fc.string(),
    },
    some,
  ),
  fc.record({ type: fc.constantFrom('number', 'integer'), minimum: fc.integer(), maximum: fc.integer(), default: fc.double() }, some),
  fc.record({ type: fc.constant('boolean'), description: fc.string(), default: fc.boolean() }, some),
  fc.record(
    { type: fc.constant('string'), enum: values, enumNames: fc.array(fc.string()), default: fc.string() },
    { requiredKeys: ['type', 'enum'] },
  ),
  fc.record({ type: fc.constant('string'), oneOf: options, default: fc.string() }, { requiredKeys: ['type', 'oneOf'] }),
  fc.record(
    {
      type: fc.constant('array'),
      items: fc.oneof(fc.record({ type: fc.constant('string'), enum: values }), fc.record({ anyOf: options })),
      minItems: fc.nat(3),
      maxItems: fc.nat(3),
      default: fc.array(fc.string(), { maxLength: 3 }),
    },
    { requiredKeys: ['type', 'items'] },
  ),
);
/** A primitive with one keyword set to anything: both sides of every check. */
const mutated = fc
  .tuple(
    primitive,
    fc.constantFrom('type', 'enum', 'enumNames', 'oneOf', 'anyOf', 'items', 'minItems', 'format', 'minimum', 'title', 'default', '$ref'),
    fc.jsonValue(),
  )
  .map(([property, key, value]) => ({ ...property, [key]: value }));
const property = fc.oneof({ weight: 4, arbitrary: primitive }, { weight: 2, arbitrary: mutated }, { weight: 1, arbitrary: fc.jsonValue() });
const objectSchema = fc
  .dictionary(fc.constantFrom('a', 'b', 'c', '__proto__', 'constructor', 'toString'), property, { maxKeys: 4 })
  .chain((properties) =>
    fc.record(
      {
        type: fc.constant('object'),
        properties: fc.constant(properties),
        required: fc.subarray([...Object.keys(properties), 'z']),
        title: fc.string(),
      },
      { requiredKeys: ['type', 'properties'] },
    ),
  );
const schema = fc.oneof(
  { weight: 6, arbitrary: objectSchema },
  {
    weight: 1,
    arbitrary: fc.record(
      { type: fc.jsonValue(), properties: fc.jsonValue(), required: fc.jsonValue(), $defs: fc.jsonValue() },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.anything({ withNullPrototype: true, withObjectString: true }) },
);

describe('schemaFormObstacle (fast-check)', () => {
  it('never throws, agrees with isFlatObjectSchema, and a schema without obstacle builds a form of every property', () => {
    fc.assert(
      fc.property(schema, (input) => {
        const obstacle = schemaFormObstacle(input);
        expect(obstacle === undefined).toBe(isFlatObjectSchema(input));
        if (obstacle === undefined && isFlatObjectSchema(input)) {
          const form = buildSchemaForm(input, input);
          expect(form.model.fatal).toBe(false);
          expect(form.keys).toEqual(Object.keys(input.properties));
          const initial = form.model.fields.map((field) => field.initial);
          expect(() => schemaFormAnswer(form.model.fields, form.keys, initial)).not.toThrow();
        } else if (obstacle?.property !== undefined) {
          const { properties, required } = input as { properties: object; required: unknown };
          const named = [...Object.keys(properties), ...(Array.isArray(required) ? (required as unknown[]) : [])];
          expect(named).toContain(obstacle.property);
        }
      }),
      { numRuns: 1000, seed: 30 },
    );
  });
});

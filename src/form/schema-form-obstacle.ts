/**
 * Whether a JSON Schema can be a generated form, and if not, what is in the way: the one place
 * that decides which schemas get a form and which get the JSON editor, which checks the whole schema.
 */
import { isRecord } from '../utils';
import { DEFAULT_CONTENT_LIMITS, measureContent, type ContentLimits } from './content-limits';
import { schemaField } from './schema-field';

/** What keeps a schema from being a form: the first property in the way, or undefined when it is the schema itself. */
export interface SchemaFormObstacle {
  /** The property a form cannot edit (or a required one the schema does not describe); undefined for the whole schema. */
  readonly property: string | undefined;
}

const OBJECT_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'title',
  'description',
  'additionalProperties',
  '$schema',
  '$id',
  '$comment',
  'examples',
]);

const WHOLE_SCHEMA: SchemaFormObstacle = Object.freeze({ property: undefined });

/**
 * What keeps `schema` from being a generated form, or undefined when it is one: an object schema
 * whose properties are each a primitive, a single select or a multi select (every primitive of
 * MCP's elicitation schemas), within the content `limits` (default: `DEFAULT_CONTENT_LIMITS`).
 * The first property in the way (a nested object, an array of objects, a `$ref`, `anyOf`/`allOf`,
 * a keyword a form cannot enforce, more options than `maxOptions`, a required property it does
 * not describe) is named; a schema that is not an object schema of properties, has `$ref`, `$defs`
 * or another keyword at the top, or goes past the limits (size, depth, `maxFields`) names none.
 * Never throws, and costs at most the limits.
 */
export function schemaFormObstacle(schema: unknown, limits: ContentLimits = DEFAULT_CONTENT_LIMITS): SchemaFormObstacle | undefined {
  try {
    const measured = measureContent(schema, limits);
    if (measured.tooDeep || measured.tooLarge || measured.unreadable === true || !isRecord(schema)) return WHOLE_SCHEMA;
    if (schema.type !== undefined && schema.type !== 'object') return WHOLE_SCHEMA;
    if (Object.keys(schema).some((key) => !OBJECT_KEYWORDS.has(key))) return WHOLE_SCHEMA;
    const { properties, required } = schema;
    if (!isRecord(properties)) return WHOLE_SCHEMA;
    if (required !== undefined && !(Array.isArray(required) && required.every((name) => typeof name === 'string'))) return WHOLE_SCHEMA;
    const names = Object.keys(properties);
    if (names.length > limits.maxFields) return WHOLE_SCHEMA;
    const blocking = names.find((name) => schemaField(name, properties[name], false, limits) === undefined);
    if (blocking !== undefined) return { property: blocking };
    const undescribed = required?.find((name) => !Object.hasOwn(properties, name));
    return undescribed === undefined ? undefined : { property: undescribed };
  } catch {
    // Only exotic objects get here (a getter that throws the second time it is read): JSON cannot make them.
    return WHOLE_SCHEMA;
  }
}

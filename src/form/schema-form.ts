/**
 * Forms generated from a JSON Schema (a tool's parameters, an MCP elicitation's `requestedSchema`):
 * a flat object of primitive and choice properties gets a form instead of a JSON editor, answered
 * with the JSON object in the schema's types.
 */
import type { JsonSchema } from '../client';
import type { FormField, FormInputParameters } from '../schema';
import { answerValue } from './answer-value';
import { readFormModel } from './build-form-model';
import { coerceFieldValue } from './coerce-field-value';
import { DEFAULT_CONTENT_LIMITS, type ContentLimits } from './content-limits';
import type { FieldModel, FieldValue, FormModel } from './field-model';
import { localDateTime, utcDateTime } from './schema-date-time';
import { schemaField } from './schema-field';
import { schemaFormObstacle } from './schema-form-obstacle';

/** A JSON Schema `isFlatObjectSchema` accepted: an object whose properties are flat. */
export type FlatObjectSchema = JsonSchema & { properties: Record<string, Record<string, unknown>> };

/** A form generated from a flat object schema: the model, and which property each field edits. */
export interface SchemaForm {
  /** The form, as `readFormModel` reads it; fields carry the properties' `description` as `hint`. */
  model: FormModel;
  /** Property name of each field, by field index. */
  keys: string[];
}

/** The characters of an RFC 3986 URI. */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;

/**
 * Whether `schema` describes an object of primitive and choice properties a generated form can
 * edit within the content `limits` (default: `DEFAULT_CONTENT_LIMITS`): no `schemaFormObstacle`.
 */
export function isFlatObjectSchema(schema: unknown, limits: ContentLimits = DEFAULT_CONTENT_LIMITS): schema is FlatObjectSchema {
  return schemaFormObstacle(schema, limits) === undefined;
}

/** A string default as the field reads it: a `date-time` moved into the browser's zone. */
function defaultOf(property: Record<string, unknown>, suggested: unknown): FormField['defaultValue'] {
  if (typeof suggested === 'string') return property.format === 'date-time' ? localDateTime(suggested) : suggested;
  return typeof suggested === 'number' || typeof suggested === 'boolean' ? suggested : undefined;
}

/** What a field needs beyond `form_input`'s vocabulary: the hint, and a multi select's limits and array default. */
function refine(field: FieldModel, property: Record<string, unknown>, suggested: unknown): FieldModel {
  const refined: FieldModel = { ...field };
  if (typeof property.description === 'string' && property.description.trim() !== '') refined.hint = property.description;
  if (field.control !== 'checkbox-group') return refined;
  const minItems = property.minItems as number | undefined;
  const maxItems = property.maxItems as number | undefined;
  // As for contradicting lengths: neither applies, and the person is told.
  const conflicting = minItems !== undefined && maxItems !== undefined && minItems > maxItems;
  if (conflicting) {
    refined.notes = [...field.notes, { code: 'conflicting-limits' }];
    refined.required = false;
  }
  refined.minItems = conflicting ? undefined : minItems;
  refined.maxItems = conflicting ? undefined : maxItems;
  const initial = Array.isArray(suggested) ? coerceFieldValue(field, suggested) : undefined;
  if (initial !== undefined) refined.initial = initial;
  return refined;
}

/**
 * The form for a flat object schema, prefilled with the agent's parameters (or the schema's
 * defaults), labelled by `title` or the property name, with `description` as help text. `limits`
 * are those the model is read with (default: `DEFAULT_CONTENT_LIMITS`), the ones the schema was checked against.
 */
export function buildSchemaForm(
  schema: FlatObjectSchema,
  parameters: Record<string, unknown>,
  limits: ContentLimits = DEFAULT_CONTENT_LIMITS,
): SchemaForm {
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const keys = Object.keys(schema.properties);
  const properties = keys.map((key) => schema.properties[key] ?? {});
  const suggested = keys.map((key, index) => (Object.hasOwn(parameters, key) ? parameters[key] : properties[index]?.default));
  const fields = keys.map((key, index): FormField => {
    // Never undefined for a schema `isFlatObjectSchema` accepted; a plain text field otherwise.
    const field = schemaField(key, properties[index], required.has(key), limits) ?? { type: 'text', label: key };
    const defaultValue = defaultOf(properties[index] ?? {}, suggested[index]);
    return defaultValue === undefined ? field : { ...field, defaultValue };
  });
  const form: FormInputParameters = {
    fields,
    ...(typeof schema.title === 'string' ? { heading: schema.title } : {}),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
  };
  // Built here from a schema `schemaFormObstacle` accepted: well-formed and within the limits already.
  const model = readFormModel(form, limits);
  model.fields = model.fields.map((field) => refine(field, properties[field.index] ?? {}, suggested[field.index]));
  return { model, keys };
}

/** A URI as the person typed it, or, when it has characters a URI cannot hold (a space, an "é"), as the browser would send it. */
function uriOf(text: string): string {
  if (URI_CHARACTERS.test(text)) return text;
  try {
    return new URL(text).href;
  } catch {
    return text;
  }
}

/**
 * The object a generated form answers with, in the schema's types: an integer as a number, a
 * multi select as the array of chosen values, a `date-time` as an RFC 3339 time in UTC. Empty
 * optional values are left out rather than sent as `''` or `null`, which the schema's types would refuse.
 */
export function schemaFormAnswer(
  fields: readonly FieldModel[],
  keys: readonly string[],
  values: readonly FieldValue[],
): Record<string, unknown> {
  // No prototype: a property named "__proto__" stays an ordinary key.
  const answer: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const field of fields) {
    const key = keys[field.index];
    if (key === undefined) continue;
    let value: unknown = answerValue(field, values[field.index] ?? field.initial);
    if (typeof value === 'string' && value !== '' && field.kind === 'datetime-local') value = utcDateTime(value) ?? null;
    if (typeof value === 'string' && field.kind === 'url') value = uriOf(value);
    if (value === null || (value === '' && !field.required)) continue;
    answer[key] = value;
  }
  return answer;
}

/**
 * Forms generated from a tool's JSON Schema: a tool whose parameters are a flat object of
 * primitive properties gets a form instead of a JSON editor, answered with the JSON object.
 */
import type { JsonSchema } from '../client';
import type { FormField, FormInputParameters } from '../schema';
import { isRecord } from '../utils';
import { answerValue } from './answer-value';
import { buildFormModel } from './build-form-model';
import { compilePattern } from './compile-pattern';
import type { FieldModel, FieldValue, FormModel } from './field-model';

/** A JSON Schema `isFlatObjectSchema` accepted: an object whose properties are flat. */
export type FlatObjectSchema = JsonSchema & { properties: Record<string, Record<string, unknown>> };

/** A form generated from a flat object schema: the model, and which property each field edits. */
export interface SchemaForm {
  /** The form, as `buildFormModel` reads it; fields carry the properties' `description` as `hint`. */
  model: FormModel;
  /** Property name of each field, by field index. */
  keys: string[];
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
const PROPERTY_KEYWORDS = new Set([
  'type',
  'title',
  'description',
  'enum',
  'default',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'examples',
  '$comment',
  'readOnly',
  'deprecated',
]);
const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);
/** A Map, not an object literal: a format named "constructor" must find nothing, not Object.prototype's. */
const FORMAT_KINDS = new Map<string, FormField['type']>([
  ['email', 'email'],
  ['uri', 'url'],
  ['url', 'url'],
  ['date', 'date'],
]);

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * A flat property: one primitive `type` (string, number, integer, boolean) or an `enum` of strings
 * and numbers, with no keyword a form could not enforce. Anything else goes to the JSON editor,
 * which checks the whole schema.
 */
function isFlatProperty(schema: unknown): schema is Record<string, unknown> {
  if (!isRecord(schema)) return false;
  if (Object.keys(schema).some((key) => !PROPERTY_KEYWORDS.has(key))) return false;
  if (schema.enum !== undefined) {
    if (!Array.isArray(schema.enum) || schema.enum.length === 0) return false;
    if (!schema.enum.every((value) => typeof value === 'string' || isNumber(value))) return false;
    return schema.type === undefined || schema.type === 'string' || schema.type === 'number' || schema.type === 'integer';
  }
  if (typeof schema.type !== 'string' || !PRIMITIVE_TYPES.has(schema.type)) return false;
  for (const key of ['minimum', 'maximum', 'minLength', 'maxLength'] as const) {
    if (schema[key] !== undefined && !isNumber(schema[key])) return false;
  }
  for (const key of ['pattern', 'format', 'title', 'description'] as const) {
    if (schema[key] !== undefined && typeof schema[key] !== 'string') return false;
  }
  return true;
}

/** Whether `schema` describes an object of primitive properties a generated form can edit. */
export function isFlatObjectSchema(schema: unknown): schema is FlatObjectSchema {
  if (!isRecord(schema)) return false;
  if (schema.type !== undefined && schema.type !== 'object') return false;
  if (Object.keys(schema).some((key) => !OBJECT_KEYWORDS.has(key))) return false;
  if (schema.required !== undefined && !(Array.isArray(schema.required) && schema.required.every((name) => typeof name === 'string')))
    return false;
  if (!isRecord(schema.properties) || Object.keys(schema.properties).length === 0) return false;
  return Object.values(schema.properties).every(isFlatProperty);
}

function fieldOf(name: string, property: Record<string, unknown>, required: boolean, agentValue: unknown): FormField {
  const label = typeof property.title === 'string' && property.title.trim() !== '' ? property.title : name;
  const suggested = agentValue !== undefined ? agentValue : property.default;
  const defaultValue =
    typeof suggested === 'string' || typeof suggested === 'number' || typeof suggested === 'boolean' ? suggested : undefined;
  const common: FormField = {
    type: 'text',
    label,
    ...(defaultValue === undefined ? {} : { defaultValue }),
    ...(property.readOnly === true ? { readonly: true } : {}),
  };
  if (Array.isArray(property.enum)) {
    const options = (property.enum as Array<string | number>).map((value) => ({ label: String(value), value }));
    return { ...common, type: 'select', options, required };
  }
  switch (property.type) {
    case 'boolean':
      // JSON Schema's "required" asks for the property, which a checkbox always gives; it does not ask for `true`.
      return { ...common, type: 'checkbox' };
    case 'number':
    case 'integer': {
      const integer = property.type === 'integer';
      const minimum = property.minimum as number | undefined;
      const maximum = property.maximum as number | undefined;
      return {
        ...common,
        type: 'number',
        required,
        ...(minimum === undefined ? {} : { min: integer ? Math.ceil(minimum) : minimum }),
        ...(maximum === undefined ? {} : { max: integer ? Math.floor(maximum) : maximum }),
        ...(integer ? { step: 1 } : {}),
      };
    }
    default: {
      const pattern = property.pattern as string | undefined;
      return {
        ...common,
        type: FORMAT_KINDS.get(String(property.format)) ?? 'text',
        required,
        ...(property.minLength === undefined ? {} : { minLength: property.minLength as number }),
        ...(property.maxLength === undefined ? {} : { maxLength: property.maxLength as number }),
        // JSON Schema patterns search; the form's match the whole value. A pattern that does not
        // compile on its own goes unwrapped, so the form notes and ignores it (the wrapping could
        // make it compile: "a)(b" inside "(?:…)" does).
        ...(pattern === undefined ? {} : { pattern: compilePattern(pattern) ? `[\\s\\S]*(?:${pattern})[\\s\\S]*` : pattern }),
      };
    }
  }
}

/**
 * The form for a flat object schema, prefilled with the agent's parameters (or the schema's
 * defaults), labelled by `title` or the property name, with `description` as help text.
 */
export function buildSchemaForm(schema: FlatObjectSchema, parameters: Record<string, unknown>): SchemaForm {
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const keys = Object.keys(schema.properties);
  const fields = keys.map((key) =>
    fieldOf(key, schema.properties[key] ?? {}, required.has(key), Object.hasOwn(parameters, key) ? parameters[key] : undefined),
  );
  const form: FormInputParameters = {
    fields,
    ...(typeof schema.title === 'string' ? { heading: schema.title } : {}),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
  };
  const model = buildFormModel(form);
  model.fields = model.fields.map((field, index) => {
    const description = schema.properties[keys[index] ?? '']?.description;
    return typeof description === 'string' && description.trim() !== '' ? { ...field, hint: description } : field;
  });
  return { model, keys };
}

/**
 * The object a generated form answers with. Empty optional values are left out rather than sent
 * as `''` or `null`, which the schema's types would refuse.
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
    const value = answerValue(field, values[field.index] ?? field.initial);
    if (value === null || (value === '' && !field.required)) continue;
    answer[key] = value;
  }
  return answer;
}

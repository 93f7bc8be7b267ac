/**
 * One property of a JSON Schema object as the field of a generated form: the one place that both
 * decides whether a form can edit a property (`schemaFormObstacle`) and reads it into a field
 * (`buildSchemaForm`), so the two cannot disagree.
 */
import type { FormField } from '../schema';
import { isRecord } from '../utils';
import { compilePattern } from './compile-pattern';
import type { ContentLimits } from './content-limits';
import { schemaChoices } from './schema-choices';
import { LATEST_DATE, LATEST_DATE_TIME } from './schema-date-time';

/** Keywords every property may carry: a form shows them or has nothing to enforce for them. */
const COMMON_KEYWORDS = 'type title description default examples $comment readOnly deprecated';
const PRIMITIVE_KEYWORDS = `${COMMON_KEYWORDS} minimum maximum minLength maxLength pattern format`;
const keywords = (list: string) => new Set(list.split(' '));
const PRIMITIVE = keywords(PRIMITIVE_KEYWORDS);
// A select's options are what the schema allows: limits beside them do not take anything away.
const SINGLE_SELECT = keywords(`${PRIMITIVE_KEYWORDS} enum oneOf enumNames`);
const MULTI_SELECT = keywords(`${COMMON_KEYWORDS} items minItems maxItems uniqueItems`);

/** A Map, not an object literal: a format named "constructor" must find nothing, not Object.prototype's. */
const FORMAT_KINDS = new Map<unknown, FormField['type']>([
  ['email', 'email'],
  ['uri', 'url'],
  ['url', 'url'],
  ['date', 'date'],
  ['date-time', 'datetime-local'],
]);

/**
 * JSON Schema's `email` as the MCP SDK's validator (ajv-formats) checks it, stricter than HTML's
 * (a dot in the domain, none at either end of the local part), so a form never sends one it refuses.
 */
const SCHEMA_EMAIL = String.raw`[a-zA-Z0-9!#$%&'*+\/=?\^_\x60\{\|\}~\-]+(?:\.[a-zA-Z0-9!#$%&'*+\/=?\^_\x60\{\|\}~\-]+)*@(?:[a-zA-Z0-9](?:[a-zA-Z0-9\-]*[a-zA-Z0-9])?\.)+[a-zA-Z0-9](?:[a-zA-Z0-9\-]*[a-zA-Z0-9])?`;

const isOptional = (value: unknown, type: 'string' | 'boolean') => value === undefined || typeof value === type;
const isNumber = (value: unknown) => value === undefined || (typeof value === 'number' && Number.isFinite(value));
const isCount = (value: unknown) => value === undefined || (Number.isInteger(value) && (value as number) >= 0);

/**
 * The field of property `name`, or undefined when a form cannot edit it. A form can edit one
 * primitive `type` (string, number, integer, boolean) with limits a field enforces, a single
 * select (`enum`, `oneOf` of consts, `enumNames`) or a multi select (`type: 'array'` of such
 * items, `minItems`, `maxItems`) of at most `limits.maxOptions`, with no other keyword. Labelled
 * by `title` (else the name); its default is not read here.
 */
export function schemaField(name: string, property: unknown, required: boolean, limits: ContentLimits): FormField | undefined {
  if (!isRecord(property) || !isOptional(property.title, 'string') || !isOptional(property.description, 'string')) return undefined;
  const choices = schemaChoices(property);
  if (choices === null) return undefined;
  const allowed = choices === undefined ? PRIMITIVE : choices.multiple ? MULTI_SELECT : SINGLE_SELECT;
  if (Object.keys(property).some((key) => !allowed.has(key))) return undefined;
  const { type, title, minimum, maximum, minLength, maxLength, pattern } = property;
  const common = {
    label: typeof title === 'string' && title.trim() !== '' ? title : name,
    ...(property.readOnly === true ? { readonly: true } : {}),
  };
  if (choices) {
    const { multiple, options } = choices;
    if (options.length > limits.maxOptions) return undefined;
    if (!multiple) return { ...common, type: 'select', options, required };
    if (!isCount(property.minItems) || !isCount(property.maxItems) || !isOptional(property.uniqueItems, 'boolean')) return undefined;
    // A multi select's array is always answered (none chosen is []), so only minItems asks for a choice.
    return { ...common, type: 'checkbox', options, required: Number(property.minItems) >= 1 };
  }
  if (![minimum, maximum, minLength, maxLength].every(isNumber) || !isOptional(pattern, 'string') || !isOptional(property.format, 'string'))
    return undefined;
  if (type === 'boolean') {
    // JSON Schema's "required" asks for the property, which a checkbox always gives; it does not ask for `true`.
    return { ...common, type: 'checkbox' };
  }
  if (type === 'number' || type === 'integer') {
    const integer = type === 'integer';
    return {
      ...common,
      type: 'number',
      required,
      ...(minimum === undefined ? {} : { min: integer ? Math.ceil(minimum as number) : (minimum as number) }),
      ...(maximum === undefined ? {} : { max: integer ? Math.floor(maximum as number) : (maximum as number) }),
      ...(integer ? { step: 1 } : {}),
    };
  }
  if (type !== 'string') return undefined;
  const kind = FORMAT_KINDS.get(property.format) ?? 'text';
  const own = pattern as string | undefined;
  // JSON Schema patterns search; the form's match the whole value. A pattern that does not
  // compile on its own goes unwrapped, so the form notes and ignores it (the wrapping could
  // make it compile: "a)(b" inside "(?:…)" does).
  const whole =
    own === undefined ? (kind === 'email' ? SCHEMA_EMAIL : undefined) : compilePattern(own) ? `[\\s\\S]*(?:${own})[\\s\\S]*` : own;
  const latest = kind === 'date' ? LATEST_DATE : kind === 'datetime-local' ? LATEST_DATE_TIME : undefined;
  return {
    ...common,
    type: kind,
    required,
    ...(minLength === undefined ? {} : { minLength: minLength as number }),
    ...(maxLength === undefined ? {} : { maxLength: maxLength as number }),
    ...(whole === undefined ? {} : { pattern: whole }),
    ...(latest === undefined ? {} : { max: latest }),
  };
}

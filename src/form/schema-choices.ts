/**
 * The choices a JSON Schema property offers, in the shapes MCP's elicitation schemas use: a single
 * select (`enum`, labelled by the legacy `enumNames` by position, or `oneOf` of `{ const, title }`)
 * and a multi select (`type: 'array'` whose `items` is an `enum`, or `anyOf` of `{ const, title }`).
 */
import type { FormFieldOption } from '../schema';
import { isRecord } from '../utils';

/** What a property offers to choose from. */
export interface SchemaChoices {
  /** Several may be chosen: the property is an array of the options' values. */
  readonly multiple: boolean;
  /** In the schema's order; values keep their JSON type. */
  readonly options: FormFieldOption[];
}

const CONST_KEYWORDS = new Set(['const', 'title', 'description', '$comment']);
const ITEMS_KEYWORDS = new Set(['type', 'enum', 'anyOf', 'oneOf', 'title', 'description', '$comment']);

/** Whether `value` is of the JSON Schema `type` (any string or number without one), as an option value. */
function fitsType(value: unknown, type: unknown): value is string | number {
  if (typeof value === 'string') return type === undefined || type === 'string';
  return Number.isFinite(value) && (type === undefined || type === 'number' || (type === 'integer' && Number.isInteger(value)));
}

/** The options of a list of `{ const, title }`; null when malformed or empty. */
function constOptions(list: unknown, type: unknown): FormFieldOption[] | null {
  if (!Array.isArray(list) || list.length === 0) return null;
  const options: FormFieldOption[] = [];
  for (const entry of list) {
    if (!isRecord(entry) || Object.keys(entry).some((key) => !CONST_KEYWORDS.has(key))) return null;
    if (!fitsType(entry.const, type) || (entry.title !== undefined && typeof entry.title !== 'string')) return null;
    options.push({
      label: typeof entry.title === 'string' && entry.title.trim() !== '' ? entry.title : String(entry.const),
      value: entry.const,
    });
  }
  return options;
}

/** The options of an `enum`, labelled by `names` by position (else by value); null when malformed or empty. */
function enumOptions(values: unknown, type: unknown, names: unknown): FormFieldOption[] | null {
  if (!Array.isArray(values) || (names !== undefined && !(Array.isArray(names) && names.every((name) => typeof name === 'string'))))
    return null;
  // As `{ const, title }` entries, checked as those are.
  return constOptions(
    values.map((value: unknown, index) => ({ const: value, title: names?.[index] })),
    type,
  );
}

/**
 * The choices `property` offers; undefined when it offers none (a plain primitive), null when it
 * has the keywords of a choice but they do not make one a form can offer.
 */
export function schemaChoices(property: Record<string, unknown>): SchemaChoices | null | undefined {
  const multiple = property.type === 'array';
  const source = multiple ? property.items : property;
  if (!isRecord(source) || (multiple && Object.keys(source).some((key) => !ITEMS_KEYWORDS.has(key)))) return null;
  // An array's items may list their values in `anyOf` too; `enumNames` labels an `enum` only.
  const { enum: values, oneOf, enumNames, type } = source;
  const lists = [values, oneOf, multiple ? source.anyOf : undefined].filter((list) => list !== undefined);
  if (lists.length === 0) return multiple || enumNames !== undefined ? null : undefined;
  if (lists.length > 1 || (enumNames !== undefined && values === undefined)) return null;
  const options = values === undefined ? constOptions(lists[0], type) : enumOptions(values, type, enumNames);
  return options === null ? null : { multiple, options };
}

// Types only: the ajv module itself is imported on demand below.
import type { default as Ajv, ErrorObject } from 'ajv';
import type { JsonSchema } from '../../client';

/** One schema violation: where (a JSON Pointer, `''` for the whole value) and ajv's wording. */
interface JsonSchemaViolation {
  /** Where: a JSON Pointer into the answer, `''` for the whole value. */
  path: string;
  /** What: ajv's English wording ("must be string"). */
  message: string;
}

/** The outcome of preparing a validator for a tool's schema. */
export type JsonSchemaValidatorLoad =
  | { status: 'ready'; validate: (value: unknown) => JsonSchemaViolation[] }
  /**
   * Only JSON syntax can be checked: `csp`, the page forbids `unsafe-eval` (ajv compiles schemas
   * to code); `schema`, ajv could not compile the schema; `load`, the ajv chunk did not load.
   */
  | { status: 'unavailable'; reason: 'csp' | 'schema' | 'load' };

function isCspError(error: unknown): boolean {
  if (error instanceof EvalError) return true;
  const text = error instanceof Error ? error.message : String(error);
  return /unsafe-eval|content security policy|code generation from strings/i.test(text);
}

function violations(errors: ErrorObject[] | null | undefined): JsonSchemaViolation[] {
  return (errors ?? []).map((error) => ({ path: error.instancePath, message: error.message ?? 'is not valid' }));
}

/**
 * Compiles a validator for a tool's JSON Schema with ajv, imported here on demand: ajv's
 * compiler is large and uses `new Function`, so it is loaded only when a tool with a schema
 * the generated forms cannot cover appears, and never for `form_input`.
 */
export async function loadJsonSchemaValidator(schema: JsonSchema): Promise<JsonSchemaValidatorLoad> {
  let AjvClass: typeof Ajv;
  try {
    AjvClass = (await import('ajv')).default;
  } catch {
    return { status: 'unavailable', reason: 'load' };
  }
  try {
    // Any draft's `$schema` would make ajv look up a meta-schema it may not have; the keywords
    // agents use mean the same in every draft.
    const { $schema: _ignored, ...rest } = schema;
    const ajv = new AjvClass({ allErrors: true, strict: false, logger: false });
    const validate = ajv.compile(rest);
    return {
      status: 'ready',
      validate: (value) => (validate(value) ? [] : violations(validate.errors)),
    };
  } catch (error) {
    return { status: 'unavailable', reason: isCspError(error) ? 'csp' : 'schema' };
  }
}

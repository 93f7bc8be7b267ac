import { useCallback, useEffect, useRef, useState } from 'react';
import type { JsonSchema } from '../../client';
import type { PromptMessages } from '../../messages';
import { loadJsonSchemaValidator, type JsonSchemaValidatorLoad } from './load-json-schema-validator';

/** What a check of the text found: the parsed value, or the errors to show. */
type JsonChecked = { ok: true; value: unknown } | { ok: false; errors: string[] };

interface JsonCheck {
  /** The errors shown under the text area; null while there are none. */
  readonly errors: string[] | null;
  /** The schema's validator once loaded, `loading` meanwhile, null without a schema. */
  readonly validator: JsonSchemaValidatorLoad | 'loading' | null;
  /**
   * Parses `value`, checks it against the schema when ajv could compile it, and shows the errors.
   * Resolves undefined when a later check overtook this one or the editor went away.
   */
  readonly check: (value: string) => Promise<JsonChecked | undefined>;
  /** False once the editor is gone. */
  readonly isMounted: () => boolean;
}

/** The agent's value as the text to edit. */
export function prettyPrint(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? '';
  } catch {
    return '';
  }
}

/**
 * The checking behind the JSON editors (a tool-call answer, edited approval arguments): the
 * validator loads when the editor opens, so a note about an unusable schema shows before the
 * person submits; only the latest check's outcome is shown.
 */
export function useJsonCheck(schema: JsonSchema | undefined, messages: Pick<PromptMessages, 'invalidJson' | 'schemaViolation'>): JsonCheck {
  const [errors, setErrors] = useState<string[] | null>(null);
  const [validator, setValidator] = useState<JsonSchemaValidatorLoad | 'loading' | null>(schema ? 'loading' : null);
  const loader = useRef<Promise<JsonSchemaValidatorLoad> | null>(null);
  const sequence = useRef(0);
  const mounted = useRef(true);

  const load = useCallback((): Promise<JsonSchemaValidatorLoad> | null => {
    if (!schema) return null;
    loader.current ??= loadJsonSchemaValidator(schema);
    return loader.current;
  }, [schema]);

  useEffect(() => {
    mounted.current = true;
    void load()?.then((result) => mounted.current && setValidator(result));
    return () => {
      mounted.current = false;
    };
  }, [load]);

  const parseAndValidate = async (value: string): Promise<JsonChecked> => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch (error) {
      return { ok: false, errors: [messages.invalidJson({ detail: error instanceof Error ? error.message : String(error) })] };
    }
    const result = await load();
    if (result?.status === 'ready') {
      const violations = result.validate(parsed);
      if (violations.length > 0) return { ok: false, errors: violations.map((violation) => messages.schemaViolation(violation)) };
    }
    return { ok: true, value: parsed };
  };

  return {
    errors,
    validator,
    check: async (value) => {
      const own = ++sequence.current;
      const outcome = await parseAndValidate(value);
      if (own !== sequence.current || !mounted.current) return undefined;
      setErrors(outcome.ok ? null : outcome.errors);
      return outcome;
    },
    isMounted: () => mounted.current,
  };
}

/** The errors under a JSON editor's text area: one as text, more as a list. */
export function JsonErrors({ id, errors }: { id: string; errors: readonly string[] }) {
  return (
    <div className="hitl-field-error" id={id}>
      {errors.length === 1 ? (
        errors[0]
      ) : (
        <ul>
          {errors.map((error, index) => (
            <li key={index}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

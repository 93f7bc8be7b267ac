import { useMemo, useState } from 'react';
import type { JsonSchema } from '../../client';
import { resolveContentLimits, schemaFormObstacle } from '../../form';
import { useMessageGroup } from '../../hooks';
import { enFormMessages, enPromptMessages, enRequestMessages } from '../../messages';
import { isRecord } from '../../utils';
import { JsonEditor } from '../tool-call-prompt';
import type { RequestFormProps } from './request-form-props';

/** Props of `SchemaJsonAnswer`, the part of `<HumanRequestPrompt>` loaded for a schema no form can render. */
interface SchemaJsonAnswerProps extends RequestFormProps {
  /** The request's schema (untrusted), which `isFlatObjectSchema` refused. */
  schema: JsonSchema;
  /** Receives the parsed object; a promise keeps the editor busy, a rejection returns it to editing. */
  onSubmit: (content: Record<string, unknown>) => void | Promise<void>;
}

/** More than any schema a person would answer by hand: past it, the schema is not searched and no draft is kept. */
const MAX_NODES = 10_000;

/**
 * Whether the schema has a secret anywhere (`format: 'password'`, `writeOnly`), or is too large to
 * tell: the JSON text then holds it, and is never kept as a draft.
 */
function mayHoldSecret(schema: unknown): boolean {
  const stack: unknown[] = [schema];
  for (let seen = 0; stack.length > 0; seen++) {
    if (seen > MAX_NODES) return true;
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...(node as unknown[]));
    else if (isRecord(node)) {
      if (node.format === 'password' || node.writeOnly === true) return true;
      stack.push(...Object.values(node));
    }
  }
  return false;
}

/**
 * A schema no generated form can render (a nested object, a `$ref`, a keyword a field cannot
 * enforce): a note saying why, and the JSON editor of `<ToolCallPrompt>`, checked against the
 * schema with ajv (loaded on demand) when the page allows it, whose value is the answer's `content`.
 * The text is kept as a draft unless the schema has a secret.
 */
export function SchemaJsonAnswer({ prompt, title, draft, disabled, headingLevel, id, schema, onSubmit }: SchemaJsonAnswerProps) {
  const messages = useMessageGroup('request', enRequestMessages, prompt.messages);
  const form = useMessageGroup('form', enFormMessages, prompt.messages);
  const editorPrompt = useMessageGroup('prompt', enPromptMessages, prompt.messages);
  const [heading] = useState(() =>
    typeof schema.title === 'string' && schema.title.trim() !== '' ? schema.title : (title ?? messages.formHeading()),
  );
  const editorMessages = useMemo(() => ({ ...form, ...editorPrompt, promptHeading: () => heading }), [form, editorPrompt, heading]);
  const [keepsDraft] = useState(() => !mayHoldSecret(schema));
  // The answer is an object: a schema that does not say so is checked as one.
  const [checked] = useState<JsonSchema>(() => (schema.type === undefined ? { ...schema, type: 'object' } : schema));
  const [note] = useState(() =>
    messages.schemaFallback({ property: schemaFormObstacle(schema, resolveContentLimits(prompt.limits))?.property }),
  );
  return (
    <div className="hitl-request-json">
      <p className="hitl-request-note">
        <bdi>{note}</bdi>
      </p>
      <JsonEditor
        toolName=""
        schema={checked}
        parameters={{}}
        defaultText={keepsDraft && typeof draft.initial === 'string' ? draft.initial : undefined}
        onTextChange={keepsDraft ? draft.save : undefined}
        messages={editorMessages}
        disabled={disabled}
        agentNotice={prompt.agentNotice}
        headingLevel={headingLevel}
        idBase={`${id}-json`}
        formId={undefined}
        formRef={undefined}
        className={undefined}
        // Normalised JSON that passed the check; anything but an object (where ajv could not check) is refused, the text kept.
        onSubmit={(input) => {
          const value: unknown = JSON.parse(input);
          return isRecord(value) ? onSubmit(value) : Promise.reject(new TypeError('The answer must be a JSON object.'));
        }}
      />
    </div>
  );
}

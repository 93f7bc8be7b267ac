import { pointerSegments } from '../schema';

/** The texts `<ToolCallPrompt>` writes beside those of its forms (`FormMessages`): those of its generated forms and JSON editor. */
export interface PromptMessages {
  /** Heading of a generated form or JSON editor. Default: the schema's `title`, else the tool name. */
  promptHeading(context: { toolName: string; title: string | undefined }): string;
  /** Label of the JSON editor. Default: "Answer (JSON)". */
  jsonEditorLabel(context: { toolName: string }): string;
  /** The editor's text is not JSON. `detail` is the parser's message. Default: "Must be valid JSON: <detail>". */
  invalidJson(context: { detail: string }): string;
  /**
   * One way the editor's JSON breaks the tool's schema. `path` is a JSON Pointer (`''` for the
   * whole value), `message` ajv's English wording. Default: '"city" must be string'.
   */
  schemaViolation(context: { path: string; message: string }): string;
  /** Note when no schema is known for the tool. Default: "No schema is known for this tool, so only JSON syntax is checked." */
  noSchemaNote(context: { toolName: string }): string;
  /** Note when the schema cannot be used (see `JsonSchemaValidatorLoad`). Default: a sentence per reason, ending "so only JSON syntax is checked." */
  validatorUnavailableNote(context: { reason: 'csp' | 'schema' | 'load' }): string;
}

/** The English `PromptMessages`. */
export const enPromptMessages: PromptMessages = {
  promptHeading: ({ toolName, title }) => title ?? toolName,
  jsonEditorLabel: () => 'Answer (JSON)',
  invalidJson: ({ detail }) => `Must be valid JSON: ${detail}`,
  schemaViolation: ({ path, message }) => (path === '' ? `The answer ${message}` : `"${pointerSegments(path).join('.')}" ${message}`),
  noSchemaNote: () => 'No schema is known for this tool, so only JSON syntax is checked.',
  validatorUnavailableNote: ({ reason }) =>
    reason === 'csp'
      ? "This page's security policy does not allow checking the answer against the tool's schema, so only JSON syntax is checked."
      : reason === 'schema'
        ? "The tool's schema could not be used, so only JSON syntax is checked."
        : 'The schema checker could not be loaded, so only JSON syntax is checked.',
};

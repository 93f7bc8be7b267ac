export { ToolCallPrompt } from './tool-call-prompt';
// For the run components, which leave a custom renderer unframed; not in the package's public barrel.
export { customRenderer } from './tool-call-prompt';
export type { ToolCallPromptProps, ToolRendererProps, ToolRenderers } from './tool-call-prompt';
export type { ToolCallPromptMessages } from './messages';
// For the approval family's editor only; not in the package's public barrel.
export { JsonErrors, prettyPrint, useJsonCheck } from './use-json-check';
// For the JSON answer of a request whose schema no form can render; not in the package's public barrel.
export { JsonEditor } from './json-editor';

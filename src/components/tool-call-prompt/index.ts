export { ToolCallPrompt } from './tool-call-prompt';
export type { ToolCallPromptProps, ToolRendererProps } from './tool-call-prompt';
export { defaultToolCallPromptMessages } from './messages';
export type { ToolCallPromptMessages } from './messages';

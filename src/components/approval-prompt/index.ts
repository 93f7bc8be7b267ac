export { ApprovalPrompt, type ApprovalPromptProps, type ApprovalPromptState } from './approval-prompt';
export { createApprovalRenderer, type ApprovalRendererOptions } from './create-approval-renderer';
export { defaultApprovalAnswer, type ApprovalAnswer, type ApprovalDecision } from './approval-decision';
export type { ApprovalMessages, ApprovalPromptMessages } from './messages';
// Internal pieces, which `<HumanRequestPrompt>`'s approvals share; not exported from the package.
export { ApprovalArguments } from './approval-arguments';
export { ApprovalEditor } from './approval-editor';
export { ApprovalTextField } from './approval-text-field';
export { useSingleAnswer } from './use-single-answer';

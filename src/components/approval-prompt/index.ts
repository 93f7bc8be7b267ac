export { ApprovalPrompt, type ApprovalPromptProps, type ApprovalPromptState } from './approval-prompt';
export { createApprovalRenderer, type ApprovalRendererOptions } from './create-approval-renderer';
export { defaultApprovalAnswer, type ApprovalAnswer, type ApprovalDecision } from './approval-decision';
export { defaultApprovalMessages, type ApprovalMessages, type ApprovalPromptMessages } from './messages';

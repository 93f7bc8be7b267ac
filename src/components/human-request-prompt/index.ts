export { HumanRequestPrompt, type HumanRequestPromptProps, type HumanRequestPromptState } from './human-request-prompt';
export type { HumanRequestPromptMessages } from './messages';
export type { ControlState } from './control-request';
export type { ControlLeaseTarget } from './control-lease';
export { TimeLeft } from './time-left';
export { watchDeadline } from './deadline';

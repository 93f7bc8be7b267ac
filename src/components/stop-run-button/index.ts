export { StopRunButton } from './stop-run-button';
export type { StopRunButtonProps, StopRunButtonState } from './stop-run-button';
export { defaultStopRunButtonMessages } from './messages';
export type { StopRunButtonMessages } from './messages';

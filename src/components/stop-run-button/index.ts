export { StopRunButton } from './stop-run-button';
export type { StopRunButtonProps, StopRunButtonState } from './stop-run-button';
export type { StopRunButtonMessages } from './messages';

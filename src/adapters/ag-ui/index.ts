/**
 * `hitl-react/ag-ui`: an AG-UI `Interrupt` (a run that finished with an interrupt outcome) as a
 * `HumanRequest`, and the person's answer as the `ResumeEntry` the next run carries in
 * `resume`. No import of `@ag-ui/core` or `@ag-ui/client`.
 */
export { fromAgUiInterrupt } from './from-ag-ui-interrupt';
export type { AgUiMessageToolCall, AgUiToolCallInfo, FromAgUiInterruptOptions } from './from-ag-ui-interrupt';
export type { AgUiInterrupt } from './interrupt-shape';
export { toResumeEntry } from './to-resume-entry';
export type { AgUiResumeEntry } from './to-resume-entry';

/**
 * Every text the library writes itself, as typed functions (so a translation can reorder words and
 * choose plural forms), grouped by the part that writes them, with the English defaults. Locales
 * (`hitl-react/locales/de`, …) are objects of the same shape.
 */
export { enApprovalMessages, type ApprovalMessages } from './approval-messages';
export { enControlMessages, type ControlMessages } from './control-messages';
export { enFormMessages, type FieldMessageContext, type FormMessages } from './form-messages';
export {
  countPlural,
  dateTimeFormat,
  formatByteSize,
  formatDateTime,
  formatDuration,
  formatExactNumber,
  formatNumber,
  numberFormat,
  type PluralForms,
} from './format';
export { type InboxMessages } from './inbox-messages';
export { enLiveViewMessages, type LiveViewMessages } from './live-view-messages';
export { en, mergeMessages, type MessageGroup, type Messages, type PartialMessages } from './messages';
export type { PagedListMessages } from './paged-list-messages';
export { enPromptMessages, type PromptMessages } from './prompt-messages';
export { enRequestMessages, enRequestPromptMessages, type RequestMessages, type RequestPromptMessages } from './request-messages';
export { enRunGifMessages, type RunGifMessages } from './run-gif-messages';
export { enRunListMessages, type RunListMessages } from './run-list-messages';
export { enDataTableMessages, enRunResultViewMessages, type DataTableMessages, type RunResultViewMessages } from './run-result-messages';
export { enRunStatusBadgeMessages, type RunStatusBadgeMessages } from './run-status-badge-messages';
export { enRunViewerMessages, type RunViewerMessages } from './run-viewer-messages';
export { enStopRunButtonMessages, type StopRunButtonMessages } from './stop-run-button-messages';
export { enAuditTrailMessages, type AuditTrailMessages } from './audit-trail-messages';
export { enTaskListMessages, type TaskListMessages } from './task-list-messages';
export { enErrorMessages, type ErrorMessages } from './error-messages';
export { EN_SOURCE_NAMES, sourceName, type SourceNames } from './source-names';

/**
 * `hitl-react`: every public name, listed by name. Nothing else of `src/` is public; a test
 * snapshots this list (test/node/public-exports.test.ts), so a change here is a deliberate one.
 */

// Client: the typed client of the task service.
export {
  classifyRunStatus,
  createTaskClient,
  DEFAULT_NON_TERMINAL_RUN_STATUSES,
  DEFAULT_TERMINAL_RUN_STATUSES,
  isTaskApiError,
  isTerminalRunStatus,
  MAX_PAGE_LIMIT,
  TaskApiError,
} from './client';
export type {
  ControlLeaseAddress,
  ControlLeaseBody,
  ControlLeaseHolder,
  ControlLeaseStatus,
  ControlLeaseTaken,
  ControlReleaseOptions,
  CreateTaskClientOptions,
  CreateTaskRequest,
  CreateTaskResponse,
  DataTableEntry,
  DetailedStatusValue,
  Envelope,
  GifStatus,
  GifStatusValue,
  JsonSchema,
  JsonValue,
  Page,
  PageRequestOptions,
  RequestOptions,
  RunListItem,
  RunRequestOptions,
  RunResult,
  RunStatus,
  RunStatusClass,
  RunStatusSets,
  RunStatusValue,
  TaskApiErrorKind,
  TaskApiErrorOptions,
  TaskClient,
  TaskListItem,
  TaskStatusValue,
  ToolCall,
  ToolDefinition,
  ToolInputRequest,
  ToolInputRequestOptions,
} from './client';

// Schema: the form_input tool.
export {
  checkFormInput,
  defineTool,
  encodeFormAnswer,
  FORM_FIELD_TYPES,
  FORM_INPUT_TOOL_NAME,
  formInputSchema,
  formInputTool,
  HUMAN_CONTROL_TOOL_NAME,
  humanControlTool,
} from './schema';
export type {
  FormAnswer,
  FormAnswerEntry,
  FormAnswerValue,
  FormField,
  FormFieldKind,
  FormFieldOption,
  FormInputParameters,
  FormInputProblem,
  FormInputProblemCode,
  FormInputToolOptions,
  HumanControlParameters,
  HumanControlToolOptions,
  DefineToolOptions,
  FromSchema,
  ToolParameters,
  TypedToolDefinition,
} from './schema';

// Store: the polling store, for apps that configure it (its plumbing: `hitl-react/store`,
// src/store-entry.ts).
export { AnswerTooLargeError, createRunStore, StaleToolCallError, UnusableDataError } from './store';
export type {
  MutationOptions,
  MutationResult,
  MutationStatus,
  PageQueryResult,
  PollInterval,
  QueryResult,
  RunStatusLike,
  RunStatusState,
  RunStore,
  RunStoreOptions,
  StreamOptions,
  ToolInputState,
} from './store';

// The operator's inbox and the other tabs: the store's side.
export type { CrossTabOptions, InboxItem, InboxRequestItem, InboxToolCallItem } from './store';
export type { RequestListingState } from './request';

// Context and hooks.
export { TaskClientProvider } from './context';
export type { TaskClientProviderProps } from './context';
export {
  useCheckApiKey,
  useCreateTask,
  useHeadlessField,
  useRunGif,
  useRunResult,
  useRuns,
  useRunStatus,
  useRunStore,
  useStopRun,
  useStopTask,
  useTaskClient,
  useTasks,
  useToolCallForm,
  useToolInput,
} from './hooks';
export type {
  StopRunVariables,
  StopTaskVariables,
  UseCheckApiKeyOptions,
  UseCreateTaskOptions,
  UseRunGifOptions,
  UseRunGifResult,
  UseRunResultOptions,
  UseRunResultResult,
  UseRunsOptions,
  UseRunStatusOptions,
  UseRunStatusResult,
  UseStopRunOptions,
  UseStopTaskOptions,
  UseTasksOptions,
  UseToolCallFormOptions,
  UseToolCallFormResult,
  UseToolInputOptions,
  UseToolInputResult,
} from './hooks';

// The headless form and the messages.
export type {
  FieldChangeEvent,
  FieldChangeTarget,
  FieldInputProps,
  FieldKeyEvent,
  FieldOptionProps,
  FieldPropGetters,
  FormStatus,
  HeadlessField,
  HeadlessFieldError,
  HeadlessForm,
  HeadlessFormOptions,
  HeadlessFormProps,
} from './form';
export { MessagesProvider } from './context';
export type { MessagesProviderProps } from './context';
export { countPlural } from './messages';
export type { FieldMessageContext, FormMessages, MessageGroup, Messages, PartialMessages, PluralForms, PromptMessages } from './messages';

// Components.
export { DEFAULT_AGENT_NOTICE, SENSITIVE_AUTOCOMPLETE_TOKENS, ToolCallForm } from './components/tool-call-form';
export type {
  AutocompletePolicy,
  ClassNamePolicy,
  FieldComponents,
  FieldSlotProps,
  RenderField,
  ToolCallFormProps,
  ToolCallFormState,
} from './components/tool-call-form';
export { ToolCallPrompt } from './components/tool-call-prompt';
export { ApprovalPrompt, createApprovalRenderer, defaultApprovalAnswer } from './components/approval-prompt';
export type {
  ApprovalAnswer,
  ApprovalDecision,
  ApprovalMessages,
  ApprovalPromptMessages,
  ApprovalPromptProps,
  ApprovalPromptState,
  ApprovalRendererOptions,
} from './components/approval-prompt';
// Every agent framework: the source-neutral request model and its prompt (the adapters are entries of their own: hitl-react/mcp, …).
export { HumanRequestPrompt } from './components/human-request-prompt';
export type {
  ControlLeaseTarget,
  ControlState,
  HumanRequestPromptMessages,
  HumanRequestPromptProps,
  HumanRequestPromptState,
} from './components/human-request-prompt';
// A hand-off of the agent's browser: any source's control request, and the task service's human_control call.
export { controlOutcome, controlRequestFromToolCall, controlToolInput, humanControlRequest } from './request';
export type { ControlRequestFromToolCallOptions, HumanControlRequestOptions } from './request';
export type { ControlMessages } from './messages';
export type {
  HumanAction,
  HumanAnswer,
  HumanApprovalRequest,
  HumanControlOutcome,
  HumanControlRequest,
  HumanDecision,
  HumanDecisionType,
  HumanFormInputRequest,
  HumanLinkRequest,
  HumanRequest,
  HumanRequestAllows,
  HumanSchemaRequest,
} from './request';
export type { ToolCallPromptMessages, ToolCallPromptProps, ToolRendererProps, ToolRenderers } from './components/tool-call-prompt';
// The operator's inbox and its attention hooks.
export { Inbox } from './components/inbox';
export type { InboxProps, InboxState } from './components/inbox';
export { useDocumentTitleCount, useInbox, useNotificationPermission, useShowToolCall, useToolCallAttention } from './hooks';
export type {
  NotificationPermissionState,
  UseDocumentTitleCountOptions,
  UseInboxOptions,
  UseInboxResult,
  UseToolCallAttentionOptions,
} from './hooks';
export type { InboxMessages } from './messages';
export { RunViewer } from './components/run-viewer';
export type { RunViewerFormProps, RunViewerMessages, RunViewerPartMessages, RunViewerProps, RunViewerState } from './components/run-viewer';
export { RunStatusBadge } from './components/run-status-badge';
export type { RunStatusBadgeMessages, RunStatusBadgeProps } from './components/run-status-badge';
export { LiveView } from './components/live-view';
export type { LiveViewMessages, LiveViewProps, LiveViewState } from './components/live-view';
export { DataTable, RunResultView } from './components/run-result-view';
export type { DataTableMessages, DataTableProps, RunResultViewMessages, RunResultViewProps } from './components/run-result-view';
export { RunGif } from './components/run-gif';
export type { RunGifMessages, RunGifProps, RunGifState } from './components/run-gif';
export { StopRunButton } from './components/stop-run-button';
export type { StopRunButtonMessages, StopRunButtonProps, StopRunButtonState } from './components/stop-run-button';
export { TaskList } from './components/task-list';
export type { TaskListMessages, TaskListProps, TaskListState } from './components/task-list';
// The proxy's audit trail.
export { AuditTrail } from './components/audit-trail';
export type { AuditTrailMessages, AuditTrailProps, AuditTrailState } from './components/audit-trail';
export { useAuditTrail } from './hooks';
export type { UseAuditTrailOptions } from './hooks';
export type { AuditTrailResult } from './store';
export type { AuditEntry, AuditAction, AuditPage, AuditPageRequestOptions, AuditTrailRequestOptions } from './client';
export { RunList } from './components/run-list';
export type { RunListMessages, RunListProps, RunListState } from './components/run-list';
export type { HeadingLevel } from './components/shared';

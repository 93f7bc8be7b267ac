/** React bindings over the store: one hook per file, each a thin `useStoreObserver` or `useMutation`. */
export { useCheckApiKey, type UseCheckApiKeyOptions } from './use-check-api-key';
export { useCreateTask, type UseCreateTaskOptions } from './use-create-task';
export { useRunGif, type UseRunGifOptions, type UseRunGifResult } from './use-run-gif';
export { useRunResult, type UseRunResultOptions, type UseRunResultResult } from './use-run-result';
export { useRunStatus, type UseRunStatusOptions, type UseRunStatusResult } from './use-run-status';
export { useRunStatusState } from './use-run-status-state';
export { useRunStore } from './use-run-store';
export { useRuns, type UseRunsOptions } from './use-runs';
export { useStopRun, type StopRunVariables, type UseStopRunOptions } from './use-stop-run';
export { useStopTask, type StopTaskVariables, type UseStopTaskOptions } from './use-stop-task';
export { useTaskClient } from './use-task-client';
export { useTasks, type UseTasksOptions } from './use-tasks';
export { useToolInput, type UseToolInputOptions, type UseToolInputResult } from './use-tool-input';
export { useFormView } from './use-form-view';
export { useMessages, useMessagesLocale } from './use-messages';
export { useToolCallForm, type UseToolCallFormOptions, type UseToolCallFormResult } from './use-tool-call-form';

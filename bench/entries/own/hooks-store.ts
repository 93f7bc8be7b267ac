// Every data hook, the provider and the polling store; the client, the components and the form
// hooks (useToolCallForm carries the form core, measured with ToolCallForm) left out.
export {
  useCheckApiKey,
  useCreateTask,
  useRunGif,
  useRunResult,
  useRunStatus,
  useRunStatusState,
  useRunStore,
  useRuns,
  useStopRun,
  useStopTask,
  useTaskClient,
  useTasks,
  useToolInput,
} from '../../../src/hooks';
export * from '../../../src/store';
export { TaskClientProvider } from '../../../src';

/** Every text `<Inbox>` writes itself. Each is a function, so translations can reorder words. */
export interface InboxMessages {
  /** The inbox's heading. `count` is the number of calls waiting. Default: "Waiting for you (<count>)". */
  heading(context: { count: number }): string;
  /** The heading while the count is not known (loading, or nothing could be loaded). Default: "Waiting for you". */
  headingUnknown(): string;
  /**
   * The last refresh failed; what is listed is from `duration` ago (already written in the
   * locale, "2 min"). Default: "Could not load the inbox: <reason>. Last updated <duration> ago."
   */
  stale(context: { reason: string; duration: string }): string;
  /** Label of the list of items. Default: "Tool calls waiting for your answer". */
  listLabel(): string;
  /** With nothing waiting. Default: "Nothing is waiting for you." */
  empty(): string;
  /** While the tasks are listed for the first time. Default: "Looking for agents that wait for you…". */
  loading(): string;
  /** The tasks or a run's status could not be loaded. Default: "Could not load the inbox: <reason>". */
  error(context: { reason: string }): string;
  /** The button that loads everything again. Default: "Retry". */
  retry(): string;
  /** An item's task, when the task list gives no name. Default: "Task <taskId>". */
  taskFallback(context: { taskId: string }): string;
  /** The tool of an item that is a form without a heading. Default: "Form". */
  formTool(): string;
  /** How long an item has waited. `duration` is already written in the locale ("2 min"). Default: "waiting for <duration>". */
  waitingFor(context: { duration: string }): string;
  /** Announced once for each call that starts waiting. Default: "<task> is waiting for you: <title>". */
  announceArrival(context: { task: string; title: string }): string;
  /** Closes the form opened in place. Default: "Close". */
  close(): string;
  /** While an opened item's answer is sent. Default: "Sending your answer…". */
  submitting(): string;
  /** The answer could not be sent. Default: "Your answer could not be sent: <reason>". */
  submitError(context: { reason: string }): string;
  /** The button asking for permission to notify. Default: "Notify me when an agent waits". */
  enableNotifications(): string;
  /** Title of an OS notification. Default: "<task> is waiting for you". */
  notificationTitle(context: { task: string }): string;
  /**
   * Where a request comes from, named by its `source`. Default: "MCP", "AI SDK", "LangGraph",
   * "AG-UI", "Task service"; any other source as it is.
   */
  requestSource(context: { source: string }): string;
  /** How long a request has before its deadline. `duration` is already written in the locale. Default: "expires in <duration>". */
  expiresIn(context: { duration: string }): string;
  /**
   * A request someone else answered; `user` as the proxy names them, `time` already written in the
   * locale, each undefined when not known. Default: "Answered by <user> at <time>."
   */
  requestAnswered(context: { user: string | undefined; time: string | undefined }): string;
  /** A request its agent withdrew. Default: "The agent withdrew this request." */
  requestCancelled(): string;
  /** A request whose deadline passed unanswered. Default: "This request expired." */
  requestExpired(): string;
  /** A request whose agent is gone. Default: "This request can no longer be answered (its agent is gone)." */
  requestUnanswerable(): string;
  /** Announced once when a request shown open ends elsewhere; `status` is one of the four above. Default: "<title>: <status>". */
  announceEnded(context: { title: string; status: string }): string;
}

/** The frameworks' own names, the same in every language. */
const FRAMEWORK_NAMES: Readonly<Record<string, string>> = { mcp: 'MCP', 'ai-sdk': 'AI SDK', langgraph: 'LangGraph', 'ag-ui': 'AG-UI' };

/**
 * A request's `source` as a person reads it: a framework's own name, `taskService` (in the
 * locale's words) for the task service, and any other source (agent-made) as it is.
 */
export function sourceName(source: string, taskService: string): string {
  if (source === 'task-service') return taskService;
  return Object.hasOwn(FRAMEWORK_NAMES, source) ? (FRAMEWORK_NAMES[source] as string) : source;
}

/** English defaults of `InboxMessages`. */
export const enInboxMessages: InboxMessages = {
  heading: ({ count }) => `Waiting for you (${count})`,
  headingUnknown: () => 'Waiting for you',
  stale: ({ reason, duration }) => `Could not load the inbox: ${reason}. Last updated ${duration} ago.`,
  listLabel: () => 'Tool calls waiting for your answer',
  empty: () => 'Nothing is waiting for you.',
  loading: () => 'Looking for agents that wait for you…',
  error: ({ reason }) => `Could not load the inbox: ${reason}`,
  retry: () => 'Retry',
  taskFallback: ({ taskId }) => `Task ${taskId}`,
  formTool: () => 'Form',
  waitingFor: ({ duration }) => `waiting for ${duration}`,
  announceArrival: ({ task, title }) => (title === '' ? `${task} is waiting for you.` : `${task} is waiting for you: ${title}`),
  close: () => 'Close',
  submitting: () => 'Sending your answer…',
  submitError: ({ reason }) => `Your answer could not be sent: ${reason}`,
  enableNotifications: () => 'Notify me when an agent waits',
  notificationTitle: ({ task }) => `${task} is waiting for you`,
  requestSource: ({ source }) => sourceName(source, 'Task service'),
  expiresIn: ({ duration }) => `expires in ${duration}`,
  requestAnswered: ({ user, time }) =>
    user === undefined
      ? time === undefined
        ? 'Someone else answered this request.'
        : `Someone else answered it at ${time}.`
      : time === undefined
        ? `Answered by ${user}.`
        : `Answered by ${user} at ${time}.`,
  requestCancelled: () => 'The agent withdrew this request.',
  requestExpired: () => 'This request expired.',
  requestUnanswerable: () => 'This request can no longer be answered (its agent is gone).',
  announceEnded: ({ title, status }) => (title === '' ? status : `${title}: ${status}`),
};

import { EN_SOURCE_NAMES, sourceName } from './source-names';

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
  /**
   * Label of the list of the items that wait; `requests` is true when it lists requests of agent
   * frameworks (not only the task service's tool calls). Default: "Requests waiting for your
   * answer", else "Tool calls waiting for your answer".
   */
  listLabel(context: { requests: boolean }): string;
  /** Label of the list of the requests that ended elsewhere, listed below for about a minute. Default: "No longer waiting". */
  endedListLabel(): string;
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
   * Who asks for a request, its item's first line: `requestedBy` (agent-made: an MCP server's or an
   * agent's name, on one line) beside its `source`'s name, else the source's name alone. Default:
   * "Bistro Lumière (MCP server)"; "MCP server", "LangGraph agent", "AI SDK agent", "AG-UI agent",
   * "Task service"; any other source as it is.
   */
  requestSource(context: { source: string; requestedBy: string | undefined }): string;
  /** Beside the first action of an approval of several that has no title: how many more it asks about. Default: "+<count> more". */
  moreActions(context: { count: number }): string;
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

/** English defaults of `InboxMessages`. */
export const enInboxMessages: InboxMessages = {
  heading: ({ count }) => `Waiting for you (${count})`,
  headingUnknown: () => 'Waiting for you',
  stale: ({ reason, duration }) => `Could not load the inbox: ${reason}. Last updated ${duration} ago.`,
  listLabel: ({ requests }) => (requests ? 'Requests waiting for your answer' : 'Tool calls waiting for your answer'),
  endedListLabel: () => 'No longer waiting',
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
  requestSource: ({ source, requestedBy }) => {
    const name = sourceName(source, EN_SOURCE_NAMES);
    return requestedBy === undefined ? name : `${requestedBy} (${name})`;
  },
  moreActions: ({ count }) => `+${count.toLocaleString('en')} more`,
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

/** Every text `<AuditTrail>` and `<RunViewer>`'s "answered by" line write. Each is a function, so translations can reorder words. */
export interface AuditTrailMessages {
  /** A task's trail's heading and the name of its table. Default: "History". */
  heading(): string;
  /** The heading (and the table's name) of the team's trail, without a `taskId`. Default: "Team activity". */
  teamHeading(): string;
  /** While the trail is first read. Default: "Loading the history…". */
  loading(): string;
  /** No entry yet. Default: "Nothing has been done through this app yet." */
  empty(): string;
  /** The trail could not be read. `reason` is the error's message. Default: "Could not load the history: <reason>". */
  error(context: { reason: string }): string;
  /** The button that reads it again. Default: "Try again". */
  retry(): string;
  /** Column of when. Default: "When". */
  whenColumn(): string;
  /** Column of who. Default: "Who". */
  whoColumn(): string;
  /** Column of the task, in the team's trail. Default: "Task". */
  taskColumn(): string;
  /** Column of what was done. Default: "What". */
  actionColumn(): string;
  /** Column of what came of it. Default: "Outcome". */
  outcomeColumn(): string;
  /**
   * What was done: `create_task`, `answer`, `stop_run`, `stop_task`, a request's `open_request`,
   * `answer_request`, `cancel_request`, `expire_request`, a hand-off's `take_control` and
   * `release_control`, or another the proxy may add. `duration` (already formatted for the locale)
   * is how long control was held, for `release_control`. Default: "Created the task", "Answered",
   * "Stopped the run", "Stopped the task", "Request opened", "Answered the request", "Request
   * cancelled", "Request expired", "Took control", "Released control after <duration>", else the
   * action as is.
   */
  action(context: { action: string; duration?: string }): string;
  /**
   * What came of it: `accepted`, `already_answered`, `answer_in_doubt`, `refused`, `failed`,
   * `request_ended`, for a released control `lapsed` (the holder's page went away) or `ended` (the
   * hand-off ended while held), or another. Default: "Done", "Someone had already answered",
   * "Unknown whether it arrived", "Refused", "Failed", "The request had ended", "Their page went
   * away", "The hand-off ended", else the outcome as is.
   */
  outcome(context: { outcome: string }): string;
  /** The button that reads older entries. Default: "Load more". */
  loadMore(): string;
  /** That button while they are read. Default: "Loading more…". */
  loadingMore(): string;
  /** The line under an answered call. `time` is already formatted for the locale. Default: "Answered by <user> · <time>". */
  answeredBy(context: { user: string; time: string }): string;
}

/** The English `AuditTrailMessages`. */
export const enAuditTrailMessages: AuditTrailMessages = {
  heading: () => 'History',
  teamHeading: () => 'Team activity',
  loading: () => 'Loading the history…',
  empty: () => 'Nothing has been done through this app yet.',
  error: ({ reason }) => `Could not load the history: ${reason}`,
  retry: () => 'Try again',
  whenColumn: () => 'When',
  whoColumn: () => 'Who',
  taskColumn: () => 'Task',
  actionColumn: () => 'What',
  outcomeColumn: () => 'Outcome',
  action: ({ action, duration }) =>
    ({
      create_task: 'Created the task',
      answer: 'Answered',
      stop_run: 'Stopped the run',
      stop_task: 'Stopped the task',
      open_request: 'Request opened',
      answer_request: 'Answered the request',
      cancel_request: 'Request cancelled',
      expire_request: 'Request expired',
      take_control: 'Took control',
      release_control: duration === undefined ? 'Released control' : `Released control after ${duration}`,
    })[action] ?? action,
  outcome: ({ outcome }) =>
    ({
      accepted: 'Done',
      already_answered: 'Someone had already answered',
      answer_in_doubt: 'Unknown whether it arrived',
      refused: 'Refused',
      failed: 'Failed',
      request_ended: 'The request had ended',
      lapsed: 'Their page went away',
      ended: 'The hand-off ended',
    })[outcome] ?? outcome,
  loadMore: () => 'Load more',
  loadingMore: () => 'Loading more…',
  answeredBy: ({ user, time }) => `Answered by ${user} · ${time}`,
};

/** Every text `<RunViewer>` writes itself. Each is a function, so translations can reorder words. */
export interface RunViewerMessages {
  /** The viewer's heading. Default: "Run <runId>", or "Latest run" without a `runId`. */
  heading(context: { taskId: string; runId: string | undefined }): string;
  /** The run status could not be loaded. `reason` is the error's message. Default: "Could not load the run status: <reason>". */
  statusError(context: { reason: string }): string;
  /** The service refused the API key (HTTP 401/403). Default: "The service refused the API key, so the run cannot be shown. Check the key, then retry." */
  keyRefused(): string;
  /** The button that fetches the status again. Default: "Retry". */
  retry(): string;
  /** While the answer is sent. Default: "Sending your answer…". */
  submitting(): string;
  /** After the service accepted the answer, until it moves on. Default: "Sent. Waiting for the agent…". */
  sent(): string;
  /** The answer could not be sent. `reason` is the error's message. Default: "Your answer could not be sent: <reason>". */
  submitError(context: { reason: string }): string;
  /** While "Try again" resends the answer. Default: "Sending your answer again…". */
  resubmitting(): string;
  /** Resends the identical answer. Default: "Try again". */
  tryAgain(): string;
  /** Makes the answer editable again after a failed send. Default: "Edit answer". */
  editAnswer(): string;
  /**
   * The answer is larger than can be sent, so nothing was sent and "Try again" is not offered.
   * `limit` is the largest answer that can be sent (e.g. "1 MiB"), or `''` when only the server
   * knows it (it answered 413). Default: "Your answer is too large to send: the limit is <limit>.
   * Shorten it, then send it again." (without a limit: "Your answer is too large for the server to
   * accept. Shorten it, then send it again.")
   */
  answerTooLarge(context: { limit: string }): string;
  /** The request was answered elsewhere, withdrawn, or the run moved on. Default: "This request is no longer pending: the agent has moved on." */
  stale(): string;
  /** Someone else (another person, another tab) answered the request first; this answer was not sent. Default: "This request was answered elsewhere, so your answer was not sent." */
  answeredElsewhere(): string;
  /** Sending failed without an answer from the service (a 502, a lost connection), but the agent then moved on: the answer most likely arrived. Default: "Your answer was probably received: the agent has moved on." */
  probablyReceived(): string;
  /**
   * The proxy sent the answer on but cannot tell whether the service applied it; the run's status is
   * being read to find out. Only "Try again" (the same answer) is offered meanwhile. Default: "Your
   * answer may already have been received. Checking whether the agent got it…".
   */
  answerInDoubt(): string;
  /** Hides the note on a request that is no longer pending. Default: "Dismiss". */
  dismiss(): string;
  /** In place of a hand-off of the agent's browser (`human_control`) whose run ended while it was shown or held. Default: "The run ended; the hand-off is over." */
  handOffEnded(): string;
  /** Heading of the live view. Default: "Live view". */
  liveViewHeading(): string;
  /** While the result loads. Default: "Loading the result…". */
  resultLoading(): string;
  /** The result could not be loaded. Default: "Could not load the result: <reason>". */
  resultError(context: { reason: string }): string;
  /** Heading of the recording. Default: "Recording". */
  recordingHeading(): string;
  /** The recording's status could not be loaded. Default: "Could not load the recording: <reason>". */
  recordingError(context: { reason: string }): string;
  /** Announced when a tool call starts waiting for the person. Default: "The agent is waiting for your answer." */
  announceWaiting(): string;
  /**
   * Beside a pending tool call: how long it has been waiting, counted from when it was first seen.
   * `duration` is already written in the locale ("2 min"). Default: "Waiting for you for <duration>".
   */
  waitingFor(context: { duration: string }): string;
  /** Announced when the answer was accepted. Default: "Sent. Waiting for the agent…". */
  announceSent(): string;
  /** Announced when the run completed. Default: "The run completed." */
  announceCompleted(): string;
  /** Announced when the run failed. Default: "The run failed." */
  announceFailed(): string;
  /** Announced when the run was stopped. Default: "The run was stopped." */
  announceStopped(): string;
  /** Announced when the run ended with a status this library does not know. Default: "The run ended with status <status>." */
  announceEnded(context: { status: string }): string;
}

/** The English `RunViewerMessages`. */
export const enRunViewerMessages: RunViewerMessages = {
  heading: ({ runId }) => (runId === undefined || runId === '' ? 'Latest run' : `Run ${runId}`),
  statusError: ({ reason }) => `Could not load the run status: ${reason}`,
  keyRefused: () => 'The service refused the API key, so the run cannot be shown. Check the key, then retry.',
  retry: () => 'Retry',
  submitting: () => 'Sending your answer…',
  sent: () => 'Sent. Waiting for the agent…',
  submitError: ({ reason }) => `Your answer could not be sent: ${reason}`,
  resubmitting: () => 'Sending your answer again…',
  tryAgain: () => 'Try again',
  editAnswer: () => 'Edit answer',
  answerTooLarge: ({ limit }) =>
    limit === ''
      ? 'Your answer is too large for the server to accept. Shorten it, then send it again.'
      : `Your answer is too large to send: the limit is ${limit}. Shorten it, then send it again.`,
  stale: () => 'This request is no longer pending: the agent has moved on.',
  answeredElsewhere: () => 'This request was answered elsewhere, so your answer was not sent.',
  probablyReceived: () => 'Your answer was probably received: the agent has moved on.',
  answerInDoubt: () => 'Your answer may already have been received. Checking whether the agent got it…',
  dismiss: () => 'Dismiss',
  handOffEnded: () => 'The run ended; the hand-off is over.',
  liveViewHeading: () => 'Live view',
  resultLoading: () => 'Loading the result…',
  resultError: ({ reason }) => `Could not load the result: ${reason}`,
  recordingHeading: () => 'Recording',
  recordingError: ({ reason }) => `Could not load the recording: ${reason}`,
  announceWaiting: () => 'The agent is waiting for your answer.',
  waitingFor: ({ duration }) => `Waiting for you for ${duration}`,
  announceSent: () => 'Sent. Waiting for the agent…',
  announceCompleted: () => 'The run completed.',
  announceFailed: () => 'The run failed.',
  announceStopped: () => 'The run was stopped.',
  announceEnded: ({ status }) => `The run ended with status ${status}.`,
};

/** Every text `<RunStatusBadge>` writes. Each is a function, so translations can reorder words. */
export interface RunStatusBadgeMessages {
  /** No status yet. Default: "Loading status…". */
  loading(): string;
  /**
   * The run works. `status` is the raw coarse state (`running`, or another value meaning "still
   * going", such as `queued`); `detailedStatus` the finer one when it says more (`processing_page`
   * has its own message), else `undefined`. Default: "Running" or "Running — <detailedStatus>";
   * for a coarse state other than `running`, "Status: queued" (raw).
   */
  running(context: { status: string; detailedStatus: string | undefined }): string;
  /** The agent is on a page (`detailedStatus` `processing_page`). Default: "Running — loading a page". */
  processingPage(): string;
  /** A tool call waits for the person (`detailedStatus` `tool_call`). Default: "Waiting for your input". */
  waitingForInput(): string;
  /** The person's answer to the waiting call was accepted; the service has not said yet that the agent moved on. Default: "Answer sent — the agent resumes". */
  answerSent(): string;
  /** Default: "Completed". */
  completed(): string;
  /** Default: "Failed". */
  failed(): string;
  /** Default: "Stopped". */
  stopped(): string;
  /** A value this library does not know, shown raw. Default: "Status: foo_bar", or "Status: foo_bar (detail)". */
  unknown(context: { status: string; detailedStatus: string | undefined }): string;
}

/** The English `RunStatusBadgeMessages`. */
export const enRunStatusBadgeMessages: RunStatusBadgeMessages = {
  loading: () => 'Loading status…',
  running: ({ status, detailedStatus }) => {
    const base = status.trim().toLowerCase() === 'running' ? 'Running' : `Status: ${status}`;
    return detailedStatus === undefined ? base : `${base} — ${detailedStatus}`;
  },
  processingPage: () => 'Running — loading a page',
  waitingForInput: () => 'Waiting for your input',
  answerSent: () => 'Answer sent — the agent resumes',
  completed: () => 'Completed',
  failed: () => 'Failed',
  stopped: () => 'Stopped',
  unknown: ({ status, detailedStatus }) => (detailedStatus === undefined ? `Status: ${status}` : `Status: ${status} (${detailedStatus})`),
};

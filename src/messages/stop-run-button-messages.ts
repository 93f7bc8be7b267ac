/** Every text `<StopRunButton>` writes. Each is a function, so translations can reorder words. */
export interface StopRunButtonMessages {
  /** The button. Default: "Stop run". */
  stop(): string;
  /** The confirmation question; it also names the confirm group. Default: "Stop this run? The agent stops where it is. This cannot be undone." */
  confirmQuestion(): string;
  /** The button that confirms. Default: "Stop the run". */
  confirm(): string;
  /** The button that cancels (as Escape does). Default: "Keep running". */
  cancel(): string;
  /** While the stop request is out. Default: "Stopping…". */
  stopping(): string;
  /** After the service accepted the stop. Default: "Stop requested". */
  stopped(): string;
  /** The stop failed. `reason` is the error's message. Default: "Could not stop the run: <reason>". */
  error(context: { reason: string }): string;
  /** The stop failed because the service refused the API key (HTTP 401/403). Default: "Could not stop the run: the service refused the API key." */
  keyRefused(): string;
}

/** The English `StopRunButtonMessages`. */
export const enStopRunButtonMessages: StopRunButtonMessages = {
  stop: () => 'Stop run',
  confirmQuestion: () => 'Stop this run? The agent stops where it is. This cannot be undone.',
  confirm: () => 'Stop the run',
  cancel: () => 'Keep running',
  stopping: () => 'Stopping…',
  stopped: () => 'Stop requested',
  error: ({ reason }) => `Could not stop the run: ${reason}`,
  keyRefused: () => 'Could not stop the run: the service refused the API key.',
};

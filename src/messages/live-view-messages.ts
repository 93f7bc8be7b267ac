/** Every text `<LiveView>` writes. Each is a function, so translations can reorder words. */
export interface LiveViewMessages {
  /** The frame's `title` when the `title` prop is absent. Default: "Live view of the run". */
  frameTitle(): string;
  /** Shown instead of a frame when the address is not http(s). Default: "Live view unavailable". */
  unavailable(): string;
  /** The link that opens the live view in a new tab. Default: "Open the live view in a new tab". */
  openInNewTab(): string;
  /** While the frame loads. Default: "Connecting to the live view…". */
  connecting(): string;
  /** The frame did not load in time; it is tried again by itself. Default: "The live view is not responding. Reconnecting (attempt 1 of 3)…". */
  reconnecting(context: { attempt: number; maxAttempts: number }): string;
  /** The address did not answer (refused, unknown host) and no automatic attempt is left. Default: "The live view cannot be reached." */
  unreachable(): string;
  /** The frame did not load and no automatic attempt is left. Default: "The live view is not responding." */
  notResponding(): string;
  /** The button that loads the frame again. Default: "Reconnect". */
  reconnect(): string;
  /** Shown when the person cannot click or type into the view. Default: "View only". */
  viewOnly(): string;
}

/** The English `LiveViewMessages`. */
export const enLiveViewMessages: LiveViewMessages = {
  frameTitle: () => 'Live view of the run',
  unavailable: () => 'Live view unavailable',
  openInNewTab: () => 'Open the live view in a new tab',
  connecting: () => 'Connecting to the live view…',
  reconnecting: ({ attempt, maxAttempts }) => `The live view is not responding. Reconnecting (attempt ${attempt} of ${maxAttempts})…`,
  unreachable: () => 'The live view cannot be reached.',
  notResponding: () => 'The live view is not responding.',
  reconnect: () => 'Reconnect',
  viewOnly: () => 'View only',
};

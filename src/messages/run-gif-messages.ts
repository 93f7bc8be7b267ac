/** Every text `<RunGif>` writes. Each is a function, so translations can reorder words. */
export interface RunGifMessages {
  /** The image's `alt` when the `alt` prop is absent. Default: "Recording of the run". */
  alt(): string;
  /** No GIF status yet. Default: "Loading the recording…". */
  loading(): string;
  /**
   * The recording is not ready. `status` is the service's raw value. Default: "The recording is
   * being prepared…" for `pending` (and an empty status), else "Recording status: <status>".
   */
  pending(context: { status: string }): string;
  /** The service says the recording will not come (`failed`, `expired`…). Default: "No recording is available (failed)." */
  failed(context: { status: string }): string;
  /** The recording is ready but its address is not http(s). Default: "The recording cannot be shown: its address is not a web address." */
  unsafeUrl(): string;
  /** The image did not load. Default: "The recording could not be loaded." */
  imageError(): string;
  /** The link to the GIF. Default: "Open the recording in a new tab". */
  openInNewTab(): string;
}

/** The English `RunGifMessages`. */
export const enRunGifMessages: RunGifMessages = {
  alt: () => 'Recording of the run',
  loading: () => 'Loading the recording…',
  pending: ({ status }) =>
    status.trim() === '' || status.trim().toLowerCase() === 'pending' ? 'The recording is being prepared…' : `Recording status: ${status}`,
  failed: ({ status }) => `No recording is available (${status}).`,
  unsafeUrl: () => 'The recording cannot be shown: its address is not a web address.',
  imageError: () => 'The recording could not be loaded.',
  openInNewTab: () => 'Open the recording in a new tab',
};

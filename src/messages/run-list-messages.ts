/** Every text `<RunList>` writes. Each is a function, so translations can reorder words. */
export interface RunListMessages {
  /** The list's heading. Default: "Runs". */
  heading(): string;
  /** While the first page loads. Default: "Loading runs…". */
  loading(): string;
  /** No runs on this page. Default: "No runs yet." */
  empty(): string;
  /** Loading failed. `reason` is the error's message. Default: "Could not load the runs: <reason>". */
  error(context: { reason: string }): string;
  /** Loading failed because the service refused the API key (HTTP 401/403). Default: "Could not load the runs: the service refused the API key." */
  keyRefused(): string;
  /** The retry button. Default: "Retry". */
  retry(): string;
  /** A run's id, shown after its start time. Default: the id as is. */
  runId(context: { id: string }): string;
  /** `created_at` when it is not a date (shown raw). Default: "Started <value>". */
  unknownDate(context: { value: string }): string;
  /** Names the pagination. Default: "Run pages". */
  pagination(): string;
  /** Default: "Previous". */
  previous(): string;
  /** Default: "Next". */
  next(): string;
  /** Default: "Page 2 of 5". */
  pagePosition(context: { page: number; pageCount: number }): string;
}

/** The English `RunListMessages`. */
export const enRunListMessages: RunListMessages = {
  heading: () => 'Runs',
  loading: () => 'Loading runs…',
  empty: () => 'No runs yet.',
  error: ({ reason }) => `Could not load the runs: ${reason}`,
  keyRefused: () => 'Could not load the runs: the service refused the API key.',
  retry: () => 'Retry',
  runId: ({ id }) => id,
  unknownDate: ({ value }) => `Started ${value}`,
  pagination: () => 'Run pages',
  previous: () => 'Previous',
  next: () => 'Next',
  pagePosition: ({ page, pageCount }) => `Page ${page} of ${pageCount}`,
};

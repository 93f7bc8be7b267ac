/**
 * The texts every paged list writes (`<RunList>`, `<TaskList>`), each a function so translations
 * can reorder words. Each list's messages extend these and give their own English defaults.
 */
export interface PagedListMessages {
  /** The list's heading. */
  heading(): string;
  /** While the first page loads. */
  loading(): string;
  /** Nothing on this page. */
  empty(): string;
  /** Loading failed. `reason` is the error's message. */
  error(context: { reason: string }): string;
  /** Loading failed because the service refused the API key (HTTP 401/403). */
  keyRefused(): string;
  /** The retry button. Default: "Retry". */
  retry(): string;
  /** Names the pagination. */
  pagination(): string;
  /** Default: "Previous". */
  previous(): string;
  /** Default: "Next". */
  next(): string;
  /** Default: "Page 2 of 5". */
  pagePosition(context: { page: number; pageCount: number }): string;
}

/** The English words both lists share. */
export const enPagedListMessages: Pick<PagedListMessages, 'retry' | 'previous' | 'next' | 'pagePosition'> = {
  retry: () => 'Retry',
  previous: () => 'Previous',
  next: () => 'Next',
  pagePosition: ({ page, pageCount }) => `Page ${page} of ${pageCount}`,
};

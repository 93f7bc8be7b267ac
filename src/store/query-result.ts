/** What every reading hook returns. */
export interface QueryResult<T> {
  /** The latest data; kept while refetching and after an error. Frozen: do not mutate. */
  readonly data: T | undefined;
  /** The last failure (a `TaskApiError` for service errors), cleared by the next success. */
  readonly error: Error | undefined;
  /** True while enabled and there is neither data nor an error yet. */
  readonly isLoading: boolean;
  /** True while a request is open, including background polls. */
  readonly isFetching: boolean;
  /**
   * Fetches now and resolves with the data (rejects with the error; ignoring the promise is safe).
   * Resumes polling stopped by a refused key (401/403).
   */
  readonly refetch: () => Promise<T>;
}

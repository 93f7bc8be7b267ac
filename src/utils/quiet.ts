/**
 * Marks a promise as handled and returns it unchanged. The store's promises carry outcomes that are
 * also in its state, so callers may ignore them (`onClick={() => submit(...)}`) without an
 * unhandled-rejection report; a caller that awaits one still sees the rejection.
 */
export function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

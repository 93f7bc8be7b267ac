/** `cause` as an `Error`: a rejection with a string or other value becomes an `Error` with its text. */
export function toError(cause: unknown): Error {
  return cause instanceof Error ? cause : new Error(String(cause));
}

import { isTaskApiError } from '../../client';

/** True when the service refused the API key (HTTP 401/403): retrying with the same key cannot help. */
export function isKeyRefused(error: unknown): boolean {
  return isTaskApiError(error) && error.isAuthError;
}

/** The text of an error, for showing next to a "Retry" button. Never includes the API key: the client never puts it in a message. */
export function errorReason(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return String(error);
}

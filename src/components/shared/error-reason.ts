import { isTaskApiError } from '../../client';
import { useMessageGroup } from '../../hooks';
import { enErrorMessages, type ErrorMessages } from '../../messages';

/** True when the service refused the API key (HTTP 401/403): retrying with the same key cannot help. */
export function isKeyRefused(error: unknown): boolean {
  return isTaskApiError(error) && error.isAuthError;
}

/**
 * Why a request failed, in words, for a message such as "Your answer could not be sent: <reason>".
 * A failure of the transport (no connection, a time-out, an unreadable answer, an HTTP status the
 * service did not explain) is named by `words`, never by its method, path and milliseconds; the
 * service's or the proxy's own explanation is kept as it came; any other error shows its message. Never includes the API key:
 * the client never puts it in a message.
 */
export function errorReason(error: unknown, words: ErrorMessages = enErrorMessages): string {
  if (isTaskApiError(error)) {
    const status = error.status;
    switch (error.kind) {
      case 'network':
        return words.network();
      case 'timeout':
        return words.timeout();
      case 'aborted':
        return words.aborted();
      case 'parse':
        return words.unreadable();
      case 'answer_in_doubt':
        return words.answerInDoubt();
      case 'http':
        // The client's own fallback text: the service gave no reason of its own, so words take its place.
        if (status === undefined || !error.message.endsWith(`failed with HTTP ${status}`)) break;
        if (status === 429) return words.busy();
        if (status === 408) return words.timeout();
        return status >= 500 ? words.serviceFailed({ status }) : words.refused({ status });
      default:
        break;
    }
  }
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return String(error);
}

/** `errorReason` with the words of the nearest `<MessagesProvider>` (`errors` group). */
export function useErrorReason(): (error: unknown) => string {
  const words = useMessageGroup('errors', enErrorMessages);
  return (error) => errorReason(error, words);
}

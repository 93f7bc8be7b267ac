interface RetryAlertProps {
  /** The alert's class, e.g. `hitl-list-error`. */
  className: string;
  /** What went wrong. */
  message: string;
  /** The button's text. */
  retryLabel: string;
  /** From `useFocusAfterRetry`. */
  onRetry: () => void;
}

/** A load that failed: what went wrong, announced as an alert, beside a "Retry" button. */
export function RetryAlert({ className, message, retryLabel, onRetry }: RetryAlertProps) {
  return (
    <div className={className} role="alert">
      <p>{message}</p>
      <button type="button" className="hitl-button" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}

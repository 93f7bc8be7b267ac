import { useId, useState } from 'react';
import { useCheckApiKey } from '../../src';

type KeyState = 'unchecked' | 'checking' | 'accepted' | 'refused' | 'error';

/** Checks the key through the proxy (`GET /api/v1/check`); the key itself stays on the server. */
export function KeyCheck() {
  const headingId = useId();
  // Checked when the person asks, so the page shows a request they made and can repeat.
  const [requested, setRequested] = useState(false);
  const check = useCheckApiKey({ enabled: requested });

  const state: KeyState = !requested
    ? 'unchecked'
    : check.isFetching || check.isLoading
      ? 'checking'
      : check.error !== undefined
        ? 'error'
        : check.data === true
          ? 'accepted'
          : check.data === false
            ? 'refused'
            : 'checking';

  const text: Record<KeyState, string> = {
    unchecked: 'Not checked yet.',
    checking: 'Checking the key…',
    accepted: 'Key accepted: the service answered “ok”.',
    refused: 'Key refused: the service did not accept the key the proxy sends.',
    error: `The key could not be checked: ${check.error?.message ?? 'unknown error'}`,
  };

  const onCheck = () => {
    if (!requested) setRequested(true);
    // The outcome is shown from the hook's state; the promise only reports the same thing.
    else check.refetch().catch(() => undefined);
  };

  return (
    <section className="pg-panel pg-key-check" aria-labelledby={headingId}>
      <h2 id={headingId}>API key</h2>
      <p className="pg-muted">
        The key lives in the terminal that runs <code>npm start</code>. This page sends its requests to <code>/api/hitl</code> on its own
        server, which adds the key before they reach the service.
      </p>
      <div className="pg-row">
        <button type="button" className="pg-button" onClick={onCheck}>
          Check the key
        </button>
        <p className="pg-key-state" role="status" data-state={state}>
          {text[state]}
        </p>
      </div>
    </section>
  );
}

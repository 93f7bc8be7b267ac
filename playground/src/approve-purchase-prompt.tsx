import { useId, useState } from 'react';
import type { ToolRendererProps } from '../../src';

/** A parameter as text; the agent may send any JSON, and it is shown, never interpreted. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function formatAmount(amount: unknown, currency: unknown): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return text(amount);
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: text(currency) }).format(amount);
  } catch {
    // Not an ISO 4217 code: show both as they came.
    return `${amount} ${text(currency)}`.trim();
  }
}

/**
 * A custom renderer for `approve_purchase` (`<RunViewer renderers>`): the tool's parameters
 * describe the purchase, while its answer is a decision, `{"approved": boolean, "note"?: string}`,
 * so a generated form of the parameters would ask the wrong question.
 */
export function ApprovePurchasePrompt({ toolCall, submit, disabled }: ToolRendererProps) {
  const headingId = useId();
  const noteId = useId();
  const [note, setNote] = useState('');
  const parameters = toolCall.tool.parameters;
  const rows: Array<[string, string]> = [
    ['Item', text(parameters.item)],
    ['Merchant', text(parameters.merchant)],
    ['Amount', formatAmount(parameters.amount, parameters.currency)],
    ['Reason', text(parameters.reason)],
  ];

  const decide = (approved: boolean) => {
    const trimmed = note.trim();
    // The outcome (sending, sent, failed) is shown by the viewer around this renderer.
    void Promise.resolve(submit(JSON.stringify(trimmed === '' ? { approved } : { approved, note: trimmed }))).catch(() => undefined);
  };

  return (
    <section className="pg-approval hitl-form" aria-labelledby={headingId}>
      <h4 id={headingId} className="hitl-form-heading">
        Approve this purchase?
      </h4>
      <dl className="pg-approval-details">
        {rows
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>
                <bdi>{value}</bdi>
              </dd>
            </div>
          ))}
      </dl>
      <div className="pg-field">
        <label htmlFor={noteId}>Note to the agent (optional)</label>
        <textarea
          id={noteId}
          className="pg-textarea"
          rows={2}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          disabled={disabled}
        />
      </div>
      <p className="pg-muted">Requested by the automation agent. Check it before you answer.</p>
      <div className="pg-row">
        <button type="button" className="pg-button pg-button-primary" onClick={() => decide(true)} disabled={disabled}>
          Approve
        </button>
        <button type="button" className="pg-button" onClick={() => decide(false)} disabled={disabled}>
          Decline
        </button>
      </div>
    </section>
  );
}

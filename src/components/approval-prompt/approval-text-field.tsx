import type { Ref } from 'react';
import { Label } from '../form-view';

/** Props of `ApprovalTextField`. */
interface ApprovalTextFieldProps {
  /** The text area's id; its label, hint and error take it as their prefix. */
  id: string;
  label: string;
  /** Help under the label. Default: none. */
  hint?: string | undefined;
  /** Marks the field required (the label's mark, `required`); checking it is the caller's. Default: false. */
  required?: boolean;
  value: string;
  onChange: (value: string) => void;
  /** Disables the text area; the text is kept. */
  disabled: boolean;
  /** The error shown under the text area and describing it; announced once per new `errorKey`. Default: none. */
  error?: string | undefined;
  /** A new key puts the error's alert in afresh, so a second refused send is announced again. Default: 0. */
  errorKey?: number;
  fieldRef?: Ref<HTMLTextAreaElement>;
}

/**
 * The labelled text area of a decision that takes words: the reason of a rejection (optional), or
 * an answer in words to an action of a `<HumanRequestPrompt>` approval (required).
 */
export function ApprovalTextField({
  id,
  label,
  hint,
  required = false,
  value,
  onChange,
  disabled,
  error,
  errorKey = 0,
  fieldRef,
}: ApprovalTextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div
      className="hitl-field"
      data-field-type="textarea"
      data-invalid={error ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
      data-required={required ? '' : undefined}
    >
      <Label id={`${id}-label`} htmlFor={id} text={label} required={required} description={hint} descriptionId={hintId} />
      <textarea
        ref={fieldRef}
        id={id}
        className="hitl-input"
        rows={3}
        value={value}
        required={required || undefined}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {error ? (
        // Keyed by attempt: each refused send puts the alert in afresh, so it is announced again.
        <p className="hitl-field-error" id={errorId} role="alert" key={errorKey}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

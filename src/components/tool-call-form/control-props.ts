import type { FieldModel, FieldValue } from './form-model';
import type { FieldHandle, FieldSnapshot } from './form-store';
import type { ToolCallFormMessages } from './messages';

/** The element ids of one field. */
export interface FieldIds {
  control: string;
  label: string;
  error: string;
  hint: string;
}

/** The ARIA an invalid field carries; empty while it shows no error. */
export interface InvalidProps {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** What `FormField` hands to the control that renders a field. */
export interface ControlProps {
  field: FieldModel;
  snapshot: FieldSnapshot;
  ids: FieldIds;
  /** The agent's label, or the generated "Field 3". */
  shownLabel: string;
  /** The field's own `disabled`, or the whole form's. */
  disabled: boolean;
  invalidProps: InvalidProps;
  /** The `autocomplete` attribute after the policy, if any. */
  autocomplete: string | undefined;
  messages: ToolCallFormMessages;
  /** Ignored while the field is read-only or disabled. */
  setValue(value: FieldValue, badInput?: boolean): void;
  onBlur(): void;
  /** Lends the form a way to focus the control; returns the unregister function. */
  register(handle: FieldHandle): () => void;
}

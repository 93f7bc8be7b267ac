import type { FieldHandle, FieldModel, FieldState, FieldValue } from '../../form';
import type { FieldIds } from './field-ids';
import type { FormViewMessages } from './form-view-messages';

/** The ARIA an invalid field carries; empty while it shows no error. */
export interface InvalidProps {
  /** `true` while the field shows an error. Default: absent. */
  'aria-invalid'?: true;
  /** The error message's id while the field shows an error. Default: absent. */
  'aria-describedby'?: string;
}

/** What `FormField` hands to the control that renders a field. */
export interface ControlProps {
  /** The field rendered. */
  field: FieldModel;
  /** Its current state (value, bad input, error). */
  state: FieldState;
  /** Its element ids. */
  ids: FieldIds;
  /** The agent's label, or the generated "Field 3". */
  shownLabel: string;
  /** The field's own `disabled`, or the whole form's. */
  disabled: boolean;
  /** ARIA for the control while the field shows an error. */
  invalidProps: InvalidProps;
  /** The `autocomplete` attribute after the policy, if any. */
  autocomplete: string | undefined;
  /** The texts a control may write (the select's placeholder). */
  messages: FormViewMessages;
  /** The person changed the value; ignored while the field is read-only or disabled. `badInput` defaults to false. */
  setValue: (value: FieldValue, badInput?: boolean) => void;
  /** The control lost focus. */
  onBlur: () => void;
  /** Lends the form a way to focus the control; returns the unregister function. */
  register: (handle: FieldHandle) => () => void;
}

import type { AutocompletePolicy, ClassNamePolicy } from '../../form';
import type { FormViewMessages } from './form-view-messages';

/** What every field of one form shares. Memoised by the form, so fields re-render only when it changes. */
export interface FieldEnvironment {
  /** Prefix of every element id in the form. */
  idBase: string;
  /** The texts the fields write. */
  messages: FormViewMessages;
  /** The whole form is disabled: every field is, and changes are ignored. */
  disabled: boolean;
  /** How agent-given class names reach a field's wrapper. */
  classNamePolicy: ClassNamePolicy;
  /** Which agent-given `autocomplete` values reach the DOM. */
  autocompletePolicy: AutocompletePolicy;
}

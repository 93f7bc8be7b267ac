import type { ToolCallFormMessages } from './messages';
import type { AutocompletePolicy, ClassNamePolicy } from './policies';

/** What every field of one form shares. Memoised by the form, so fields re-render only when it changes. */
export interface FieldEnvironment {
  /** Prefix of every element id in the form. */
  idBase: string;
  messages: ToolCallFormMessages;
  /** The whole form is disabled. */
  disabled: boolean;
  classNamePolicy: ClassNamePolicy;
  autocompletePolicy: AutocompletePolicy;
  /** Called after the person changed the value of field `index`. */
  onFieldChange(index: number): void;
}

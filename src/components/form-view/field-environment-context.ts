import { createContext } from 'react';
import type { ClassNamePolicy, ContentLimits, FormControl, FormViewState } from '../../form';
import type { FormMessages } from '../../messages';
import type { FieldComponents, RenderField } from './field-slots';

/** What every field of one form shares. Memoised by the form, so fields re-render only when it changes. */
export interface FieldEnvironment {
  control: FormControl;
  /** How the fields look (messages, disabled, autocomplete policy, the form's lock): a new object when that changes, so every field renders again. */
  view: FormViewState;
  messages: FormMessages;
  /** The limits of the form's content (how much of a long text is shown at first). */
  limits: ContentLimits;
  /** How agent-given class names reach a field's wrapper. */
  classNamePolicy: ClassNamePolicy;
  components: FieldComponents | undefined;
  renderField: RenderField | undefined;
}

/** The environment of the fields of the nearest form view. */
export const FieldEnvironmentContext = createContext<FieldEnvironment | null>(null);

import { createContext } from 'react';
import type { ClassNamePolicy, ContentLimits, FormControl, HeadlessSettings, HeadlessView } from '../../form';
import type { FormMessages } from '../../messages';
import type { FieldComponents, RenderField } from './field-slots';

/** What every field of one form shares. Memoised by the form, so fields re-render only when it changes. */
export interface FieldEnvironment {
  view: HeadlessView;
  control: FormControl;
  messages: FormMessages;
  /** The settings the form was read with (disabled, autocomplete policy). */
  settings: HeadlessSettings;
  /** The limits of the form's content (how much of a long text is shown at first). */
  limits: ContentLimits;
  /** The form's answer was sent and it takes no other: every field shows read-only (a new environment, so the fields render it). */
  locked: boolean;
  /** How agent-given class names reach a field's wrapper. */
  classNamePolicy: ClassNamePolicy;
  components: FieldComponents | undefined;
  renderField: RenderField | undefined;
}

/** The environment of the fields of the nearest form view. */
export const FieldEnvironmentContext = createContext<FieldEnvironment | null>(null);

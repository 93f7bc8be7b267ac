import type { ReactNode } from 'react';
import type { AutocompletePolicy, ClassNamePolicy, ContentLimits } from '../../form';
import type { RequestDraft } from '../../hooks';
import type { FormAnswer } from '../../schema';
import type { FieldComponents, RenderField } from '../form-view';
import type { HeadingLevel } from '../shared';
import type { HumanRequestPromptMessages } from './messages';

/** The props of `<HumanRequestPrompt>` its forms read, as it was given them. */
interface PromptFormOptions {
  messages?: Partial<HumanRequestPromptMessages> | undefined;
  components?: FieldComponents | undefined;
  renderField?: RenderField | undefined;
  limits?: Partial<ContentLimits> | undefined;
  classNamePolicy?: ClassNamePolicy | undefined;
  autocompletePolicy?: AutocompletePolicy | undefined;
  agentNotice?: ReactNode;
}

/** What every form of a request takes from `<HumanRequestPrompt>`. */
export interface RequestFormProps {
  /** The prompt's own props. */
  prompt: PromptFormOptions;
  /** The request's title, if it has one: a form heading equal to it is not repeated. */
  title: string | undefined;
  /** The request's draft (its `save` keeps nothing where drafts are off). */
  draft: RequestDraft;
  disabled: boolean;
  /** The level of the form's own heading, below the prompt's. */
  headingLevel: HeadingLevel;
  /** The `<form>`'s id and the prefix of its fields' ids. */
  id: string;
}

/** A draft that went through storage, if it has the shape of a form's answer (entries are checked by the form). */
export const draftAnswer = (initial: unknown) => (Array.isArray(initial) ? (initial as FormAnswer) : undefined);

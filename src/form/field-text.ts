/**
 * The words of a field: where the core's structured data (labels, issues, notes) becomes text
 * through the view's messages, so a locale only ever replaces messages.
 */
import type { FieldMessageContext, FormMessages } from '../messages';
import type { FieldIssue, FieldIssueCode } from './field-issue';
import type { FieldModel, FieldNote } from './field-model';

/** The label shown for a field: the agent's, or the generated one (`fieldLabelFallback`) for an unlabelled field. */
export function shownLabelOf(field: FieldModel, messages: FormMessages): string {
  return field.label ?? messages.fieldLabelFallback({ index: field.index });
}

/** What every field message receives; `shownLabel` is the label as shown (see `shownLabelOf`). */
export function fieldContext(field: FieldModel, shownLabel: string): FieldMessageContext {
  return { label: shownLabel, index: field.index, type: field.kind };
}

/** One message per `FieldIssue` code, named after it, receiving the field's context and the issue's parameters. */
export type FieldIssueMessages = {
  [Code in FieldIssueCode]: (context: FieldMessageContext & Omit<Extract<FieldIssue, { code: Code }>, 'code'>) => string;
};

/** The message for an issue the core found with a field: the message named by its code, given the issue's parameters. */
export function issueText(issue: FieldIssue, messages: FieldIssueMessages, context: FieldMessageContext): string {
  // TypeScript cannot pair a union's code with its own message; FieldIssueMessages checks the pairs.
  const { code, ...parameters } = issue;
  const message = messages[code] as (context: FieldMessageContext & Omit<FieldIssue, 'code'>) => string;
  return message.call(messages, { ...context, ...parameters });
}

/** The text of a note about how the agent described a field. */
export function noteText(note: FieldNote, messages: FormMessages, context: FieldMessageContext): string {
  switch (note.code) {
    case 'unknown-type':
      return messages.unknownTypeNote({ ...context, requestedType: note.requestedType });
    case 'invalid-pattern':
      return messages.invalidPatternNote({ ...context, pattern: note.pattern });
    case 'conflicting-limits':
      return messages.conflictingLimitsNote(context);
    case 'no-options':
      return messages.noOptionsNote(context);
  }
}

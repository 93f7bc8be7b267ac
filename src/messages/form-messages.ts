import { isDateLikeKind } from '../schema';
import { plural } from './plural';

/** What every field message receives: which field it is about. */
export interface FieldMessageContext {
  /** The field's label as shown (the generated "Field 3" when the agent gave none). */
  label: string;
  /** Position of the field, from 0. */
  index: number;
  /** The field's kind as rendered (`'text'` for an unknown kind). */
  type: string;
}

/**
 * Every text a form writes itself (`<ToolCallForm>`, `useToolCallForm`, the forms `<ToolCallPrompt>`
 * generates): field errors (one per `FieldIssue` code, with the parameters), notes, labels,
 * the submit button and the alert about unusable parameters. Each is a function of the field and
 * the limit involved, so translations can reorder words.
 */
export interface FormMessages {
  /** A required field is empty, unchecked or has nothing chosen. Default: "This field is required". */
  required(context: FieldMessageContext): string;
  /** Shorter than `minLength` (in UTF-16 code units, as HTML counts). Default: "Must be at least 3 characters". */
  tooShort(context: FieldMessageContext & { minLength: number; length: number }): string;
  /** Longer than `maxLength`. Default: "Must be at most 10 characters". */
  tooLong(context: FieldMessageContext & { maxLength: number; length: number }): string;
  /** The value does not match `pattern` as a whole. Default: "Must match the requested format". */
  patternMismatch(context: FieldMessageContext & { pattern: string }): string;
  /**
   * Below `min`. `minText` is `min` written in the field's own format (a date for date kinds).
   * Default: "Must be 3 or more"; for date-like kinds "Must be 2024-05-01 or later".
   */
  rangeUnderflow(context: FieldMessageContext & { min: number; minText: string }): string;
  /** Above `max`. Default: "Must be 10 or less"; for date-like kinds "Must be 2024-05-31 or earlier". */
  rangeOverflow(context: FieldMessageContext & { max: number; maxText: string }): string;
  /** Not on a `step` from `min` (or 0). Default: "Must be a valid value, such as 1 or 1.5". */
  stepMismatch(context: FieldMessageContext & { step: number; lower: number; upper: number }): string;
  /** Not an email address by HTML's rules. Default: "Must be an email address, such as name@example.com". */
  invalidEmail(context: FieldMessageContext): string;
  /** Not an absolute address with a scheme and a host. Default: "Must be a full web address, such as https://example.com". */
  invalidUrl(context: FieldMessageContext): string;
  /** The browser holds text it cannot read as the kind (half-typed date, "1e"). Default: "Must be a number" / "Must be a complete date or time". */
  badInput(context: FieldMessageContext): string;
  /** Fewer options chosen than a multiple choice asks (`minItems` of a schema). Default: "Choose at least 2 options" ("1 option"). */
  tooFewChosen(context: FieldMessageContext & { min: number; count: number }): string;
  /** More options chosen than a multiple choice allows (`maxItems` of a schema). Default: "Choose at most 2 options" ("1 option"). */
  tooManyChosen(context: FieldMessageContext & { max: number; count: number }): string;
  /** The announcement after a refused submit. Default: "Please correct 2 fields: Email, Age." */
  errorSummary(context: { count: number; labels: string[] }): string;
  /** Accessible and visible name of a field the agent gave no label. Default: "Field 3" (counting from 1). */
  fieldLabelFallback(context: { index: number }): string;
  /** Shown in a single select while nothing is chosen, when the agent gave no placeholder. Default: "Choose an option". */
  selectPlaceholder(context: FieldMessageContext): string;
  /** The submit button, when the agent gave no `submitButton.label`. Default: "Submit". */
  submit(): string;
  /** Beside the submit button once the answer was sent (the form takes no other). Default: "Sent". */
  sent(): string;
  /** Note on a field whose kind is not one of the 17. Default: 'Shown as a text field: the kind "color" is not supported.' */
  unknownTypeNote(context: FieldMessageContext & { requestedType: string }): string;
  /** Note on a field whose `pattern` is not a regular expression. Default: "The requested format cannot be checked here, so any text is accepted." */
  invalidPatternNote(context: FieldMessageContext & { pattern: string }): string;
  /** Note on a field whose min is above its max (or minLength above maxLength). Default: "The requested limits contradict each other and are not checked." */
  conflictingLimitsNote(context: FieldMessageContext): string;
  /** Note on a select or radio field without options. Default: "There are no options to choose from." */
  noOptionsNote(context: FieldMessageContext): string;
  /** Heading of the alert shown instead of a form whose parameters are unusable. Default: "This form cannot be shown. The request from the automation agent is malformed:". */
  invalidParameters(context: { count: number }): string;
  /** Shown near the submit button: the request comes from the agent. Default: "Requested by the automation agent. Check it before you answer." */
  agentNotice(): string;
  /** Shows the rest of a text cut because it is long; `length` is its whole length in characters. Default: "Show all (12,345 characters)". */
  showAll(context: { length: number }): string;
  /** Cuts a text shown in full back to its start. Default: "Show less". */
  showLess(): string;
  /** Before the chosen labels of a multiple choice among many options (a searchable list). Default: "3 chosen:". */
  optionsChosen(context: FieldMessageContext & { count: number }): string;
  /** After the chosen labels listed, when more are chosen than are listed. Default: "and 7 more". */
  moreOptionsChosen(context: FieldMessageContext & { count: number }): string;
  /** In the open searchable list when its search matches no option. Default: "No options match". */
  noOptionsMatch(context: FieldMessageContext & { query: string }): string;
  /** Announced after the search of a searchable list changed; `count` may be 0. Default: "12 options", "No options match". */
  optionsMatching(context: FieldMessageContext & { count: number; query: string }): string;
  /** Announced when an option (`option`, its label) is added to a multiple choice; `count` is the number chosen now. Default: "Apple chosen, 3 in all". */
  optionChosen(context: FieldMessageContext & { option: string; count: number }): string;
  /** Announced when an option is taken out of a multiple choice. Default: "Apple removed, 2 in all". */
  optionRemoved(context: FieldMessageContext & { option: string; count: number }): string;
}

/** The English `FormMessages`. */
export const enFormMessages: FormMessages = {
  required: () => 'This field is required',
  tooShort: ({ minLength }) => `Must be at least ${plural(minLength, 'character', 'characters')}`,
  tooLong: ({ maxLength }) => `Must be at most ${plural(maxLength, 'character', 'characters')}`,
  patternMismatch: () => 'Must match the requested format',
  rangeUnderflow: ({ type, minText }) => (isDateLikeKind(type) ? `Must be ${minText} or later` : `Must be ${minText} or more`),
  rangeOverflow: ({ type, maxText }) => (isDateLikeKind(type) ? `Must be ${maxText} or earlier` : `Must be ${maxText} or less`),
  stepMismatch: ({ lower, upper }) => `Must be a valid value, such as ${lower} or ${upper}`,
  invalidEmail: () => 'Must be an email address, such as name@example.com',
  invalidUrl: () => 'Must be a full web address, such as https://example.com',
  badInput: ({ type }) => (isDateLikeKind(type) ? 'Must be a complete date or time' : 'Must be a number'),
  tooFewChosen: ({ min }) => `Choose at least ${min} ${min === 1 ? 'option' : 'options'}`,
  tooManyChosen: ({ max }) => `Choose at most ${max} ${max === 1 ? 'option' : 'options'}`,
  errorSummary: ({ count, labels }) => `Please correct ${plural(count, 'field', 'fields')}: ${labels.join(', ')}.`,
  fieldLabelFallback: ({ index }) => `Field ${index + 1}`,
  selectPlaceholder: () => 'Choose an option',
  submit: () => 'Submit',
  sent: () => 'Sent',
  unknownTypeNote: ({ requestedType }) => `Shown as a text field: the kind "${requestedType}" is not supported.`,
  invalidPatternNote: () => 'The requested format cannot be checked here, so any text is accepted.',
  conflictingLimitsNote: () => 'The requested limits contradict each other and are not checked.',
  noOptionsNote: () => 'There are no options to choose from.',
  invalidParameters: () => 'This form cannot be shown. The request from the automation agent is malformed:',
  agentNotice: () => 'Requested by the automation agent. Check it before you answer.',
  showAll: ({ length }) => `Show all (${length.toLocaleString('en')} characters)`,
  showLess: () => 'Show less',
  optionsChosen: ({ count }) => `${count.toLocaleString('en')} chosen:`,
  moreOptionsChosen: ({ count }) => `and ${count.toLocaleString('en')} more`,
  noOptionsMatch: () => 'No options match',
  optionsMatching: ({ count }) =>
    count === 0 ? 'No options match' : `${count.toLocaleString('en')} ${count === 1 ? 'option' : 'options'}`,
  optionChosen: ({ option, count }) => `${option} chosen, ${count.toLocaleString('en')} in all`,
  optionRemoved: ({ option, count }) => `${option} removed, ${count.toLocaleString('en')} in all`,
};

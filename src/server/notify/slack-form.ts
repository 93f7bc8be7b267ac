import {
  buildFormAnswer,
  buildFormModel,
  buildSchemaForm,
  fieldContext,
  isFlatObjectSchema,
  isSecretField,
  issueText,
  schemaFormAnswer,
  shownLabelOf,
  validateField,
  type FieldModel,
  type FieldValue,
} from '../../form';
import { enFormMessages } from '../../messages';
import type { FormAnswer } from '../../schema';
import { isRecord } from '../../utils';

type Block = Record<string, unknown>;

/** Slack's limits (Block Kit reference): a modal's blocks, a select's and a checkbox group's options, an option's text. */
const MAX_MODAL_BLOCKS = 100;
const MAX_SELECT_OPTIONS = 100;
const MAX_CHOICE_OPTIONS = 10;
const MAX_OPTION_TEXT = 75;
const MAX_LABEL = 2000;
const MAX_PLACEHOLDER = 150;
const MAX_TEXT_LENGTH = 3000;

/** The kinds of field Slack has an input for: month and week have none, and a local date-time would need the reader's zone. */
const SLACK_KINDS: ReadonlySet<string> = new Set([
  'text',
  'tel',
  'email',
  'url',
  'number',
  'range',
  'date',
  'time',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'switch',
]);

/** A form Slack can show in a modal, and how its submission becomes an answer. */
export interface SlackForm {
  readonly fields: readonly FieldModel[];
  /** The form's heading and description, agent-made text. */
  readonly heading: string | undefined;
  readonly description: string | undefined;
  /** What the answer's `accept` carries: `answer` (a `form_input` form), `content` (a schema form or an action's edited arguments). */
  readonly answerOf: (values: readonly FieldValue[]) => { answer: FormAnswer } | { content: Record<string, unknown> };
}

/** A `plain_text` object of Block Kit (never mrkdwn: an agent's words cannot become a link or a mention), cut to Slack's `max`. */
export const plain = (text: string, max = MAX_TEXT_LENGTH) => ({
  type: 'plain_text',
  text:
    Array.from(text).length <= max
      ? text
      : `${Array.from(text)
          .slice(0, max - 1)
          .join('')}…`,
  emoji: false,
});

const isSecret = (field: FieldModel) => field.kind === 'password' || isSecretField({ type: field.kind, autocomplete: field.autocomplete });

/** Whether Slack has an input that holds `field` as the page's form would. */
function fitsSlack(field: FieldModel): boolean {
  if (!SLACK_KINDS.has(field.kind) || isSecret(field)) return false;
  // An option's text is cut nowhere: two options cut to the same words could not be told apart.
  if (field.options.some((option) => Array.from(option.label).length > MAX_OPTION_TEXT)) return false;
  return field.options.length <= MAX_SELECT_OPTIONS;
}

/** `fields` as a `SlackForm`, or undefined when one of them has no Slack input, is secret, or they are more than a modal holds. */
function slackFormOf(
  fields: readonly FieldModel[],
  heading: string | undefined,
  description: string | undefined,
  answerOf: SlackForm['answerOf'],
): SlackForm | undefined {
  // A modal holds 100 blocks: one a field, and one for the description.
  if (fields.length === 0 || fields.length > MAX_MODAL_BLOCKS - 1 || !fields.every(fitsSlack)) return undefined;
  return { fields, heading, description, answerOf };
}

/**
 * The form of a request or a service call as Slack can show it: a `form_input` form (`parameters`)
 * or a flat object schema (`schema`); undefined for anything Slack cannot hold without losing a
 * rule or a secret (see `fitsSlack`), which then only links to the inbox.
 */
export function slackFormOfRequest(request: unknown): SlackForm | undefined {
  if (!isRecord(request) || request.kind !== 'form') return undefined;
  if (request.schema !== undefined) {
    if (!isFlatObjectSchema(request.schema)) return undefined;
    const { model, keys } = buildSchemaForm(request.schema, {});
    return slackFormOf(model.fields, model.heading, model.description, (values) => ({
      content: schemaFormAnswer(model.fields, keys, values),
    }));
  }
  return slackFormOfParameters(request.parameters);
}

/** A service call's `form_input` parameters (or a request's) as Slack can show them. */
export function slackFormOfParameters(parameters: unknown): SlackForm | undefined {
  // A raw field that is a secret by the audit's rule, whatever the model made of it.
  const raw: unknown[] = isRecord(parameters) && Array.isArray(parameters.fields) ? parameters.fields : [];
  if (raw.some(isSecretField)) return undefined;
  const model = buildFormModel(parameters);
  if (model.fatal) return undefined;
  return slackFormOf(model.fields, model.heading, model.description, (values) => ({ answer: buildFormAnswer(model.fields, values) }));
}

/** An action's arguments as a form of fields, for "Edit": only with a flat `argsSchema` Slack can hold. */
export function slackFormOfArgs(argsSchema: unknown, args: unknown): SlackForm | undefined {
  if (!isFlatObjectSchema(argsSchema)) return undefined;
  const { model, keys } = buildSchemaForm(argsSchema, isRecord(args) ? args : {});
  return slackFormOf(model.fields, undefined, undefined, (values) => ({ content: schemaFormAnswer(model.fields, keys, values) }));
}

const blockIdOf = (field: FieldModel) => `hitl_field_${field.index}`;
const optionOf = (field: FieldModel, index: number) => ({
  text: plain(field.options[index]?.label ?? '', MAX_OPTION_TEXT),
  value: String(index),
});
const textOf = (value: FieldValue) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** The input element of `field`, started at `value` (what was typed before, or the field's initial value). */
function elementOf(field: FieldModel, value: FieldValue): Block {
  const action_id = 'value';
  const placeholder = field.placeholder === undefined ? {} : { placeholder: plain(field.placeholder, MAX_PLACEHOLDER) };
  const text = textOf(value);
  switch (field.kind) {
    case 'number':
    case 'range': {
      const whole = [field.step ?? 0, field.min ?? 0].every(Number.isInteger) && field.step !== undefined;
      return {
        type: 'number_input',
        action_id,
        is_decimal_allowed: !whole,
        ...(text === '' ? {} : { initial_value: text }),
        ...(field.min === undefined ? {} : { min_value: String(field.min) }),
        ...(field.max === undefined ? {} : { max_value: String(field.max) }),
        ...placeholder,
      };
    }
    case 'date':
      return { type: 'datepicker', action_id, ...(/^\d{4}-\d{2}-\d{2}$/.test(text) ? { initial_date: text } : {}), ...placeholder };
    case 'time':
      return { type: 'timepicker', action_id, ...(/^\d{2}:\d{2}$/.test(text) ? { initial_time: text } : {}), ...placeholder };
    case 'email':
    case 'url':
      return { type: `${field.kind}_text_input`, action_id, ...(text === '' ? {} : { initial_value: text }), ...placeholder };
    default:
      break;
  }
  switch (field.control) {
    case 'select':
    case 'radio': {
      const options = field.options.map((_, index) => optionOf(field, index));
      const initial = typeof value === 'number' && options[value] !== undefined ? { initial_option: options[value] } : {};
      const type = field.control === 'radio' && options.length <= MAX_CHOICE_OPTIONS ? 'radio_buttons' : 'static_select';
      return { type, action_id, options, ...initial, ...(type === 'static_select' ? placeholder : {}) };
    }
    case 'checkbox':
    case 'switch': {
      const option = { text: plain(shownLabelOf(field, enFormMessages), MAX_OPTION_TEXT), value: 'on' };
      return { type: 'checkboxes', action_id, options: [option], ...(value === true ? { initial_options: [option] } : {}) };
    }
    case 'checkbox-group': {
      const options = field.options.map((_, index) => optionOf(field, index));
      const chosen = Array.isArray(value) ? value.flatMap((index: number) => options[index] ?? []) : [];
      const initial = chosen.length === 0 ? {} : { initial_options: chosen };
      if (options.length <= MAX_CHOICE_OPTIONS) return { type: 'checkboxes', action_id, options, ...initial };
      const most = field.maxItems === undefined ? {} : { max_selected_items: field.maxItems };
      return { type: 'multi_static_select', action_id, options, ...initial, ...most, ...placeholder };
    }
    default: {
      const minLength = field.minLength === undefined ? {} : { min_length: Math.min(field.minLength, MAX_TEXT_LENGTH) };
      const maxLength = field.maxLength === undefined ? {} : { max_length: Math.min(field.maxLength, MAX_TEXT_LENGTH) };
      return {
        type: 'plain_text_input',
        action_id,
        multiline: field.control === 'textarea',
        ...(text === '' ? {} : { initial_value: text.slice(0, MAX_TEXT_LENGTH) }),
        ...minLength,
        ...maxLength,
        ...placeholder,
      };
    }
  }
}

/**
 * The blocks of `form` in a modal: an input block per field, labelled as the page labels it, with
 * its hint, limits and options, started at `values` (what the person typed, on a refused
 * submission) or the fields' initial values. A read-only or disabled field is shown as text and
 * answered with its value, as the page does.
 */
export function slackFormBlocks(form: SlackForm, values?: readonly FieldValue[]): Block[] {
  const blocks: Block[] = [];
  if (form.description !== undefined && form.description.trim() !== '')
    blocks.push({ type: 'section', text: plain(form.description, MAX_TEXT_LENGTH) });
  for (const field of form.fields) {
    const label = plain(shownLabelOf(field, enFormMessages), MAX_LABEL);
    const value = values?.[field.index] ?? field.initial;
    if (field.readonly || field.disabled) {
      blocks.push({ type: 'section', block_id: blockIdOf(field), text: plain(`${label.text}: ${textOf(value)}`, MAX_TEXT_LENGTH) });
      continue;
    }
    blocks.push({
      type: 'input',
      block_id: blockIdOf(field),
      label,
      element: elementOf(field, value),
      // Slack refuses an empty required input itself; the proxy checks again.
      optional: !field.required,
      ...(field.hint === undefined ? {} : { hint: plain(field.hint, MAX_LABEL) }),
    });
  }
  return blocks;
}

/** One input's state in a `view_submission`'s `view.state.values`. */
type InputState = Record<string, unknown>;

/** The editing value of `field` from its input's state: what the page's field would hold. */
function valueOf(field: FieldModel, state: InputState | undefined): FieldValue {
  if (field.readonly || field.disabled || state === undefined) return field.initial;
  const chosen = (option: unknown) => (isRecord(option) && typeof option.value === 'string' ? Number(option.value) : Number.NaN);
  const inRange = (index: number) => Number.isInteger(index) && index >= 0 && index < field.options.length;
  switch (field.control) {
    case 'select':
    case 'radio': {
      const index = chosen(state.selected_option);
      return inRange(index) ? index : null;
    }
    case 'checkbox':
    case 'switch':
      return Array.isArray(state.selected_options) && state.selected_options.length > 0;
    case 'checkbox-group':
      return Array.isArray(state.selected_options)
        ? [...new Set((state.selected_options as unknown[]).map(chosen).filter(inRange))].sort((a, b) => a - b)
        : [];
    case 'range': {
      const n = typeof state.value === 'string' && state.value.trim() !== '' ? Number(state.value) : Number.NaN;
      return Number.isFinite(n) ? n : field.initial;
    }
    default: {
      const text = state.selected_date ?? state.selected_time ?? state.value;
      return typeof text === 'string' ? text : '';
    }
  }
}

/** What a submission of `form` says: the answer's part, or an error per block (as Slack's `response_action: "errors"` takes them). */
export function readSlackForm(
  form: SlackForm,
  stateValues: unknown,
): { values: FieldValue[]; answer: ReturnType<SlackForm['answerOf']> } | { values: FieldValue[]; errors: Record<string, string> } {
  const states = isRecord(stateValues) ? stateValues : {};
  const values = form.fields.map((field) => {
    const block = states[blockIdOf(field)];
    const input = isRecord(block) && isRecord(block.value) ? block.value : undefined;
    return valueOf(field, input);
  });
  const errors: Record<string, string> = {};
  for (const field of form.fields) {
    const value = values[field.index] ?? field.initial;
    // A number Slack let through that is not one (it checks its own input, the proxy checks again).
    const bad = field.kind === 'number' && typeof value === 'string' && value.trim() !== '' && !Number.isFinite(Number(value));
    const issue = validateField(field, value, bad);
    if (issue !== null)
      errors[blockIdOf(field)] = issueText(issue, enFormMessages, fieldContext(field, shownLabelOf(field, enFormMessages)));
  }
  return Object.keys(errors).length > 0 ? { values, errors } : { values, answer: form.answerOf(values) };
}

/** The block of the first field that takes input: where an error about the whole answer is shown. */
export const firstInputBlock = (form: SlackForm) =>
  blockIdOf(form.fields.find((field) => !field.readonly && !field.disabled) ?? (form.fields[0] as FieldModel));

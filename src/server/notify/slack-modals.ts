import type { FieldValue } from '../../form';
import type { HumanAnswer, HumanDecision } from '../../request';
import { isRecord } from '../../utils';
import { plainTitle } from './notify-message';
import { firstInputBlock, plain, readSlackForm, slackFormBlocks, slackFormOfArgs, slackFormOfRequest, type SlackForm } from './slack-form';

type Block = Record<string, unknown>;

/** What a modal is for: a reason to reject, a response, edited arguments, a form, a service call's form, several actions. */
export type SlackModalKind = 'reject' | 'respond' | 'edit' | 'form' | 'call' | 'decide';

/** What a modal carries through Slack (`private_metadata`): which request, what for, and where to answer the person privately. */
export interface SlackModalMeta {
  /** The request's page id, or `<taskId>/<toolCallId>` for a service call. */
  readonly id: string;
  readonly kind: SlackModalKind;
  /** The conversation the button was pressed in. */
  readonly channel: string;
}

/** The `callback_id` of every modal the proxy opens: a submission of any other view is not the proxy's. */
export const SLACK_MODAL_CALLBACK = 'hitl_modal';

const KINDS: readonly string[] = ['reject', 'respond', 'edit', 'form', 'call', 'decide'];

/** The meta of a submitted view's `private_metadata`; undefined for one this proxy did not write. */
export function readModalMeta(text: unknown): SlackModalMeta | undefined {
  let read: unknown;
  try {
    read = typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
  if (!Array.isArray(read) || read.length !== 3 || !read.every((part) => typeof part === 'string')) return undefined;
  const [id, kind, channel] = read as [string, string, string];
  return id !== '' && KINDS.includes(kind) ? { id, kind: kind as SlackModalKind, channel } : undefined;
}

const DEFAULT_ALLOWED = ['approve', 'reject'];
const actionsOf = (request: unknown): Record<string, unknown>[] =>
  isRecord(request) && request.kind === 'approval' && Array.isArray(request.actions) ? request.actions.filter(isRecord) : [];
const allowedOf = (action: Record<string, unknown>): unknown[] => (Array.isArray(action.allowed) ? action.allowed : DEFAULT_ALLOWED);
const nameOf = (action: Record<string, unknown> | undefined) => plainTitle(action?.name, 'the action');

/** The choices of one action in the modal of several: what Slack can decide (an edit needs the inbox). */
function choicesOf(action: Record<string, unknown>): Array<{ value: string; text: string }> {
  const allowed = allowedOf(action);
  const always = action.allowAlways === true;
  const choices: Array<{ value: string; text: string }> = [];
  if (allowed.includes('approve')) {
    choices.push({ value: 'approve', text: 'Approve' });
    if (always) choices.push({ value: 'approve_always', text: 'Approve, and always for this tool' });
  }
  if (allowed.includes('reject')) {
    choices.push({ value: 'reject', text: 'Reject' });
    if (always) choices.push({ value: 'reject_always', text: 'Reject, and always for this tool' });
  }
  if (allowed.includes('respond')) choices.push({ value: 'respond', text: 'Respond instead' });
  return choices;
}

/** The modals a request's message offers, besides the buttons that answer at once. */
export function slackModalsOf(request: unknown): Readonly<Record<SlackModalKind, boolean>> {
  const actions = actionsOf(request);
  const [only] = actions;
  const one = actions.length === 1 && only !== undefined;
  const allowed = one ? allowedOf(only) : [];
  return {
    reject: one && allowed.includes('reject'),
    edit: one && allowed.includes('edit') && slackFormOfArgs(only.argsSchema, only.args) !== undefined,
    respond: one && allowed.includes('respond'),
    form: slackFormOfRequest(request) !== undefined,
    // Three blocks an action, within a modal's hundred; every action with something Slack can decide.
    decide: actions.length > 1 && actions.length <= 33 && actions.every((action) => choicesOf(action).length > 0),
    // A service call's form is read from the service when its button is pressed.
    call: false,
  };
}

const textInput = (block_id: string, label: string, optional: boolean, hint?: string, initial?: string): Block => ({
  type: 'input',
  block_id,
  label: plain(label, 2000),
  optional,
  element: {
    type: 'plain_text_input',
    action_id: 'value',
    multiline: true,
    max_length: 3000,
    ...(initial ? { initial_value: initial } : {}),
  },
  ...(hint === undefined ? {} : { hint: plain(hint, 2000) }),
});

/** The form a modal of `kind` shows for `request` (or a service call's form), when it has one. */
export function modalForm(kind: SlackModalKind, request: unknown, callForm?: SlackForm): SlackForm | undefined {
  if (kind === 'call') return callForm;
  if (kind === 'form') return slackFormOfRequest(request);
  if (kind !== 'edit') return undefined;
  const [action] = actionsOf(request);
  return slackFormOfArgs(action?.argsSchema, action?.args);
}

/**
 * The modal of `kind` for `request` (a `HumanRequest`, untrusted; for a service call, `callForm`):
 * `views.open`'s `view`, with `values` typed before when it is shown again. Every text in it is
 * plain text, never mrkdwn: an agent's words cannot become a link or a mention.
 */
export function slackModal(meta: SlackModalMeta, request: unknown, title: string, callForm?: SlackForm, values?: readonly FieldValue[]) {
  const actions = actionsOf(request);
  const [first] = actions;
  const heading: Block = { type: 'section', text: plain(title) };
  let blocks: Block[];
  let named: { title: string; submit: string };
  switch (meta.kind) {
    case 'reject':
      named = { title: 'Reject', submit: 'Reject' };
      blocks = [
        { type: 'section', text: plain(`Reject ${nameOf(first)}? The agent is told your reason, if you give one.`) },
        textInput('hitl_reason', 'Reason', true),
      ];
      if (first?.allowAlways === true)
        blocks.push({
          type: 'input',
          block_id: 'hitl_always',
          optional: true,
          label: plain('For later calls'),
          element: {
            type: 'checkboxes',
            action_id: 'value',
            options: [{ text: plain(`Always reject ${nameOf(first)}`, 75), value: 'always' }],
          },
        });
      break;
    case 'respond':
      named = { title: 'Respond', submit: 'Send' };
      blocks = [
        { type: 'section', text: plain(`Answer in words instead of running ${nameOf(first)}.`) },
        textInput('hitl_response', 'Your response', false),
      ];
      break;
    case 'decide':
      named = { title: 'Decide', submit: 'Send decisions' };
      blocks = [heading];
      for (const [index, action] of actions.entries()) {
        const description = plainTitle(action.description, '');
        const options = choicesOf(action).map((choice) => ({ text: plain(choice.text, 75), value: choice.value }));
        blocks.push(
          {
            type: 'input',
            block_id: `hitl_decision_${index}`,
            label: plain(`${index + 1}. ${nameOf(action)}${description === '' ? '' : ` — ${description}`}`, 2000),
            element: { type: 'radio_buttons', action_id: 'value', options },
          },
          textInput(`hitl_note_${index}`, 'Reason or response', true, 'A rejection may say why; a response says what instead.'),
        );
      }
      break;
    default: {
      const form = modalForm(meta.kind, request, callForm);
      const edit = meta.kind === 'edit';
      const submitLabel = isRecord(request) && typeof request.submitLabel === 'string' ? request.submitLabel : '';
      named = { title: edit ? 'Edit and approve' : 'Answer', submit: edit ? 'Approve' : submitLabel || 'Submit' };
      const intro = edit ? `Change the arguments of ${nameOf(first)}, then approve it.` : (form?.heading ?? title);
      blocks = [{ type: 'section', text: plain(intro) }, ...(form === undefined ? [] : slackFormBlocks(form, values))];
    }
  }
  return {
    type: 'modal',
    callback_id: SLACK_MODAL_CALLBACK,
    private_metadata: JSON.stringify([meta.id, meta.kind, meta.channel]),
    title: plain(named.title, 24),
    submit: plain(named.submit, 24),
    close: plain('Cancel', 24),
    blocks,
  };
}

/** The typed value of an input's state: its text, or whether a checkbox is ticked, or the chosen option's value. */
function inputOf(values: Record<string, unknown>, block: string): Record<string, unknown> {
  const state = values[block];
  return isRecord(state) && isRecord(state.value) ? state.value : {};
}
const textIn = (values: Record<string, unknown>, block: string) => {
  const value = inputOf(values, block).value;
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * What a submitted modal answers: the `HumanAnswer` for request `requestId` (for a service call,
 * the form's `answer`), or an error per block for `response_action: "errors"`.
 */
export function readSlackModal(
  meta: SlackModalMeta,
  request: unknown,
  requestId: string,
  stateValues: unknown,
  callForm?: SlackForm,
): { answer: HumanAnswer } | { errors: Record<string, string> } {
  const values = isRecord(stateValues) ? stateValues : {};
  const decided = (decisions: HumanDecision[]): { answer: HumanAnswer } => ({ answer: { requestId, action: 'accept', decisions } });
  switch (meta.kind) {
    case 'reject': {
      const message = textIn(values, 'hitl_reason');
      const selected = inputOf(values, 'hitl_always').selected_options;
      const always = Array.isArray(selected) && selected.length > 0;
      return decided([{ type: 'reject', ...(message === '' ? {} : { message }), ...(always ? { always } : {}) }]);
    }
    case 'respond': {
      const message = textIn(values, 'hitl_response');
      return message === '' ? { errors: { hitl_response: 'Say what to respond.' } } : decided([{ type: 'respond', message }]);
    }
    case 'decide': {
      const errors: Record<string, string> = {};
      const decisions = actionsOf(request).map((_, index): HumanDecision => {
        const option = inputOf(values, `hitl_decision_${index}`).selected_option;
        const choice = isRecord(option) && typeof option.value === 'string' ? option.value : '';
        const note = textIn(values, `hitl_note_${index}`);
        if (choice === '') errors[`hitl_decision_${index}`] = 'Choose what to do with this action.';
        else if (choice === 'respond' && note === '') errors[`hitl_note_${index}`] = 'Say what to respond.';
        else if (choice.startsWith('approve') && note !== '')
          errors[`hitl_note_${index}`] = 'An approval takes no words: clear this, or choose Reject or Respond.';
        const always = choice.endsWith('_always') ? { always: true } : {};
        if (choice === 'respond') return { type: 'respond', message: note };
        if (choice.startsWith('reject')) return { type: 'reject', ...(note === '' ? {} : { message: note }), ...always };
        return { type: 'approve', ...always };
      });
      return Object.keys(errors).length > 0 ? { errors } : decided(decisions);
    }
    default: {
      const form = modalForm(meta.kind, request, callForm);
      if (form === undefined) return { errors: {} };
      const read = readSlackForm(form, values);
      if ('errors' in read) return { errors: read.errors };
      if (meta.kind === 'edit') return decided([{ type: 'edit', args: 'content' in read.answer ? read.answer.content : {} }]);
      return { answer: { requestId, action: 'accept', ...read.answer } as HumanAnswer };
    }
  }
}

/** Where an error about the whole submission goes: the modal's first input. */
export function firstBlockOf(meta: SlackModalMeta, request: unknown, callForm?: SlackForm): string {
  switch (meta.kind) {
    case 'reject':
      return 'hitl_reason';
    case 'respond':
      return 'hitl_response';
    case 'decide':
      return 'hitl_decision_0';
    default: {
      const form = modalForm(meta.kind, request, callForm);
      return form === undefined ? 'hitl_field_0' : firstInputBlock(form);
    }
  }
}

import { EN_SOURCE_NAMES, sourceName } from '../../messages';
import { FORM_INPUT_TOOL_NAME } from '../../schema';
import { isRecord } from '../../utils';
import type { StoredRequest } from '../stores/request-store';
import { linkChoices } from '../requests/answer-link-token';
import { httpUrl, plainTitle } from './notify-message';
import type { AnswerLinkDecision } from './notify-options';
import { escapeMrkdwn } from './notify-slack-body';
import { plain, slackFormOfParameters } from './slack-form';
import { slackModalsOf, type SlackModalKind } from './slack-modals';

/**
 * What a button of `slackChannel`'s message does: answer at once (an answer link's decisions, an
 * approval "always", a page visited), or open a modal (a reason to reject, edited arguments, a
 * response, a form, the decisions on several actions).
 */
export type SlackDecision = Exclude<AnswerLinkDecision, 'reject_always'> | 'finished' | SlackModalKind;

/** The stable `action_id` of each button: what Slack sends back when it is pressed. */
export const SLACK_ACTION_IDS: Readonly<Record<SlackDecision, string>> = Object.freeze({
  approve: 'hitl_approve',
  approve_always: 'hitl_approve_always',
  reject: 'hitl_reject',
  decline: 'hitl_decline',
  cancel: 'hitl_cancel',
  finished: 'hitl_finished',
  edit: 'hitl_edit',
  respond: 'hitl_respond',
  form: 'hitl_answer',
  call: 'hitl_answer_call',
  decide: 'hitl_decide',
});
/** The buttons that only open a page (Slack still tells the Request URL of each press; nothing is answered). */
export const SLACK_LINK_ACTION_IDS: readonly string[] = ['hitl_open_link', 'hitl_open_request'];

type Block = Record<string, unknown>;

/** What a message says about one request, whatever became of it. */
export interface SlackRequestView {
  /** The request's id as pages know it: the buttons carry it. */
  readonly id: string;
  readonly title: string;
  readonly team: string;
  readonly source: string;
  /** The `HumanRequest` (untrusted, read as given); undefined for a call of the task service. */
  readonly request: unknown;
  readonly waitingSince: number;
  /** "Waiting for an answer", "Still waiting after 30 min"; `''` once it ended. */
  readonly headline: string;
  /** The inbox's address of it (`notify.link`), http(s). */
  readonly link: string | undefined;
  /** For a service call, its tool and parameters (untrusted): a `form_input` Slack can show gets "Answer". Never shown. */
  readonly toolCall?: { readonly name: string; readonly parameters: unknown } | undefined;
}

/** Slack's own rendering of a time in the reader's time zone, with the ISO time as its fallback. */
export const slackDate = (ms: number) => `<!date^${Math.floor(ms / 1000)}^{date_short_pretty} at {time}|${new Date(ms).toISOString()}>`;
/** Header blocks hold at most 150 characters. */
export const header = (text: string) => (Array.from(text).length <= 150 ? text : `${Array.from(text).slice(0, 149).join('')}…`);

/** A button's `value`: the request's page id and the decision, nothing else. */
export const buttonValue = (id: string, decision: SlackDecision) => JSON.stringify([id, decision]);

/** The page id and decision of a button's `value`; undefined for one this proxy did not make. */
export function readButtonValue(value: unknown): { id: string; decision: SlackDecision } | undefined {
  let read: unknown;
  try {
    read = typeof value === 'string' ? JSON.parse(value) : undefined;
  } catch {
    return undefined;
  }
  if (!Array.isArray(read) || read.length !== 2 || typeof read[0] !== 'string' || typeof read[1] !== 'string') return undefined;
  const decision = read[1] as SlackDecision;
  return Object.hasOwn(SLACK_ACTION_IDS, decision) ? { id: read[0], decision } : undefined;
}

const button = (view: SlackRequestView, decision: SlackDecision, label: string, style?: 'primary' | 'danger') => ({
  type: 'button',
  action_id: SLACK_ACTION_IDS[decision],
  text: plain(label),
  value: buttonValue(view.id, decision),
  ...(style === undefined ? {} : { style }),
});

/**
 * The buttons a request gets. An approval of one action: Approve (and "Always approve" where its
 * source allows it), Reject (a modal asks a reason), Edit (a modal of its arguments, where a flat
 * `argsSchema` Slack can hold describes them), Respond (a modal of one text); of several actions,
 * Decide (one modal for all). A form Slack can hold without a secret, and a service call's
 * `form_input` likewise: Answer (a modal of its fields). A page to visit: its address (http(s)
 * only) and "I have finished". Decline and Cancel where `allows` says; the inbox's link always.
 */
function buttons(view: SlackRequestView): Block[] {
  const request = isRecord(view.request) ? view.request : {};
  const allows = isRecord(request.allows) ? request.allows : {};
  const modals = slackModalsOf(request);
  const elements: Block[] = [];
  if (request.kind === 'approval') {
    // "Always reject" is the reject modal's box.
    for (const { decision } of linkChoices(request))
      if (decision === 'approve') elements.push(button(view, 'approve', 'Approve', 'primary'));
      else if (decision === 'approve_always') elements.push(button(view, 'approve_always', 'Always approve'));
      else if (decision === 'reject') elements.push(button(view, 'reject', 'Reject…', 'danger'));
    if (modals.edit) elements.push(button(view, 'edit', 'Edit…'));
    if (modals.respond) elements.push(button(view, 'respond', 'Respond…'));
    if (modals.decide) elements.push(button(view, 'decide', 'Decide…', 'primary'));
  } else if (request.kind === 'link') {
    const url = httpUrl(request.url);
    if (url !== undefined) elements.push({ type: 'button', action_id: 'hitl_open_link', text: plain('Open page'), url });
    elements.push(button(view, 'finished', 'I have finished', 'primary'));
  } else if (modals.form) elements.push(button(view, 'form', 'Answer…', 'primary'));
  else if (view.toolCall?.name === FORM_INPUT_TOOL_NAME && slackFormOfParameters(view.toolCall.parameters) !== undefined)
    elements.push(button(view, 'call', 'Answer…', 'primary'));
  // A hand-off of the agent's browser is taken in the inbox only, never answered from a message.
  if (allows.decline === true && request.kind !== 'control') elements.push(button(view, 'decline', 'Decline'));
  if (allows.cancel === true && request.kind !== 'control') elements.push(button(view, 'cancel', 'Cancel'));
  if (view.link !== undefined)
    elements.push({ type: 'button', action_id: 'hitl_open_request', text: plain('Open in inbox'), url: view.link });
  return elements.length === 0 ? [] : [{ type: 'actions', block_id: 'hitl_actions', elements }];
}

/** What the request asks, never its answer nor an action's arguments: who asks, each action's name and why. */
function requestBlocks(view: SlackRequestView): Block[] {
  const request = isRecord(view.request) ? view.request : {};
  const blocks: Block[] = [{ type: 'header', text: plain(header(view.title)) }];
  const who = sourceName(view.source, EN_SOURCE_NAMES);
  const fields = [plain(`Requested by: ${plainTitle(request.requestedBy, who)}`)];
  const actions: unknown[] = request.kind === 'approval' && Array.isArray(request.actions) ? request.actions : [];
  for (const action of actions.slice(0, 9)) {
    if (!isRecord(action)) continue;
    const description = plainTitle(action.description, '');
    fields.push(plain(`Action: ${plainTitle(action.name, 'an action')}${description === '' ? '' : ` — ${description}`}`));
  }
  blocks.push({ type: 'section', fields });
  const message = plainTitle(request.message, '');
  if (message !== '') blocks.push({ type: 'section', text: plain(message) });
  const team = view.team === '' ? [] : [`Team ${view.team}`];
  const facts = [...team, who].map(escapeMrkdwn).join(' · ');
  blocks.push({
    type: 'context',
    elements: [
      {
        type: 'mrkdwn',
        text:
          view.headline === ''
            ? `${facts} · asked ${slackDate(view.waitingSince)}`
            : `${escapeMrkdwn(view.headline)} · ${facts} · waiting since ${slackDate(view.waitingSince)}`,
      },
    ],
  });
  return blocks;
}

/** The message posted about a request that waits: what it asks and its buttons. */
export function slackWaitingMessage(view: SlackRequestView): { text: string; blocks: Block[] } {
  return { text: escapeMrkdwn(`${view.headline}: ${view.title}`), blocks: [...requestBlocks(view), ...buttons(view)] };
}

const VIA_WORDS: Readonly<Record<string, string>> = { slack: 'in Slack', page: 'in the inbox', email: 'from an e-mail' };

/** How `record` ended, in one line of mrkdwn: what, by whom, where and when. */
export function endedLine(
  record: Pick<StoredRequest, 'state' | 'answerAction' | 'answeredBy' | 'answeredVia' | 'endedAt'>,
  expiredAction: string,
): string {
  const when = slackDate(record.endedAt ?? Date.now());
  const answered = record.state === 'answered' || record.state === 'delivered';
  if (answered && record.answerAction !== expiredAction) {
    const did = record.answerAction === 'decline' ? 'Declined' : record.answerAction === 'cancel' ? 'Dismissed' : 'Answered';
    const by = record.answeredBy === undefined || record.answeredBy === '' ? '' : ` by ${escapeMrkdwn(record.answeredBy)}`;
    const via = VIA_WORDS[record.answeredVia ?? ''];
    return `*${did}*${by}${via === undefined ? '' : ` ${via}`}, ${when}`;
  }
  if (answered || record.state === 'expired') return `*Expired*: nobody answered before its deadline, ${when}`;
  if (record.state === 'cancelled') return `*Withdrawn*: the agent no longer needs an answer, ${when}`;
  return `*Can no longer be answered*: the agent that asked is gone, ${when}`;
}

/** The message once the request ended: what it asked, how it ended, no buttons. */
export function slackEndedMessage(view: SlackRequestView, line: string): { text: string; blocks: Block[] } {
  const blocks = requestBlocks(view);
  blocks.push({ type: 'section', block_id: 'hitl_ended', text: { type: 'mrkdwn', text: line } });
  return { text: `${escapeMrkdwn(view.title)}: ${line}`, blocks };
}

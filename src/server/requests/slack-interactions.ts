import { errorEnvelope, readLimited } from '../../client';
import type { HumanAnswer } from '../../request';
import { isRecord } from '../../utils';
import { describeError } from '../logger';
import { notAllowed } from '../proxy-paths';
import { callSlack, type SlackChannelSettings } from '../notify/slack-api';
import { readButtonValue, SLACK_ACTION_IDS, type SlackDecision } from '../notify/slack-blocks';
import { slackModal, slackModalsOf, type SlackModalKind, type SlackModalMeta } from '../notify/slack-modals';
import { plainTitle } from '../notify/notify-message';
import type { AnswerLinkDecision } from '../notify/notify-options';
import type { ProxyIdentity } from '../task-proxy-options';
import { linkAnswer } from './answer-link-token';
import { requestOf, storeIdOf, waitingItem } from './request-records';
import {
  actorOf,
  answerableRequest,
  CANNOT_IN_SLACK,
  handledOnce,
  identifyActor,
  pendingCall,
  signedBy,
  tellPrivately,
  toldOf,
  type SlackInteractionsDeps,
} from './slack-replies';
import { slackNotice, slackSubmission } from './slack-submissions';

export type { SlackInteractionsDeps } from './slack-replies';

/** The Slack app's Request URL, below `basePath`. */
export const SLACK_INTERACTIONS_PATH = '/slack/interactions';

/** How far a request's `X-Slack-Request-Timestamp` may be from now: Slack's own advice, five minutes. */
const MAX_SKEW_MS = 5 * 60_000;

/**
 * `POST {basePath}/slack/interactions`, the Request URL of the Slack app of `slackChannel`: checks
 * Slack's signature (`X-Slack-Signature`, `v0`, under a channel's signing secret) and that the
 * request is at most five minutes old before it reads anything of the body (else 401). A press is
 * answered 200 at once, as Slack wants within 3 s, and handled after: once per interaction across
 * instances (a retry, `X-Slack-Retry-Num`, finds it handled), as the person the channel's
 * `identify` names, through `takeAnswer` (`via: 'slack'`) or by opening its modal. A modal's
 * submission is answered in the acknowledgement itself (`slackSubmission`). Whoever cannot answer
 * is told privately (`chat.postEphemeral`), and so is whoever pressed after the request ended.
 */
export async function slackInteractionsRoute(deps: SlackInteractionsDeps, request: Request): Promise<Response> {
  if (request.method !== 'POST') return notAllowed(['POST']);
  const body = await readLimited(request, deps.maxBodyBytes).catch(() => 'unreadable' as const);
  if (body === 'unreadable') return errorEnvelope(400, 'The request body could not be read');
  if (body === 'too-large') return errorEnvelope(413, `Request body larger than ${deps.maxBodyBytes} bytes`);
  const timestamp = request.headers.get('x-slack-request-timestamp') ?? '';
  const signature = request.headers.get('x-slack-signature') ?? '';
  const sentAt = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) * 1000 : Number.NaN;
  const channel =
    Math.abs(deps.now() - sentAt) <= MAX_SKEW_MS
      ? deps.channels.find((each) => signedBy(each.signingSecret, timestamp, body, signature))
      : undefined;
  if (channel === undefined) return errorEnvelope(401, 'Not signed by Slack');
  const payload = readPayload(body);
  const failed = (error: unknown) => {
    deps.logger.error(`notifications: ${channel.name} could not handle an interaction: ${describeError(error)}`);
  };
  // A modal's submission is answered in the acknowledgement itself (its errors, or closing it).
  if (payload?.type === 'view_submission')
    return slackSubmission(deps, channel, payload).catch((error: unknown) => {
      failed(error);
      return slackNotice('The proxy could not take your answer just now. Nothing was sent; try again in a moment.');
    });
  if (payload?.type === 'block_actions') deps.track(pressed(deps, channel, payload).catch(failed));
  return new Response(null, { status: 200 });
}

/** The interaction payload of a form-encoded body (`payload=`); undefined for anything else. */
function readPayload(body: Uint8Array): Record<string, unknown> | undefined {
  try {
    const payload: unknown = JSON.parse(new URLSearchParams(new TextDecoder().decode(body)).get('payload') ?? '');
    return isRecord(payload) ? payload : undefined;
  } catch {
    return undefined;
  }
}

const MODAL_KINDS: ReadonlySet<string> = new Set(['reject', 'edit', 'respond', 'form', 'call', 'decide']);

/**
 * A button pressed: once per press across instances (a retry finds it handled), as the person the
 * channel's `identify` names. A button that answers at once takes its answer through `takeAnswer`;
 * one that asks more opens its modal (`views.open`, within the press's 3 s) when the request is
 * still the person's to answer. Whoever cannot is told privately why.
 */
async function pressed(deps: SlackInteractionsDeps, slack: SlackChannelSettings, payload: Record<string, unknown>): Promise<void> {
  const [action] = Array.isArray(payload.actions) ? (payload.actions as unknown[]) : [];
  const actor = actorOf(payload);
  if (!isRecord(action) || actor === undefined) return;
  const button = readButtonValue(action.value);
  // A button that only opens a page, or one this proxy did not make: nothing to answer.
  if (button === undefined || SLACK_ACTION_IDS[button.decision] !== action.action_id) return;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  // Unique per press: a retry of it carries the same.
  if (!(await handledOnce(deps, slack, `${text(payload.trigger_id)}/${text(action.action_ts)}/${text(action.action_id)}`))) return;
  const tell = (said: string) => tellPrivately(slack, actor, said, deps.logger);
  const identity = await identifyActor(slack, actor, deps.logger);
  if (typeof identity === 'string') return void (await tell(identity));
  if (MODAL_KINDS.has(button.decision)) {
    const meta = { id: button.id, kind: button.decision as SlackModalKind, channel: actor.channel };
    const view = await modalFor(deps, meta, identity);
    if (typeof view === 'string') return void (await tell(view));
    await callSlack(slack, 'views.open', { trigger_id: text(payload.trigger_id), view }).catch(async (error: unknown) => {
      deps.logger.error(`notifications: ${slack.name} could not open a modal: ${describeError(error)}`);
      await tell('Slack did not open the form in time. Nothing was sent; press the button again, or answer from the inbox.');
    });
    return;
  }
  // A hand-off is taken in the inbox only: no press answers it, whatever the button says.
  if (await isHandOff(deps, button.id)) return void (await tell(CANNOT_IN_SLACK));
  const response = await deps.take({
    identity,
    id: button.id,
    via: 'slack',
    read: () => Promise.resolve(answerOf(button.decision, button.id)),
  });
  const said = await toldOf(response);
  if (said !== undefined) await tell(said);
}

/** The modal `meta` asks for, when `identity` may answer its request (or service call) now; else what to tell them. */
async function modalFor(deps: SlackInteractionsDeps, meta: SlackModalMeta, identity: ProxyIdentity) {
  if (meta.kind === 'call') {
    const call = await pendingCall(deps, meta.id, identity);
    return typeof call === 'string' ? call : slackModal(meta, undefined, call.title, call.form);
  }
  const found = await answerableRequest(deps.store, meta.id, identity);
  if (typeof found === 'string') return found;
  // A button its message never had (a form with a secret, an edit Slack cannot hold): no modal, ever.
  if (!slackModalsOf(found.request)[meta.kind]) return CANNOT_IN_SLACK;
  return slackModal(meta, found.request, plainTitle(waitingItem(found.record, found.request).title));
}

/** Whether request `id` (a page's id) is a hand-off of the agent's browser. */
async function isHandOff(deps: SlackInteractionsDeps, id: string): Promise<boolean> {
  const [record] = await deps.store.readRequests([storeIdOf(id)]);
  return record !== undefined && requestOf(record)?.kind === 'control';
}

function answerOf(decision: SlackDecision, id: string): HumanAnswer {
  return decision === 'finished' ? { requestId: id, action: 'accept' } : linkAnswer(decision as AnswerLinkDecision, id);
}

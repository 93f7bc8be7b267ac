import { FORM_INPUT_TOOL_NAME } from '../../schema';
import { isRecord } from '../../utils';
import { describeError, type TaskProxyLogger } from '../logger';
import { callSlack, type SlackChannelSettings, type SlackUser } from '../notify/slack-api';
import { escapeMrkdwn } from '../notify/notify-slack-body';
import type { RequestStore, StoredRequest } from '../stores/request-store';
import type { ProxyIdentity } from '../task-proxy-options';
import { isCallersQuestion, requestOf, storeIdOf } from './request-records';
import type { HumanRequest } from '../../request';
import { createHmacSha256, hmacSha256, sameBytes } from '../hmac';
import { slackFormOfParameters, type SlackForm } from '../notify/slack-form';
import type { AnswerAttempt } from './request-answer-route';
import type { ServiceCallAnswers } from './service-calls';

/** What the route of Slack's interactions needs of the proxy. */
export interface SlackInteractionsDeps {
  readonly channels: readonly SlackChannelSettings[];
  readonly store: RequestStore;
  /** The one path every answer takes (`takeAnswer`, through `proxy.requests`). */
  readonly take: (attempt: AnswerAttempt) => Promise<Response>;
  /** The task service's calls, once the proxy serves a service. */
  readonly serviceCalls: () => ServiceCallAnswers | undefined;
  readonly now: () => number;
  readonly maxBodyBytes: number;
  readonly logger: TaskProxyLogger;
  readonly onStoreError: (error: unknown) => void;
  /** Keeps the work after the answer to Slack until the proxy closes (it waits for it). */
  readonly track: (work: Promise<unknown>) => void;
}

const encoder = new TextEncoder();
const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Whether `signature` is Slack's `v0` signature of `body` sent at `timestamp`, under `secret`; compared in constant time. */
export function signedBy(secret: string, timestamp: string, body: Uint8Array, signature: string): boolean {
  const base = encoder.encode(`v0:${timestamp}:`);
  const signed = new Uint8Array(base.length + body.length);
  signed.set(base);
  signed.set(body, base.length);
  return sameBytes(encoder.encode(`v0=${hex(hmacSha256(encoder.encode(secret), signed))}`), encoder.encode(signature));
}

/** How long the mark of an interaction handled outlives it: longer than Slack retries one. */
const HANDLED_MARK_MS = 60 * 60_000;

/** Claims `what` once across instances for as long as Slack may retry it; false when it was handled, or the store failed. */
export async function handledOnce(deps: SlackInteractionsDeps, slack: SlackChannelSettings, what: string): Promise<boolean> {
  const mark = `slack-interaction:${slack.name}:${createHmacSha256(slack.signingSecret)(what)}`;
  try {
    return await deps.store.claimOnce(mark, HANDLED_MARK_MS);
  } catch (error) {
    deps.onStoreError(error);
    return false;
  }
}

/**
 * Service call `id` (`<taskId>/<toolCallId>`) when it waits now, is `identity`'s team's, and is a
 * form Slack can hold; else what to tell the person.
 */
export async function pendingCall(
  deps: SlackInteractionsDeps,
  id: string,
  identity: ProxyIdentity,
): Promise<{ taskId: string; toolCallId: string; title: string; form: SlackForm } | string> {
  const calls = deps.serviceCalls();
  const slash = id.indexOf('/');
  if (calls === undefined || slash <= 0) return CANNOT_IN_SLACK;
  const [taskId, toolCallId] = [id.slice(0, slash), id.slice(slash + 1)];
  const call = await calls.pending(identity, taskId, toolCallId);
  if (call instanceof Response) return 'The proxy could not reach the task service just now. Nothing was sent; try again in a moment.';
  if (call === undefined)
    return 'This call no longer waits for an answer (it was answered, or its run moved on), or it is not one you answer. Nothing was sent.';
  // Only a form is answered in Slack: a hand-off (`human_control`) and every other tool in the inbox.
  if (call.name !== FORM_INPUT_TOOL_NAME) return CANNOT_IN_SLACK;
  const form = slackFormOfParameters(call.parameters);
  if (form === undefined) return CANNOT_IN_SLACK;
  return { taskId, toolCallId, title: form.heading ?? 'Input requested', form };
}

/** Who did something in Slack, and where: what every interaction payload names. */
export interface SlackActor extends SlackUser {
  /** The conversation it happened in (`channel.id`, or the modal's message's), for a private reply. */
  readonly channel: string;
}

/** The fields of an interaction payload's `user`, `team` and `channel` this proxy reads. */
export function actorOf(payload: Record<string, unknown>, channel?: string): SlackActor | undefined {
  const user = isRecord(payload.user) ? payload.user : {};
  const team = isRecord(payload.team) ? payload.team : {};
  const where = isRecord(payload.channel) ? payload.channel : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (text(user.id) === '') return undefined;
  return {
    userId: text(user.id),
    teamId: text(team.id) || text(user.team_id),
    userName: text(user.username) || text(user.name),
    channel: channel ?? text(where.id),
  };
}

/** Tells `actor` privately (`chat.postEphemeral`): only they see it. A failure is logged, never thrown. */
export function tellPrivately(slack: SlackChannelSettings, actor: SlackActor, text: string, logger: TaskProxyLogger): Promise<unknown> {
  return callSlack(slack, 'chat.postEphemeral', { channel: actor.channel, user: actor.userId, text }).catch((error: unknown) =>
    logger.error(`notifications: ${slack.name} could not tell a user privately: ${describeError(error)}`),
  );
}

export const CANNOT_IN_SLACK = 'This request cannot be answered in Slack. Nothing was sent; answer it from the inbox.';
export const NOT_ONE_OF_US =
  'You cannot answer requests from Slack here: your Slack user is not one of the people who answer them. Nothing was answered.';
export const NOT_IDENTIFIED = 'The proxy could not tell who you are. Nothing was answered; try again later or answer from the inbox.';

/** The person `actor` is, as the channel's `identify` names them; a sentence to tell them when nobody (or it threw). */
export async function identifyActor(
  slack: SlackChannelSettings,
  actor: SlackActor,
  logger: TaskProxyLogger,
): Promise<ProxyIdentity | string> {
  let identity: ProxyIdentity | null;
  try {
    identity = await slack.identify({ userId: actor.userId, teamId: actor.teamId, userName: actor.userName });
  } catch (error) {
    logger.error(`notifications: the identify of ${slack.name} threw: ${describeError(error)}`);
    return NOT_IDENTIFIED;
  }
  return typeof identity?.team === 'string' && typeof identity.user === 'string' ? identity : NOT_ONE_OF_US;
}

const NOT_YOURS = 'This request is not one you answer (it is for another team or person), or it is gone. Nothing was sent.';

/**
 * Request `id` (a page's id) when `identity` may answer it now: its record and its `HumanRequest`;
 * else the sentence to tell them (not theirs, gone, answered by whom, withdrawn, expired).
 */
export async function answerableRequest(
  store: RequestStore,
  id: string,
  identity: ProxyIdentity,
): Promise<{ record: StoredRequest; request: HumanRequest } | string> {
  const [record] = await store.readRequests([storeIdOf(id)]);
  if (!isCallersQuestion(record, id, identity)) return NOT_YOURS;
  const request = requestOf(record);
  if (request === undefined) return NOT_YOURS;
  if (record.state === 'answered' || record.state === 'delivered') {
    if (record.answerAction === 'expired') return ended('expired');
    return answered(record.answeredBy, new Date(record.endedAt ?? 0).toISOString());
  }
  return record.state === 'open' ? { record, request } : ended(record.state);
}

function answered(by: unknown, at: unknown): string {
  const who = typeof by === 'string' && by !== '' ? ` by ${escapeMrkdwn(by)}` : '';
  const when = typeof at === 'string' ? ` at ${at}` : '';
  return `This request was already answered${who}${when}. Your answer was not sent.`;
}

function ended(state: unknown): string {
  return state === 'cancelled'
    ? 'This request was withdrawn: the agent no longer needs an answer. Nothing was sent.'
    : state === 'expired'
      ? 'This request expired before anyone answered it. Nothing was sent.'
      : 'This request can no longer be answered: the agent that asked is gone. Nothing was sent.';
}

/** What the person is told privately of an answer's response; nothing when it was answered (the message says so). */
export async function toldOf(response: Response): Promise<string | undefined> {
  if (response.status === 200 || response.status === 202 || response.status === 504) return undefined;
  const body: unknown = await response.json().catch(() => undefined);
  const fields = isRecord(body) ? body : {};
  switch (response.status) {
    case 409:
      return answered(fields.answeredBy, fields.answeredAt);
    case 410:
      return ended(fields.state);
    case 404:
      return NOT_YOURS;
    case 503:
      return 'The proxy could not take your answer just now. Nothing was sent; try again in a moment.';
    default: {
      const why = typeof fields.error === 'string' ? fields.error : String(response.status);
      return `Your answer was refused: ${escapeMrkdwn(why)}. Nothing was sent.`;
    }
  }
}

import { errorEnvelope, readLimited } from '../../client';
import { isRecord } from '../../utils';
import { hmacSha256 } from '../hmac';
import { describeError, type TaskProxyLogger } from '../logger';
import { notAllowed } from '../proxy-paths';
import { callSlack, type SlackChannelSettings } from '../notify/slack-api';
import { readButtonValue, SLACK_ACTION_IDS, type SlackDecision } from '../notify/slack-blocks';
import { escapeMrkdwn } from '../notify/notify-slack-body';
import type { RequestStore } from '../stores/request-store';
import type { ProxyIdentity } from '../task-proxy-options';
import { linkAnswer } from './answer-link-token';
import type { AnswerAttempt } from './request-answer-route';

/** The Slack app's Request URL, below `basePath`. */
export const SLACK_INTERACTIONS_PATH = '/slack/interactions';

/** How far a request's `X-Slack-Request-Timestamp` may be from now: Slack's own advice, five minutes. */
const MAX_SKEW_MS = 5 * 60_000;
/** How long the mark of an interaction handled outlives it: longer than Slack retries one. */
const HANDLED_MARK_MS = 60 * 60_000;

/** What the route of Slack's interactions needs of the proxy. */
export interface SlackInteractionsDeps {
  readonly channels: readonly SlackChannelSettings[];
  readonly store: RequestStore;
  /** The one path every answer takes (`takeAnswer`, through `proxy.requests`). */
  readonly take: (attempt: AnswerAttempt) => Promise<Response>;
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
function signedBy(secret: string, timestamp: string, body: Uint8Array, signature: string): boolean {
  const base = encoder.encode(`v0:${timestamp}:`);
  const signed = new Uint8Array(base.length + body.length);
  signed.set(base);
  signed.set(body, base.length);
  const expected = `v0=${hex(hmacSha256(encoder.encode(secret), signed))}`;
  if (signature.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index++) difference |= expected.charCodeAt(index) ^ signature.charCodeAt(index);
  return difference === 0;
}

/**
 * `POST {basePath}/slack/interactions`, the Request URL of the Slack app of `slackChannel`: checks
 * Slack's signature (`X-Slack-Signature`, `v0`, under a channel's signing secret) and that the
 * request is at most five minutes old before it reads anything of the body (else 401), then answers
 * 200 at once, as Slack wants within 3 s, and handles the press after: once per interaction across
 * instances (a retry, `X-Slack-Retry-Num`, finds it handled), as the person the channel's
 * `identify` names, through `takeAnswer` (`via: 'slack'`). Whoever cannot answer is told privately
 * (`chat.postEphemeral`), and so is whoever pressed after the request ended.
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
  deps.track(
    handle(deps, channel, body).catch((error: unknown) =>
      deps.logger.error(`notifications: ${channel.name} could not handle an interaction: ${describeError(error)}`),
    ),
  );
  return new Response(null, { status: 200 });
}

/** The fields of a `block_actions` payload this route reads; undefined for any other payload. */
function readPress(body: Uint8Array) {
  let payload: unknown;
  try {
    payload = JSON.parse(new URLSearchParams(new TextDecoder().decode(body)).get('payload') ?? '');
  } catch {
    return undefined;
  }
  if (!isRecord(payload) || payload.type !== 'block_actions' || !Array.isArray(payload.actions)) return undefined;
  const [action] = payload.actions as unknown[];
  const user = isRecord(payload.user) ? payload.user : {};
  const team = isRecord(payload.team) ? payload.team : {};
  const where = isRecord(payload.channel) ? payload.channel : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (!isRecord(action) || text(user.id) === '') return undefined;
  return {
    userId: text(user.id),
    teamId: text(team.id) || text(user.team_id),
    userName: text(user.username) || text(user.name),
    channel: text(where.id),
    actionId: text(action.action_id),
    value: action.value,
    // Unique per press: a retry of it carries the same.
    press: `${text(payload.trigger_id)}/${text(action.action_ts)}/${text(action.action_id)}`,
  };
}

async function handle(deps: SlackInteractionsDeps, slack: SlackChannelSettings, body: Uint8Array): Promise<void> {
  const press = readPress(body);
  if (press === undefined) return;
  const button = readButtonValue(press.value);
  // A button that only opens a page, or one this proxy did not make: nothing to answer.
  if (button === undefined || SLACK_ACTION_IDS[button.decision] !== press.actionId) return;
  const mark = `slack-interaction:${slack.name}:${hex(hmacSha256(encoder.encode(slack.signingSecret), encoder.encode(press.press)))}`;
  let first: boolean;
  try {
    first = await deps.store.claimOnce(mark, HANDLED_MARK_MS);
  } catch (error) {
    deps.onStoreError(error);
    return;
  }
  if (!first) return;
  const tell = (text: string) =>
    callSlack(slack, 'chat.postEphemeral', { channel: press.channel, user: press.userId, text }).catch((error: unknown) =>
      deps.logger.error(`notifications: ${slack.name} could not tell a user privately: ${describeError(error)}`),
    );
  let identity: ProxyIdentity | null;
  try {
    identity = await slack.identify({ userId: press.userId, teamId: press.teamId, userName: press.userName });
  } catch (error) {
    deps.logger.error(`notifications: the identify of ${slack.name} threw: ${describeError(error)}`);
    return void (await tell('The proxy could not tell who you are. Nothing was answered; try again later or answer from the inbox.'));
  }
  if (typeof identity?.team !== 'string' || typeof identity.user !== 'string')
    return void (await tell(
      'You cannot answer requests from Slack here: your Slack user is not one of the people who answer them. Nothing was answered.',
    ));
  const response = await deps.take({
    identity,
    id: button.id,
    via: 'slack',
    read: () => Promise.resolve(answerOf(button.decision, button.id)),
  });
  const said = await told(response);
  if (said !== undefined) await tell(said);
}

const answerOf = (decision: SlackDecision, id: string) =>
  decision === 'finished' ? { requestId: id, action: 'accept' as const } : linkAnswer(decision, id);

/** What the person is told privately of `takeAnswer`'s response; nothing when it was answered (the message says so). */
async function told(response: Response): Promise<string | undefined> {
  if (response.status === 200 || response.status === 202 || response.status === 504) return undefined;
  const body: unknown = await response.json().catch(() => undefined);
  const fields = isRecord(body) ? body : {};
  switch (response.status) {
    case 409: {
      const by = typeof fields.answeredBy === 'string' && fields.answeredBy !== '' ? ` by ${escapeMrkdwn(fields.answeredBy)}` : '';
      const at = typeof fields.answeredAt === 'string' ? ` at ${fields.answeredAt}` : '';
      return `This request was already answered${by}${at}. Your answer was not sent.`;
    }
    case 410:
      return fields.state === 'cancelled'
        ? 'This request was withdrawn: the agent no longer needs an answer. Nothing was sent.'
        : fields.state === 'expired'
          ? 'This request expired before anyone answered it. Nothing was sent.'
          : 'This request can no longer be answered: the agent that asked is gone. Nothing was sent.';
    case 404:
      return 'This request is not one you answer (it is for another team or person), or it is gone. Nothing was sent.';
    case 503:
      return 'The proxy could not take your answer just now. Nothing was sent; press the button again in a moment.';
    default: {
      const why = typeof fields.error === 'string' ? fields.error : String(response.status);
      return `Your answer was refused: ${escapeMrkdwn(why)}. Nothing was sent.`;
    }
  }
}

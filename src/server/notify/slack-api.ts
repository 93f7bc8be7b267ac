import { isRecord } from '../../utils';
import { deadlineSignal } from './notify-retry';
import type { ProxyIdentity } from '../task-proxy-options';

/** Slack's Web API, as `slackChannel` calls it. */
export interface SlackApi {
  /** The Web API's base, with its trailing slash. */
  readonly apiUrl: string;
  /** The bot token (`xoxb-…`). */
  readonly token: string;
}

/** Who pressed a button, as Slack's interaction payload names them. */
export interface SlackUser {
  /** The user's id in the workspace (`user.id`, e.g. `U024BE7LH`). */
  readonly userId: string;
  /** The workspace's id (`team.id`, e.g. `T024BE7LD`). */
  readonly teamId: string;
  /** The user's handle (`user.username`), `''` when Slack gave none; for reading, not for trusting. */
  readonly userName: string;
}

/** What the proxy reads of a `slackChannel`: its settings, by the channel object. */
export interface SlackChannelSettings extends SlackApi {
  readonly name: string;
  readonly signingSecret: string;
  readonly channel: string;
  /** Who a Slack user is (`SlackChannelOptions.identify`). */
  readonly identify: (user: SlackUser) => ProxyIdentity | null | Promise<ProxyIdentity | null>;
}

/** Slack said no (`ok: false`, its `error`), or could not be reached. */
export class SlackApiError extends Error {
  override name = 'SlackApiError';
}

/** The longest a call of the Web API may take. */
const CALL_TIMEOUT_MS = 10_000;

/**
 * Calls Web API method `method` (`chat.postMessage`, `chat.update`, `chat.postEphemeral`) with a
 * JSON body, as Slack documents it: `POST {apiUrl}{method}`, `Authorization: Bearer {token}`.
 * Resolves with Slack's answer when it says `ok: true`; rejects with a `SlackApiError` otherwise
 * (its message never holds the token).
 */
export async function callSlack(
  api: SlackApi,
  method: string,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  const bound = deadlineSignal(signal ?? new AbortController().signal, CALL_TIMEOUT_MS);
  try {
    const response = await fetch(`${api.apiUrl}${method}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
      signal: bound.signal,
    });
    const answer: unknown = await response.json().catch(() => undefined);
    if (!isRecord(answer)) throw new SlackApiError(`Slack's ${method} answered ${response.status} without a JSON body`);
    if (answer.ok !== true)
      throw new SlackApiError(`Slack's ${method} said ${typeof answer.error === 'string' ? answer.error : response.status}`);
    return answer;
  } catch (error) {
    if (error instanceof SlackApiError) throw error;
    throw new SlackApiError(`Slack's ${method} could not be reached (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    bound.clear();
  }
}

/** `apiUrl` as `callSlack` joins it: an absolute http(s) address ending in a slash; a `TypeError` otherwise. */
export function readSlackApiUrl(value: unknown): string {
  if (value === undefined) return 'https://slack.com/api/';
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '')
    throw new TypeError('slackChannel: apiUrl must be an absolute http(s) address, e.g. https://slack.com/api/');
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

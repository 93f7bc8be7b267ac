import { parseRetryAfter } from '../../client';
import { retryDelay } from '../../utils';
import { httpUrl } from './notify-message';
import type { NotificationChannel, NotificationMessage } from './notify-options';
import { deadlineSignal, isRetryableStatus, sleep } from './notify-retry';
import { slackWebhookBody } from './notify-slack-body';
import { standardWebhookHeaders, webhookSecretKey } from './notify-webhook-signature';

/** Options of `webhookChannel`. */
export interface WebhookChannelOptions {
  /** Where to POST, an http(s) address (for Slack, the incoming webhook's). Required. */
  url: string;
  /**
   * The Standard Webhooks secret the receiver verifies with (`whsec_` and base64, at least 16
   * bytes): every delivery carries `webhook-id`, `webhook-timestamp` and `webhook-signature`.
   * Required with the `standard` format; with `slack`, deliveries are signed when it is given.
   */
  secret?: string;
  /**
   * `standard`: a JSON event `{ type, timestamp, data }`, `type` being `request.waiting` or
   * `request.escalation` and `data` the `NotificationMessage`. `slack`: a Slack incoming-webhook
   * body (`text` and Block Kit blocks with a button to the request). Default: `standard`.
   */
  format?: 'standard' | 'slack';
  /** Tries in all, the first included: network errors, 5xx, 408 and 429 are tried again; another 4xx is not. Default: 5. */
  retries?: number;
  /** Upper bound of the first retry's delay, in ms (full jitter, doubling at each retry). Default: 1000. */
  retryBaseMs?: number;
  /** Upper bound of every retry's delay, in ms; a longer `Retry-After` is still obeyed, up to 10 minutes. Default: 60000. */
  retryCapMs?: number;
  /** Ms to wait for the receiver's answer to one try. Default: 10000. */
  timeoutMs?: number;
  /** The `fetch` used. Default: `globalThis.fetch`, looked up at call time. */
  fetch?: (request: Request) => Promise<Response>;
  /** Names the channel in log lines. Default: `webhook <host>` (never the path, which may hold a token). */
  name?: string;
  /** Source of randomness in [0, 1) for the jitter. Default: `Math.random`. */
  random?: () => number;
}

/** A `Retry-After` longer than this is not waited for: the delivery fails. */
const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** Why a delivery failed; `retryable` says whether another try may do better. */
class DeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** The body of a delivery. */
function bodyOf(message: NotificationMessage, format: 'standard' | 'slack', timestamp: number): string {
  if (format === 'slack') return JSON.stringify(slackWebhookBody(message));
  return JSON.stringify({ type: `request.${message.kind}`, timestamp: new Date(timestamp).toISOString(), data: message });
}

/**
 * A channel that POSTs each notification to `url`, signed as Standard Webhooks sign, and tries
 * again with exponential backoff and jitter (obeying `Retry-After`) while the receiver fails. Every
 * try of one notification carries the same `webhook-id`, as does a repeat after a store fault: a
 * receiver that keeps the ids it handled drops them. `format: 'slack'` posts to a Slack incoming webhook.
 */
export function webhookChannel(options: WebhookChannelOptions): NotificationChannel {
  const url = httpUrl(options?.url);
  if (url === undefined) throw new TypeError('webhookChannel: url must be an absolute http(s) address');
  const format = options.format ?? 'standard';
  if (format !== 'standard' && format !== 'slack') throw new TypeError('webhookChannel: format must be "standard" or "slack"');
  if (format === 'standard' && options.secret === undefined) throw new TypeError('webhookChannel: a standard webhook needs a secret');
  const key = options.secret === undefined ? undefined : webhookSecretKey(options.secret);
  const tries = Math.max(1, Math.floor(options.retries ?? 5));
  const backoff = { baseMs: options.retryBaseMs ?? 1000, capMs: options.retryCapMs ?? 60_000, random: options.random ?? Math.random };
  const timeoutMs = options.timeoutMs ?? 10_000;
  const host = new URL(url).host;

  async function deliver(message: NotificationMessage, body: string, signal: AbortSignal): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'hitl-react' };
    // Signed at each try: a receiver refuses a timestamp from too long ago, and retries take minutes.
    if (key !== undefined) Object.assign(headers, standardWebhookHeaders(key, message.webhookId, Math.floor(Date.now() / 1000), body));
    const deadline = deadlineSignal(signal, timeoutMs);
    let response: Response;
    try {
      // A redirect would carry the signed body wherever it points: it counts as a failure.
      const request = new Request(url!, { method: 'POST', headers, body, redirect: 'manual', signal: deadline.signal });
      response = await (options.fetch ?? globalThis.fetch)(request);
      // Only the status matters; reading the rest would hold the connection for a body nobody reads.
      await response.body?.cancel().catch(() => undefined);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new DeliveryError(`${host} could not be reached (${error instanceof Error ? error.message : String(error)})`, true);
    } finally {
      deadline.clear();
    }
    if (response.status >= 200 && response.status < 300) return;
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    throw new DeliveryError(`${host} answered ${response.status}`, isRetryableStatus(response.status), retryAfterMs);
  }

  return {
    name: options.name ?? `${format === 'slack' ? 'slack' : 'webhook'} ${host}`,
    async send(message, { signal }) {
      const body = bodyOf(message, format, Date.now());
      for (let attempt = 0; ; attempt++) {
        try {
          await deliver(message, body, signal);
          return;
        } catch (error) {
          if (!(error instanceof DeliveryError) || !error.retryable || attempt + 1 >= tries) throw error;
          if ((error.retryAfterMs ?? 0) > MAX_RETRY_AFTER_MS)
            throw new DeliveryError(`${error.message}, and asks to wait longer than ${MAX_RETRY_AFTER_MS / 60_000} minutes`, false);
          await sleep(retryDelay(attempt, error.retryAfterMs, backoff), signal);
        }
      }
    },
  };
}

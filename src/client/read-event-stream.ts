import { isRecord } from '../utils';
import { EVENTS_PATH, eventTopicsQuery, readTaskEvent } from './event-protocol';
import { parseRetryAfter } from './parse-retry-after';
import { ServerSentEventParser } from './server-sent-event-parser';
import { TaskApiError } from './task-api-error';
import type { EventStreamConnection } from './types';

/** What reading the event stream needs of `CreateTaskClientOptions`. */
export interface EventSourceSettings {
  baseUrl: string;
  headers: Record<string, string>;
  fetch: ((input: Request) => Promise<Response>) | undefined;
}

const LABEL = `GET ${EVENTS_PATH}`;

/**
 * One connection to the proxy's event stream, read to its end (`TaskEventSource.connect`). Over
 * `fetch` rather than `EventSource`: it sends the client's own headers (a session token for the
 * proxy), goes through the client's `fetch`, and lets the caller see heartbeats. The API key is
 * never sent: only a proxy serves this path.
 */
export async function readEventStream(settings: EventSourceSettings, connection: EventStreamConnection): Promise<void> {
  const { signal } = connection;
  const broken = (what: string, cause: unknown) =>
    signal.aborted
      ? new TaskApiError(`${LABEL} was closed`, { kind: 'aborted', endpoint: LABEL, cause })
      : new TaskApiError(`${LABEL} failed: ${what}`, { kind: 'network', endpoint: LABEL, cause });
  const url = new URL(
    `${settings.baseUrl.replace(/\/+$/, '')}${EVENTS_PATH}?${eventTopicsQuery(connection.topics)}`,
    typeof location === 'undefined' ? undefined : location.href,
  );
  const headers = new Headers(settings.headers);
  headers.delete('x-api-key');
  headers.set('accept', 'text/event-stream');
  if (connection.lastEventId !== undefined && connection.lastEventId !== '') headers.set('last-event-id', connection.lastEventId);

  let response: Response;
  try {
    response = await (settings.fetch ?? globalThis.fetch)(new Request(url, { headers, signal, cache: 'no-store' }));
  } catch (cause) {
    throw broken('the proxy could not be reached', cause);
  }
  if (!response.ok) throw await refusal(response);
  if (!(response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream') || response.body === null) {
    void response.body?.cancel().catch(() => undefined);
    throw new TaskApiError(`${LABEL} answered with something other than an event stream`, {
      kind: 'parse',
      status: response.status,
      endpoint: LABEL,
    });
  }

  const parser = new ServerSentEventParser({
    onEvent({ event, data, lastEventId }) {
      if (event === 'ready') {
        connection.onReady();
        return;
      }
      const change = readTaskEvent(event, lastEventId, data);
      if (change !== undefined) connection.onEvent(change);
    },
  });
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      connection.onActivity();
      parser.push(value);
    }
  } catch (cause) {
    throw broken('the stream broke off', cause);
  } finally {
    if (signal.aborted) void reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

async function refusal(response: Response): Promise<TaskApiError> {
  let message = `${LABEL} failed with HTTP ${response.status}`;
  try {
    const body: unknown = JSON.parse(await response.text());
    if (isRecord(body) && typeof body.error === 'string' && body.error !== '') message = body.error;
  } catch {
    // Not the envelope: the status says enough.
  }
  return new TaskApiError(message, {
    kind: 'http',
    status: response.status,
    endpoint: LABEL,
    retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
  });
}

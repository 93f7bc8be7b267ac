import { endpointLabel, eventPayload, TASK_ENDPOINTS, TaskApiError, type EventTopic } from '../../client';
import { formatEventId, isNewer, type EventPosition } from './event-id';
import type { StoredChange } from '../stores/proxy-store';

const encoder = new TextEncoder();

/** Why a stream ends: a client that does not read is dropped, not waited for. */
type StreamEnd = 'closed' | 'dropped';

interface HubStreamOptions {
  /** The topics it follows (`topicKey`s). */
  topics: readonly string[];
  /**
   * Topics it names but does not follow (tasks the caller may not see): each gets, once with the
   * state and without an id, the final status a poll of a task the service does not know brings.
   */
  notFound?: readonly EventTopic[];
  /** Bytes the stream may hold for a client that reads slower than changes come; more drops the stream. */
  maxBufferedBytes: number;
  /** The `retry:` line for `EventSource` clients, in ms. */
  retryMs: number;
  /** Called once, when the stream ends for any reason. */
  onEnd(stream: HubStream, why: StreamEnd): void;
}

/** The headers of an event stream's response. */
export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // `no-transform`: a compressing proxy would hold events back to fill its blocks.
  'cache-control': 'no-store, no-transform',
  // nginx: pass each event on as it comes.
  'x-accel-buffering': 'no',
};

/**
 * One client's event stream: a `text/event-stream` body that first carries the state of its topics
 * (only what changed since `Last-Event-ID`), then `ready`, then every change as it comes, and
 * heartbeats. What it holds for a slow client is bounded: past `maxBufferedBytes` it is dropped
 * (an `AbortError`, which `toNodeListener` turns into a closed connection) and its memory freed.
 */
export class HubStream {
  readonly readable: ReadableStream<Uint8Array>;
  readonly topics: readonly string[];
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private ended = false;
  private waitingForRoom: (() => void) | undefined;
  /** The newest change sent per topic and resource, so the state and the live changes never repeat or go back. */
  private readonly sent = new Map<string, Pick<StoredChange, 'epoch' | 'seq'>>();
  /** Live changes that arrive while the state is written, and their size. */
  private held: StoredChange[] | undefined = [];
  private heldBytes = 0;

  constructor(private readonly options: HubStreamOptions) {
    this.topics = options.topics;
    this.readable = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        pull: () => this.roomMade(),
        cancel: () => this.end('closed'),
      },
      new ByteLengthQueuingStrategy({ highWaterMark: options.maxBufferedBytes }),
    );
    // At once, so the client has the headers and a first byte even while the state is looked for.
    this.write(`retry: ${options.retryMs}\n\n`);
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** Writes the state (changes newer than `position`, oldest first) and `ready`, then lets live changes through. */
  async start(state: readonly StoredChange[], position: EventPosition | undefined): Promise<void> {
    for (const change of [...state].sort((a, b) => a.seq - b.seq)) {
      if (this.ended) return;
      if (!isNewer(change, position)) {
        this.sent.set(sentKey(change), change);
        continue;
      }
      // The state may be large: it is written as the client reads, never all at once.
      if ((this.controller.desiredSize ?? 0) <= 0) await new Promise<void>((resolve) => (this.waitingForRoom = resolve));
      this.send(change, false);
    }
    for (const topic of this.options.notFound ?? []) this.write(`event: status\ndata: ${notFoundPayload(topic)}\n\n`, false);
    if (this.ended) return;
    this.write(`event: ready\ndata: {"tasks":${this.topics.length + (this.options.notFound?.length ?? 0)}}\n\n`);
    const held = this.held ?? [];
    this.held = undefined;
    for (const change of held) this.send(change);
  }

  /** A live change of one of its topics. */
  change(change: StoredChange): void {
    if (this.ended) return;
    if (this.held === undefined) {
      this.send(change);
      return;
    }
    this.held.push(change);
    this.heldBytes += change.payload.length;
    if (this.heldBytes > this.options.maxBufferedBytes) this.drop();
  }

  /**
   * `degraded`: the proxy's shared store fails, this instance polls the stream's runs itself (the
   * stream goes on; other instances' streams may see the same change twice). `recovered`: it works
   * again. Clients that do not know these events ignore them.
   */
  notice(event: 'degraded' | 'recovered'): void {
    this.write(`event: ${event}\ndata: {}\n\n`);
  }

  /** A comment line, so the client (and any proxy on the way) sees the stream is alive. Not needed while the state is written. */
  heartbeat(): void {
    if (this.held === undefined) this.write(': heartbeat\n\n');
  }

  /** Ends the stream for the client (it may reconnect). */
  close(): void {
    if (this.ended) return;
    this.controller.close();
    this.end('closed');
  }

  /** `bounded`: a change that fills the buffer past its limit drops the stream (the state, paced by the reader, may go past it). */
  private send(change: StoredChange, bounded = true): void {
    const key = sentKey(change);
    const last = this.sent.get(key);
    if (last !== undefined && last.epoch === change.epoch && last.seq >= change.seq) return;
    this.sent.set(key, change);
    this.write(`id: ${formatEventId(change)}\nevent: ${change.resource}\ndata: ${change.payload}\n\n`, bounded);
  }

  private write(text: string, bounded = true): void {
    if (this.ended) return;
    this.controller.enqueue(encoder.encode(text));
    if (bounded && (this.controller.desiredSize ?? 0) < 0) this.drop();
  }

  /** The client reads slower than changes come: drop it and free what was queued for it. */
  private drop(): void {
    if (this.ended) return;
    // Erroring (unlike closing) empties the queue at once.
    this.controller.error(new DOMException('The client does not read its event stream', 'AbortError'));
    this.end('dropped');
  }

  private roomMade(): void {
    const resolve = this.waitingForRoom;
    this.waitingForRoom = undefined;
    resolve?.();
  }

  private end(why: StreamEnd): void {
    if (this.ended) return;
    this.ended = true;
    this.held = undefined;
    this.roomMade();
    this.options.onEnd(this, why);
  }
}

/** What the proxy answers the status GET of a task the caller may not see (404, "Task not found"), as a final event. */
function notFoundPayload(topic: EventTopic): string {
  const error = new TaskApiError('Task not found', { kind: 'http', status: 404, endpoint: endpointLabel(TASK_ENDPOINTS.getRunStatus) });
  return JSON.stringify(eventPayload(topic, true, { error }));
}

const sentKey = (change: Pick<StoredChange, 'topic' | 'resource'>) => `${change.resource} ${change.topic}`;

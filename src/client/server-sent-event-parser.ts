/** One dispatched event of a `text/event-stream`. */
export interface ServerSentEvent {
  /** The `event:` field; `message` when the block had none. */
  readonly event: string;
  readonly data: string;
  /** The stream's last event id when the event was dispatched (it carries over between events). */
  readonly lastEventId: string | undefined;
}

/** What the parser calls as the stream is read. */
export interface ServerSentEventHandlers {
  onEvent(event: ServerSentEvent): void;
  /** A comment line (`: …`), e.g. a heartbeat. */
  onComment?(text: string): void;
}

/** The longest line the parser holds while waiting for its end: a stream that never ends a line must not fill memory. */
export const MAX_EVENT_LINE_LENGTH = 16 * 1024 * 1024;

/**
 * An incremental parser of `text/event-stream`, as the HTML standard's EventSource parses it
 * (§9.2.6): lines end with CRLF, LF or CR (a CR at the end of one chunk and an LF at the start of
 * the next are one line end); `data` lines join with LF; `id` persists until changed; an empty
 * line dispatches; a block without data dispatches nothing. `retry` is ignored: the caller
 * decides when to reconnect.
 */
export class ServerSentEventParser {
  private readonly decoder = new TextDecoder();
  private pending = '';
  private first = true;
  private skipLineFeed = false;
  private data: string[] = [];
  private eventName = '';
  private lastEventId: string | undefined;

  constructor(
    private readonly handlers: ServerSentEventHandlers,
    private readonly maxLineLength = MAX_EVENT_LINE_LENGTH,
  ) {}

  /** Feeds the next bytes. Throws a `RangeError` when a line grows past the limit. */
  push(bytes: Uint8Array): void {
    let text = this.decoder.decode(bytes, { stream: true });
    if (this.first && text !== '') {
      this.first = false;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const char = text.charCodeAt(i);
      if (char === 0x0a && this.skipLineFeed && i === start && this.pending === '') {
        this.skipLineFeed = false;
        start = i + 1;
        continue;
      }
      this.skipLineFeed = false;
      if (char !== 0x0a && char !== 0x0d) continue;
      this.line(this.pending + text.slice(start, i));
      this.pending = '';
      this.skipLineFeed = char === 0x0d;
      start = i + 1;
    }
    this.pending += text.slice(start);
    if (this.pending.length > this.maxLineLength) throw new RangeError('An event stream line is longer than the limit');
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) {
      this.handlers.onComment?.(line.slice(1).trimStart());
      return;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.eventName = value;
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
  }

  private dispatch(): void {
    const data = this.data;
    const eventName = this.eventName;
    this.data = [];
    this.eventName = '';
    if (data.length === 0) return;
    this.handlers.onEvent({ event: eventName === '' ? 'message' : eventName, data: data.join('\n'), lastEventId: this.lastEventId });
  }
}

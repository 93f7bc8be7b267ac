import { createParser, type EventSourceParser } from 'eventsource-parser';

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

/** The most characters the parser holds while an event or a line is incomplete: a stream that never ends one must not fill memory. */
export const MAX_EVENT_LINE_LENGTH = 16 * 1024 * 1024;

/**
 * A `text/event-stream` read as bytes, with `eventsource-parser`, as the HTML standard's
 * EventSource reads it (§9.2.6). What this adds: the bytes decoded as UTF-8 (a leading BOM
 * dropped), a lone CR taken as a line end at once rather than when the next chunk comes, the last
 * event id carried over between events, and a bound on what is held. `retry` is ignored: the caller
 * decides when to reconnect.
 */
export class ServerSentEventParser {
  private readonly decoder = new TextDecoder();
  private readonly parser: EventSourceParser;
  private lastEventId: string | undefined;
  private afterCarriageReturn = false;

  constructor(handlers: ServerSentEventHandlers, maxLineLength = MAX_EVENT_LINE_LENGTH) {
    this.parser = createParser({
      onEvent: ({ event, data, id }) => {
        if (id !== undefined) this.lastEventId = id;
        handlers.onEvent({ event: event ?? 'message', data, lastEventId: this.lastEventId });
      },
      ...(handlers.onComment === undefined ? {} : { onComment: (text: string) => handlers.onComment?.(text.trimStart()) }),
      onError: (error) => {
        if (error.type === 'max-buffer-size-exceeded') throw new RangeError('An event stream line is longer than the limit');
      },
      maxBufferSize: maxLineLength,
    });
  }

  /** Feeds the next bytes. Throws a `RangeError` when what is held grows past the limit. */
  push(bytes: Uint8Array): void {
    let text = this.decoder.decode(bytes, { stream: true });
    if (text.includes('\r')) {
      // The LF of a CRLF split between two chunks ends no second line.
      if (this.afterCarriageReturn && text.startsWith('\n')) text = text.slice(1);
      this.afterCarriageReturn = text.endsWith('\r');
      text = text.replace(/\r\n?/g, '\n');
    } else if (this.afterCarriageReturn) {
      if (text.startsWith('\n')) text = text.slice(1);
      if (text !== '') this.afterCarriageReturn = false;
    }
    this.parser.feed(text);
  }
}

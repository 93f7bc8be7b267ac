/**
 * The parts of Node's `http.IncomingMessage` the adapter uses. Declared here rather than
 * imported, so this package's types do not require `@types/node`.
 */
export interface NodeRequestLike {
  method?: string | undefined;
  url?: string | undefined;
  headers: { [name: string]: string | string[] | undefined };
  /** True once the whole message, body included, has arrived. */
  readonly complete?: boolean | undefined;
  /** The connection it came on. */
  readonly socket?: NodeSocketLike | null | undefined;
  on(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  pause(): unknown;
  resume(): unknown;
}

/** The parts of Node's `http.ServerResponse` the adapter uses. */
export interface NodeResponseLike {
  statusCode: number;
  readonly headersSent: boolean;
  readonly writableFinished: boolean;
  setHeader(name: string, value: string | string[]): unknown;
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  destroy(error?: Error): unknown;
  once(event: 'drain', listener: () => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

/** The parts of Node's `net.Socket` the adapter uses. */
export interface NodeSocketLike {
  readonly writable: boolean;
  readonly bytesWritten: number;
  write(chunk: string): unknown;
  destroy(): unknown;
  once(event: 'close', listener: () => void): unknown;
}

/** The part of Node's `http.Server` the adapter uses. */
export interface NodeServerLike {
  on(event: 'connection', listener: (socket: NodeSocketLike) => void): unknown;
}

/** A `node:http` request listener, e.g. for `http.createServer(listener)`. */
export interface NodeListener {
  (request: NodeRequestLike, response: NodeResponseLike): void;
  /**
   * Holds `headersTimeoutMs` on every connection of `server` from its first byte on. Without it the
   * limit applies to the connections that arrive after the listener's first request (the listener
   * finds the server then); before that only Node's own `headersTimeout` does.
   */
  attach(server: NodeServerLike): void;
}

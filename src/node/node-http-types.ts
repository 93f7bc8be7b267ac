/**
 * The parts of Node's `http.IncomingMessage` the adapter uses itself. Declared here rather than
 * imported, so this package's types do not require `@types/node`. `srvx` reads the rest: pass
 * Node's own request (or Express's, Connect's…), not an imitation.
 */
export interface NodeRequestLike {
  method?: string | undefined;
  url?: string | undefined;
  headers: { [name: string]: string | string[] | undefined };
  /** True once the whole message, body included, has arrived. */
  readonly complete?: boolean | undefined;
  /** The connection it came on. */
  readonly socket?: NodeSocketLike | null | undefined;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  destroy(error?: Error): unknown;
}

/** The parts of Node's `http.ServerResponse` the adapter uses itself; `srvx` writes the answer through the rest. */
export interface NodeResponseLike {
  statusCode: number;
  readonly headersSent: boolean;
  readonly writableFinished: boolean;
  /** True once the connection closed or the answer was dropped. */
  readonly destroyed: boolean;
  setHeader(name: string, value: string | string[]): unknown;
  end(chunk?: Uint8Array): unknown;
  destroy(error?: Error): unknown;
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

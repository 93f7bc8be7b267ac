/**
 * The listener's own limits on slow clients. Node's `headersTimeout` and `requestTimeout` are
 * checked only every `connectionsCheckingInterval` (30 s unless the server was made with another),
 * which a listener cannot change on a server the app made: a 10 s limit there could hold a
 * trickling client for 40 s. These timers hold each limit on time, on any server.
 */
import type { NodeRequestLike, NodeResponseLike, NodeServerLike, NodeSocketLike } from './node-http-types';

const REQUEST_TIMEOUT = 'HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-length: 0\r\n\r\n';

/**
 * Runs `cut` once the bytes that reached the socket by now have been read. A limit's timer fires
 * before the loop reads its sockets: on a server too busy to read for longer than the limit (a
 * loaded machine, a long synchronous task), a client that sent everything in time would be cut
 * off for the server's delay. `setImmediate` runs after that read.
 */
const afterPendingReads = (cut: () => void) => void setImmediate(cut);

/** Node's default `server.keepAliveTimeout`, for a server whose own cannot be read. */
const NODE_KEEP_ALIVE_MS = 5000;

interface Connection {
  requests: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** How long the server keeps an idle connection open between requests. */
  keepAliveMs: number;
}

const keepAliveOf = (server: unknown) => {
  const value = (server as { keepAliveTimeout?: unknown } | null | undefined)?.keepAliveTimeout;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : NODE_KEEP_ALIVE_MS;
};

/**
 * The time limit on headers: a timer per connection, running while the connection has no request
 * in hand, that closes it with a 408. It starts when the connection opens, and again when an answer
 * ends, then with the server's `keepAliveTimeout` added: a kept-alive connection may stay idle that
 * long (a load balancer in front may count on it), and the next request's headers cannot be told
 * from idleness before they are whole.
 */
export function watchHeaders(timeoutMs: number) {
  const active = new WeakMap<NodeSocketLike, Connection>();
  const attached = new WeakSet<object>();
  const arm = (socket: NodeSocketLike, idleMs: number) => {
    const state = active.get(socket);
    if (state === undefined || timeoutMs <= 0) return;
    clearTimeout(state.timer);
    const timer = setTimeout(
      () =>
        afterPendingReads(() => {
          // A request came in the meantime (the timer was then cleared, maybe armed again since).
          if (state.timer !== timer || state.requests > 0) return;
          // As Node does at its own headersTimeout: a 408 when nothing was written on the connection yet.
          if (socket.writable && socket.bytesWritten === 0) socket.write(REQUEST_TIMEOUT);
          socket.destroy();
        }),
      idleMs + timeoutMs,
    );
    state.timer = timer;
    (timer as { unref?: () => void }).unref?.();
  };
  const track = (socket: NodeSocketLike, server: unknown) => {
    if (active.has(socket)) return;
    active.set(socket, { requests: 0, timer: undefined, keepAliveMs: keepAliveOf(server) });
    socket.once('close', () => clearTimeout(active.get(socket)?.timer));
  };
  const attach = (server: NodeServerLike) => {
    if (attached.has(server)) return;
    attached.add(server);
    server.on('connection', (socket) => {
      track(socket, server);
      arm(socket, 0);
    });
  };
  return {
    attach,
    requestStarted(req: NodeRequestLike, res: NodeResponseLike) {
      const socket = req.socket;
      if (socket === null || socket === undefined) return;
      const server = (socket as { server?: unknown }).server;
      if (typeof server === 'object' && server !== null && typeof (server as NodeServerLike).on === 'function')
        attach(server as NodeServerLike);
      track(socket, server);
      const state = active.get(socket);
      if (state === undefined) return;
      clearTimeout(state.timer);
      state.requests += 1;
      res.on('close', () => {
        state.requests -= 1;
        if (state.requests === 0) arm(socket, state.keepAliveMs);
      });
    },
  };
}

/**
 * Calls `onLate` once when a request's body has not fully come within `timeoutMs` of its headers,
 * unless the request ended (or failed) first.
 */
export function limitBodyTime(req: NodeRequestLike, res: NodeResponseLike, timeoutMs: number, onLate: () => void): void {
  let settled = false;
  const timer = setTimeout(
    () =>
      afterPendingReads(() => {
        if (settled || req.complete === true) return;
        settled = true;
        onLate();
      }),
    timeoutMs,
  );
  (timer as { unref?: () => void }).unref?.();
  const done = () => {
    settled = true;
    clearTimeout(timer);
  };
  req.on('end', done);
  req.on('error', done);
  res.on('close', () => {
    if (req.complete === true) done();
  });
}

/**
 * Node's `http` servers meet web-standard handlers here: the proxy (`src/server`) and the simulated
 * service over HTTP (`src/testing`) share it. No React, and no import of Node's own modules:
 * `srvx`, an optional peer, is loaded when a listener is made.
 */
export { toNodeListener, type ToNodeListenerOptions } from './to-node-listener';
export type { NodeListener, NodeRequestLike, NodeResponseLike, NodeServerLike, NodeSocketLike } from './node-http-types';

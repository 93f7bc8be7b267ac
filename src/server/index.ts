export { createTaskProxy, DEFAULT_MAX_BODY_BYTES } from './create-task-proxy';
export type { TaskProxyOptions } from './create-task-proxy';
export { toNodeListener } from './to-node-listener';
export type { NodeListener, NodeRequestLike, NodeResponseLike, ToNodeListenerOptions } from './to-node-listener';

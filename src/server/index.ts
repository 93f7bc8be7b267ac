export { createTaskProxy, DEFAULT_MAX_BODY_BYTES } from './create-task-proxy';
export type { TaskProxyOptions } from './create-task-proxy';
export { toNodeListener } from '../client';
export type { NodeListener, NodeRequestLike, NodeResponseLike, ToNodeListenerOptions } from '../client';

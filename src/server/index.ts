export { createTaskProxy } from './create-task-proxy';
export { DEFAULT_MAX_BODY_BYTES } from '../client';
export type { TaskProxy, TaskProxyStats } from './create-task-proxy';
export { TASK_PROXY_DEFAULTS } from './task-proxy-options';
export type {
  ProxyAccess,
  ProxyEndpointName,
  ProxyIdentity,
  TaskProxyEventOptions,
  TaskProxyLimits,
  TaskProxyOptions,
} from './task-proxy-options';
export { createMemoryProxyStore } from './create-memory-proxy-store';
export type { MemoryProxyStoreOptions } from './create-memory-proxy-store';
export type {
  AnswerClaim,
  AnswerRecord,
  AuditQuery,
  ClaimAnswerOptions,
  ProxyStore,
  StoredChange,
  TaskChannelListener,
  TeamTask,
} from './proxy-store';
export type { AnswerStats } from './answer-gate';
export { AUDIT_PATH, isAuditEntry } from '../client';
export type { AuditAction, AuditEntry, AuditPage } from '../client';
export type { ProxyAuditEntry } from './audit-log';
export type { EventHubStats } from './event-hub';
export type { HubHealthStats, UpstreamFailureKind } from './hub-health';
export type { TaskProxyLogger } from './logger';
export { toNodeListener } from '../client';
export type { NodeListener, NodeRequestLike, NodeResponseLike, NodeServerLike, NodeSocketLike, ToNodeListenerOptions } from '../client';

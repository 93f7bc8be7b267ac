export { createTaskProxy } from './create-task-proxy';
export { DEFAULT_MAX_BODY_BYTES } from '../client';
export type { TaskProxy, TaskProxyStats } from './create-task-proxy';
export { TASK_PROXY_DEFAULTS } from './task-proxy-options';
export type {
  ProxyAccess,
  ProxyEndpointName,
  ProxyIdentity,
  OpenedRequestInfo,
  TaskProxyEventOptions,
  TaskProxyLimits,
  TaskProxyOptions,
  TaskProxyRequestOptions,
} from './task-proxy-options';
export { RequestKeyConflictError } from './proxy-requests';
export type { OpenedRequest, OpenRequestOptions, ProxyRequests } from './proxy-requests';
export type { RequestTeamSourceStats, RequestTimeStats, TaskProxyRequestStats } from './request-stats';
export { checkHumanRequest } from '../request';
export { checkHumanAnswer } from './check-human-answer';
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
export { toNodeListener } from '../node';
export type { NodeListener, NodeRequestLike, NodeResponseLike, NodeServerLike, NodeSocketLike, ToNodeListenerOptions } from '../node';
export { webhookChannel } from './webhook-channel';
export type { WebhookChannelOptions } from './webhook-channel';
export { emailChannel } from './email-channel';
export type { EmailChannelMail, EmailChannelOptions, EmailTransport } from './email-channel';
export { webPushChannel } from './web-push-channel';
export type { WebPushChannelOptions, WebPushPayload } from './web-push-channel';
export { DEFAULT_PUSH_SERVICE_HOSTS, PUSH_SUBSCRIPTIONS_PATH } from './notify-push-subscriptions';
export type {
  NotificationChannel,
  NotificationContext,
  NotificationEscalation,
  NotificationMessage,
  NotificationRules,
  TaskProxyNotifyOptions,
} from './notify-options';
export type { WaitingItem } from './notifier';
export type { TaskProxyToolCallOptions } from './notify-tool-call-deadlines';

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
export { RequestKeyConflictError } from './requests/proxy-requests';
export type { OpenRequestOptions, ProxyRequests } from './requests/proxy-requests';
export type { OpenedRequest } from './requests/request-records';
export type { RequestTeamSourceStats, RequestTimeStats, TaskProxyRequestStats } from './requests/request-stats';
export { checkHumanRequest } from '../request';
export { checkHumanAnswer } from './requests/check-human-answer';
export { createMemoryProxyStore } from './stores/create-memory-proxy-store';
export type { MemoryProxyStoreOptions } from './stores/create-memory-proxy-store';
export type {
  AnswerClaim,
  AnswerRecord,
  AuditQuery,
  ClaimAnswerOptions,
  ProxyStore,
  StoredChange,
  TaskChannelListener,
  TeamTask,
} from './stores/proxy-store';
export type { AnswerStats } from './forward/answer-gate';
export { AUDIT_PATH, isAuditEntry } from '../client';
export type { AuditAction, AuditEntry, AuditPage } from '../client';
export type { ProxyAnswerVia, ProxyAuditEntry } from './teams/audit-log';
export type { EventHubStats } from './hub/event-hub';
export type { HubHealthStats, UpstreamFailureKind } from './hub/hub-health';
export type { TaskProxyLogger } from './logger';
export { toNodeListener } from '../node';
export type { NodeListener, NodeRequestLike, NodeResponseLike, NodeServerLike, NodeSocketLike, ToNodeListenerOptions } from '../node';
export { webhookChannel } from './notify/webhook-channel';
export type { WebhookChannelOptions } from './notify/webhook-channel';
export { emailChannel } from './notify/email-channel';
export type { EmailChannelActions, EmailChannelMail, EmailChannelOptions, EmailTransport } from './notify/email-channel';
export { slackChannel } from './notify/slack-channel';
export type { SlackChannelOptions, SlackUser } from './notify/slack-channel';
export { webPushChannel } from './notify/web-push-channel';
export type { WebPushChannelOptions, WebPushPayload } from './notify/web-push-channel';
export { DEFAULT_PUSH_SERVICE_HOSTS, PUSH_SUBSCRIPTIONS_PATH } from './notify/notify-push-subscriptions';
export type {
  AnswerLink,
  AnswerLinkDecision,
  NotificationChannel,
  NotificationChannelActions,
  NotificationContext,
  NotificationEscalation,
  NotificationMessage,
  NotificationRules,
  TaskProxyNotifyOptions,
} from './notify/notify-options';
export type { WaitingItem } from './notify/notifier';
export type { TaskProxyToolCallOptions } from './notify/notify-tool-call-deadlines';

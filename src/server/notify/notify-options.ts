import type { TaskProxyLogger } from '../logger';
import type { WaitingItem } from './notifier';
import type { RequestStore } from '../stores/request-store';

/**
 * What every channel sends about a thing that waits for a person: which one, where to answer it,
 * and nothing it was answered with (no field values, no secrets). Agent-made text (`title`) is plain
 * text: a channel that writes HTML or mrkdwn escapes it.
 */
export interface NotificationMessage {
  /**
   * The Standard Webhooks `webhook-id`: derived from the request and the rule, so it is the same on
   * every instance, on every retry and after a store that lost its records; a receiver drops a repeat.
   */
  readonly webhookId: string;
  /** `waiting`: it started waiting; `escalation`: nobody answered it within an `escalate` rule's `afterMs`. */
  readonly kind: 'waiting' | 'escalation';
  /** The request's id, or `<taskId>/<toolCallId>` for a call of the task service. */
  readonly requestId: string;
  /** What it asks: one line of plain text, at most 200 characters, control and direction characters removed. */
  readonly title: string;
  /** The team it is for (`''` without teams). */
  readonly team: string;
  /** When set, the one user of the team it is for. */
  readonly user?: string | undefined;
  /** The request's `source` (`'mcp'`, `'langgraph'`, ...), `'task-service'` for a call of the service. */
  readonly source: string;
  /** Where to answer it (`notify.link`), an absolute http(s) address; undefined when `link` gave none. */
  readonly link: string | undefined;
  /** When it started waiting, ms since the epoch. */
  readonly waitingSince: number;
  /** For an escalation, the `afterMs` of its rule. */
  readonly afterMs?: number | undefined;
}

/** What the proxy hands a channel beside the message. */
export interface NotificationContext {
  /** The item as the proxy saw it (for routing, e.g. `emailChannel`'s `to`); never an answer. */
  readonly item: WaitingItem;
  /** The proxy's store: `webPushChannel` reads the team's push subscriptions from it. */
  readonly store: RequestStore;
  /** Aborted when the proxy closes: a channel stops its retries. */
  readonly signal: AbortSignal;
  readonly logger: TaskProxyLogger;
  /**
   * Given to a channel with `actions` only: the links that answer the item, one per decision,
   * signed for `recipient` (see `emailChannel`'s `actions`). Empty when there are none to give: the
   * item is not a request of `proxy.requests`, it asks more than one decision can say (a form, an
   * approval of several actions, a link), `actions.identify` does not map `recipient` to the
   * item's team (and user), or the proxy has no `publicUrl` or secret yet.
   */
  readonly answerLinks?: ((recipient: string) => Promise<readonly AnswerLink[]>) | undefined;
}

/**
 * What a link of `NotificationContext.answerLinks` answers a request with; `approve_always` and
 * `reject_always` only where the action allows "always" (`allowAlways`).
 */
export type AnswerLinkDecision = 'approve' | 'approve_always' | 'reject' | 'reject_always' | 'decline' | 'cancel';

/** A link that answers a request with one decision, for one recipient. */
export interface AnswerLink {
  readonly decision: AnswerLinkDecision;
  /** The decision in words: "Approve send_email", "Always approve send_email", "Reject send_email", "Decline", "Cancel" (the action's name is agent-made text). */
  readonly label: string;
  /** `{publicUrl}{basePath}/act/{token}`: a page that says what will happen, and answers only when its button is pressed. */
  readonly url: string;
}

/** A recipient as the proxy's `identify` would name them (a `ProxyIdentity`). */
interface RecipientIdentity {
  readonly user: string;
  readonly team: string;
}

/** How a channel's recipients answer from the message (`NotificationChannel.actions`). */
export interface NotificationChannelActions {
  /** How such answers show in the audit trail (`via`). */
  readonly via: 'email';
  /**
   * Who `recipient` (an address the channel sends to) is: `{ team, user }`, or `null` for nobody.
   * Asked when the links are made (a recipient who cannot answer gets none) and again when one is
   * used: only a person of the request's team (and its user, when it is for one) answers, as
   * `identify` names them now.
   */
  identify(recipient: string): RecipientIdentity | null | Promise<RecipientIdentity | null>;
  /** How long a link holds at most, in ms; never past the request's deadline. Default: 86400000 (24 h). */
  readonly ttlMs?: number | undefined;
}

/**
 * Where notifications go: `webhookChannel`, `emailChannel`, `webPushChannel`, `slackChannel`, or
 * your own object with a `name` and a `send` that resolves once the message is handed over (and
 * rejects when it could not be; the proxy logs it).
 */
export interface NotificationChannel {
  /** Names the channel in log lines, e.g. `webhook ops.example.com`. */
  readonly name: string;
  send(message: NotificationMessage, context: NotificationContext): Promise<void>;
  /**
   * The channel sends links that answer a request (`emailChannel`'s `actions`): its `send` gets
   * `context.answerLinks`, and the proxy takes the answers at `{basePath}/act/{token}`. Needs
   * `createTaskProxy`'s `publicUrl`; the channel's `name` names it in the links, so give every
   * instance the same channels, and each channel with actions its own name. Default: none.
   */
  readonly actions?: NotificationChannelActions | undefined;
  /** Frees what the channel holds (an SMTP pool); called when the proxy closes. */
  close?(): void | Promise<void>;
}

/** One escalation: when nobody has answered an item `afterMs` after it started waiting. */
export interface NotificationEscalation {
  /** Ms after the item started waiting. */
  readonly afterMs: number;
  readonly channels: readonly NotificationChannel[];
}

/** What a team's notifications are (see `TaskProxyNotifyOptions.teams`). */
export interface NotificationRules {
  /** Told once when an item starts waiting. Default: none. */
  readonly channels?: readonly NotificationChannel[];
  /** Told once each, when the item still waits after `afterMs`. Default: none. */
  readonly escalate?: readonly NotificationEscalation[];
}

/**
 * Notifications outside the tab (`createTaskProxy({ notify })`): the proxy tells `channels` once
 * when a request, or a call of the task service the proxy sees pending, starts waiting, and each
 * `escalate` rule once when it still waits after its `afterMs`, never after it was answered,
 * cancelled or expired. Once per item and rule across every instance sharing the `store` (give
 * them all the same rules, the channels in the same order: a notification is known by its item,
 * rule and channel); a repeat after a fault (a store that lost its records, an instance killed
 * while it sent) carries the same `webhook-id`.
 */
export interface TaskProxyNotifyOptions {
  /** Told once when an item starts waiting. Required (may be empty). */
  readonly channels: readonly NotificationChannel[];
  /** Escalations, each told once when the item still waits after its `afterMs`. Default: none. */
  readonly escalate?: readonly NotificationEscalation[];
  /**
   * The address of the item in your app's inbox, absolute and http(s), e.g.
   * `` (item) => `https://app.example.com/inbox#${encodeURIComponent(item.id)}` ``. An address that
   * is not http(s), or a `link` that throws, leaves the message without a link (and is logged). Required.
   */
  link(item: WaitingItem): string;
  /**
   * Rules per team, by team name: a team's entry replaces `channels` and `escalate` for that team
   * (what it leaves out, it does not get). Teams not named get the rules above. Default: none.
   */
  readonly teams?: Readonly<Record<string, NotificationRules>>;
}

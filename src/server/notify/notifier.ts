/**
 * What the proxy tells its notification rules (`createTaskProxy({ notify })`): each thing that
 * waits for a person, told again and again while it waits (at each sweep of the requests, at each
 * poll that finds a service call pending). The notifier decides, once per item and rule across
 * every instance, what to send and when to escalate.
 */
export interface WaitingItem {
  /** A request's id, or `<taskId>/<toolCallId>` for a service call. */
  readonly id: string;
  readonly kind: 'request' | 'tool_call';
  readonly team: string;
  /** When set, the one user of the team it is for. */
  readonly user?: string | undefined;
  /** The request's `source`, `'task-service'` for a service call. */
  readonly source: string;
  /** What it asks, one line of agent-made text (a title, a form's heading, a tool's name). */
  readonly title: string;
  /** When it started waiting, ms since the epoch. */
  readonly waitingSince: number;
  /** For a request, the `HumanRequest` (given to `notify.link`); never an answer. */
  readonly request?: unknown;
  /**
   * For a service call, its tool's name and parameters as the run's status shows them (untrusted):
   * what a channel that answers in place (Slack) reads to offer a form; never sent in a message.
   */
  readonly toolCall?: { readonly name: string; readonly parameters: unknown };
}

/** The part of the proxy that sends notifications. */
export interface Notifier {
  /** `item` waits (again): sends what the rules say is due and was not sent yet. Never throws. */
  notice(item: WaitingItem): void;
  /** `id` no longer waits (answered, cancelled, expired): no escalation of it will start. */
  ended(id: string): void;
  /** Stops the retries and timers of this instance. */
  close(): Promise<void>;
}

/** A notifier that sends nothing: the proxy's without `notify`. */
export const NO_NOTIFIER: Notifier = Object.freeze({
  notice: () => undefined,
  ended: () => undefined,
  close: () => Promise.resolve(),
});

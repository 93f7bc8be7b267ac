/** What a hand-off's control is over: a pending `human_control` call of the task service, or a control request of `proxy.requests`. */
export type ControlTarget =
  | { readonly kind: 'call'; readonly taskId: string; readonly toolCallId: string }
  | { readonly kind: 'request'; readonly requestId: string };

/** Who holds control of a hand-off: `identify`'s `user`, and since when (ms since the epoch). */
export interface ControlHolder {
  readonly user: string;
  readonly since: number;
}

/**
 * Control of a hand-off changed hands: someone took it (`holder`), or it was released, lapsed or
 * ended (`holder: null`). Told to whoever shows the hand-off outside the pages (Slack's message).
 */
export interface ControlChange {
  readonly team: string;
  readonly target: ControlTarget;
  readonly holder: ControlHolder | null;
}

/**
 * Every text of a hand-off in `<HumanRequestPrompt>` (a `control` request: the person takes over
 * the agent's browser in its live view and hands back), beside the prompt's own (`request` group).
 * Each is a function, so translations can reorder words.
 */
export interface ControlMessages {
  /** Label of the agent's instructions. Default: "What to do". */
  instructionsLabel(): string;
  /** The button that takes control of the live view. Default: "Take control". */
  takeControl(): string;
  /** Under it, what taking control means. Default: "The agent waits while you work in its browser; only you can click and type there until you hand back." */
  takeControlHint(): string;
  /** While this person holds control. Default: "You have control. The agent waits until you hand back." */
  heldByMe(): string;
  /**
   * How to leave the live view with the keyboard, shown while holding control. Default: "Your keys
   * go to the agent’s browser. To leave it, press Tab past its last control or Shift+Tab before its
   * first, then “Leave the live view”."
   */
  leaveHint(): string;
  /** The button, just before the frame, that takes focus out of it to the hand-back. Default: "Leave the live view". */
  leaveLiveView(): string;
  /** Label of the note handed back with the answer. Default: "Note for the agent (optional)". */
  noteLabel(): string;
  /** The button that hands control back, done. Default: "Hand back". */
  handBack(): string;
  /** The button that hands control back, not done. Default: "I could not do it". */
  couldNotDoIt(): string;
  /** While another tab of this browser holds control. Default: "Another tab has control. This view is read-only until it hands back." */
  heldElsewhere(): string;
  /**
   * While someone else holds control, as the proxy says (`controlLease`): `user` as the proxy's
   * `identify` named them (shown as text, isolated), `time` when they took it, in the locale's
   * short time. Default: "<user> has control since <time>. This view is read-only until they hand back."
   */
  heldBy(context: { user: string; time: string }): string;
  /** Someone else holds control, and the proxy did not say who. Default: "Someone else has control. This view is read-only until they hand back." */
  heldBySomeone(): string;
  /** The proxy cannot be reached to say who holds control; it is asked again. Default: "Cannot reach the server to see who has control. Trying again…" */
  unreachable(): string;
  /** This person's control ended because the proxy could not be reached to keep it. Default: "Your control ended: the server could not be reached to keep it. Take control again when it can." */
  lapsed(): string;
  /** The proxy says the hand-off ended, or is not there: control cannot be taken. Default: "This hand-off has ended, so control cannot be taken." */
  ended(): string;
  /** The live view did not load: control cannot be taken. Default: "The live view could not be loaded, so control cannot be taken. Reconnect to try again." */
  failed(): string;
  /** The live view stopped loading while this person held control, which ended. Default: "The live view stopped loading, so your control ended. Reconnect, then take control again." */
  lost(): string;
  /** The frame's title. Default: "Live view of the agent’s browser". */
  frameTitle(): string;
  /** Shown instead of the live view when its address is not http(s). Default: "The agent gave a live view address that cannot be opened safely: <url>". */
  unsafeLiveUrl(context: { url: string }): string;
}

/** The English `ControlMessages`. */
export const enControlMessages: ControlMessages = {
  instructionsLabel: () => 'What to do',
  takeControl: () => 'Take control',
  takeControlHint: () => 'The agent waits while you work in its browser; only you can click and type there until you hand back.',
  heldByMe: () => 'You have control. The agent waits until you hand back.',
  leaveHint: () =>
    'Your keys go to the agent’s browser. To leave it, press Tab past its last control or Shift+Tab before its first, then “Leave the live view”.',
  leaveLiveView: () => 'Leave the live view',
  noteLabel: () => 'Note for the agent (optional)',
  handBack: () => 'Hand back',
  couldNotDoIt: () => 'I could not do it',
  heldElsewhere: () => 'Another tab has control. This view is read-only until it hands back.',
  heldBy: ({ user, time }) => `${user} has control since ${time}. This view is read-only until they hand back.`,
  heldBySomeone: () => 'Someone else has control. This view is read-only until they hand back.',
  unreachable: () => 'Cannot reach the server to see who has control. Trying again…',
  lapsed: () => 'Your control ended: the server could not be reached to keep it. Take control again when it can.',
  ended: () => 'This hand-off has ended, so control cannot be taken.',
  failed: () => 'The live view could not be loaded, so control cannot be taken. Reconnect to try again.',
  lost: () => 'The live view stopped loading, so your control ended. Reconnect, then take control again.',
  frameTitle: () => 'Live view of the agent’s browser',
  unsafeLiveUrl: ({ url }) => `The agent gave a live view address that cannot be opened safely: ${url}`,
};

import type { ReactNode } from 'react';

import { enFormMessages } from '../../messages';

/** The English text shown near the submit button when neither the caller nor the messages replace it. */
export const DEFAULT_AGENT_NOTICE = enFormMessages.agentNotice();

/** Props of `FormFooter`. */
export interface FormFooterProps {
  /** `undefined`: `defaultNotice`; `null` or `false`: none. */
  agentNotice: ReactNode;
  /** The notice of the messages in use (`messages.agentNotice()`). */
  defaultNotice: string;
  /** The notice's id, which describes the submit button. */
  noticeId: string;
  /** The submit button's text. */
  submitLabel: string;
  /** Disables the submit button. */
  disabled: boolean;
  /** An answer is being sent: the button says so and further submits are ignored by the form. */
  busy: boolean;
}

/**
 * The agent notice and the submit button. The notice also describes the button, so a screen
 * reader user hears who asks at the moment of answering.
 */
export function FormFooter({ agentNotice, defaultNotice, noticeId, submitLabel, disabled, busy }: FormFooterProps) {
  const notice = agentNotice === undefined ? defaultNotice : agentNotice;
  const hasNotice = notice !== null && notice !== false;
  return (
    <div className="hitl-form-footer">
      {hasNotice ? (
        <div className="hitl-agent-notice" id={noticeId}>
          {notice}
        </div>
      ) : null}
      <button
        type="submit"
        className="hitl-submit"
        disabled={disabled}
        aria-disabled={busy || undefined}
        aria-describedby={hasNotice ? noticeId : undefined}
      >
        <bdi>{submitLabel}</bdi>
      </button>
    </div>
  );
}

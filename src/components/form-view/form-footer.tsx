import { useRef, type ReactNode } from 'react';

import { enFormMessages } from '../../messages';
import { useIsomorphicLayoutEffect } from '../../utils/react';

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
  /** The answer was sent: the note beside the button ("Sent"). Default: not sent. */
  sent?: string | undefined;
  /** The form takes no other answer: the button is `aria-disabled`. Default: false. */
  locked?: boolean | undefined;
}

/**
 * The agent notice and the submit button. The notice also describes the button, so a screen
 * reader user hears who asks at the moment of answering. Once the answer is sent, a note beside the
 * button says so and takes the focus if it was in the form (as `<RunViewer>`'s "Sent" note does):
 * a screen reader reads it, and no live region sits in every form. The button stays focusable
 * (`aria-disabled`), so a click on it never drops the focus on the page.
 */
export function FormFooter({ agentNotice, defaultNotice, noticeId, submitLabel, disabled, busy, sent, locked = false }: FormFooterProps) {
  const notice = agentNotice === undefined ? defaultNotice : agentNotice;
  const hasNotice = notice !== null && notice !== false;
  const note = useRef<HTMLParagraphElement>(null);
  const shown = sent !== undefined;
  useIsomorphicLayoutEffect(() => {
    const element = note.current;
    const active = element?.ownerDocument.activeElement;
    // Only from within the form: an answer that settles later must not pull the person back.
    if (shown && element && active && element.closest('form')?.contains(active)) element.focus();
  }, [shown]);
  return (
    <div className="hitl-form-footer">
      {hasNotice ? (
        <div className="hitl-agent-notice" id={noticeId}>
          {notice}
        </div>
      ) : null}
      <div className="hitl-form-actions">
        <button
          type="submit"
          className="hitl-submit"
          disabled={disabled}
          aria-disabled={busy || locked || undefined}
          aria-describedby={hasNotice ? noticeId : undefined}
        >
          <bdi>{submitLabel}</bdi>
        </button>
        {shown ? (
          <p className="hitl-form-sent" ref={note} tabIndex={-1}>
            {sent}
          </p>
        ) : null}
      </div>
    </div>
  );
}

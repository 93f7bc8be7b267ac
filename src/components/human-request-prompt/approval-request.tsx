import { useMemo, useRef, useState } from 'react';
import { useMessageGroup, useMessagesLocale } from '../../hooks';
import { enApprovalMessages, enFormMessages, enPromptMessages, enRequestMessages } from '../../messages';
import type { HumanAction, HumanApprovalRequest, HumanDecision } from '../../request';
import { cx } from '../../utils';
import { useIsomorphicLayoutEffect } from '../../utils/react';
import { useSingleAnswer, type ApprovalPromptMessages } from '../approval-prompt';
import { LiveAnnouncer, type Announcement, type HeadingLevel } from '../shared';
import { ApprovalAction, FIRST_CONTROL } from './approval-action';
import type { HumanRequestPromptMessages } from './messages';

/** Props of the approval part of `<HumanRequestPrompt>`, loaded when an approval is shown. */
export interface ApprovalRequestProps {
  /** The approval; its `actions` are decided in order. */
  request: HumanApprovalRequest;
  /** Called once with one decision per action, in order; while its promise is pending the buttons are busy, a rejection lets the person decide again. */
  onDecide: (decisions: HumanDecision[]) => void | Promise<void>;
  /** Nothing may be decided (sending, expired). */
  disabled: boolean;
  /** The level of each action's heading when there are several. */
  headingLevel: HeadingLevel;
  /** Prefix of the elements' ids. */
  idBase: string;
  /** The prompt's `messages`: its `request` group and the approval kit's (`approval`, `form`, `prompt`). Default: the English. */
  messages?: Partial<HumanRequestPromptMessages> | undefined;
}

/**
 * The actions of an approval request, with the approval kit of `<ApprovalPrompt>`. A lone action's
 * decision is the answer, sent at once. Several are each decided on their own, can be changed, and
 * leave together with "Send decisions" once every one has a decision.
 */
export function ApprovalRequest(props: ApprovalRequestProps) {
  // Keyed by request: a re-render's new object keeps the steps and what was typed, a new request starts afresh.
  return <ApprovalRequestBody key={props.request.id} {...props} />;
}

/** Where focus goes after the next commit: an action's first control, or the send button. */
type FocusTarget = number | 'send';

function ApprovalRequestBody({ request, onDecide, disabled, headingLevel, idBase, messages: overrides }: ApprovalRequestProps) {
  // Re-renders of the same request carry the same actions; the first are kept, as the decisions follow them.
  const [actions] = useState<readonly HumanAction[]>(() => {
    // Checked, not trusted: a source's request is built from the agent's data.
    const listed: unknown = request.actions;
    return Array.isArray(listed) ? request.actions : [];
  });
  const messages = useMessageGroup('request', enRequestMessages, overrides);
  const approval = useMessageGroup('approval', enApprovalMessages, overrides);
  const form = useMessageGroup('form', enFormMessages, overrides);
  const prompt = useMessageGroup('prompt', enPromptMessages, overrides);
  const kit = useMemo<ApprovalPromptMessages>(() => ({ ...form, ...prompt, ...approval }), [form, prompt, approval]);
  const locale = useMessagesLocale();
  const { status, send } = useSingleAnswer<HumanDecision[]>(onDecide);
  const [decisions, setDecisions] = useState<readonly (HumanDecision | undefined)[]>(() => actions.map(() => undefined));
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  const focusNext = useRef<FocusTarget | null>(null);
  const blocks = useRef<(HTMLElement | null)[]>([]);
  const sendButton = useRef<HTMLButtonElement>(null);

  // Every commit: a decision, a reopened action or a refused send may each move focus once.
  useIsomorphicLayoutEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    const element = target === 'send' ? sendButton.current : blocks.current[target]?.querySelector<HTMLElement>(FIRST_CONTROL);
    element?.focus();
  });

  // Busy or done: nothing more may be decided until a rejected send returns to idle.
  const locked = disabled || status !== 'idle';
  const single = actions.length === 1;
  const count = actions.length;
  const left = decisions.filter((decision) => decision === undefined).length;
  const leftId = `${idBase}-decisions-left`;

  const keep = (index: number, decision: HumanDecision | undefined) =>
    decisions.map((current, position) => (position === index ? decision : current));
  const decide = (index: number, decision: HumanDecision): Promise<void> | undefined => {
    if (locked) return undefined;
    if (single) return send([decision]);
    const next = keep(index, decision);
    setDecisions(next);
    // On to the next open action (after this one, else before it), or to sending once none is left.
    const after = next.findIndex((value, position) => position > index && value === undefined);
    const open = after === -1 ? next.indexOf(undefined) : after;
    focusNext.current = open === -1 ? 'send' : open;
    return undefined;
  };
  const reopen = (index: number) => {
    if (!locked) setDecisions(keep(index, undefined));
  };
  const sendAll = () => {
    if (locked) return;
    if (left > 0) {
      // The open action is on screen already: focus moves now, not after a render.
      blocks.current[decisions.indexOf(undefined)]?.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
      const text = messages.decisionsLeft({ count: left, locale });
      setAnnouncement((previous) => ({ key: String(Number(previous?.key ?? 0) + 1), text }));
      return;
    }
    // A failed send is reported by whoever gave `onDecide`; the decisions stay for another try.
    void send(decisions.filter((decision) => decision !== undefined))?.catch(() => undefined);
  };

  return (
    <div
      className="hitl-approval-request"
      aria-busy={status === 'submitting' || undefined}
      data-state={status === 'idle' ? 'deciding' : status}
      data-disabled={disabled ? '' : undefined}
    >
      {actions.map((action, index) => {
        const name = typeof action.name === 'string' ? action.name : '';
        const title =
          typeof action.argsSchema?.title === 'string' && action.argsSchema.title.trim() !== '' ? action.argsSchema.title : undefined;
        return (
          <ApprovalAction
            // The actions never change within a request (kept from the first render), so their positions are their identities.
            key={index}
            action={action}
            heading={single ? kit.heading({ toolName: name, title }) : messages.actionHeading({ name, index: index + 1, count })}
            headingLevel={headingLevel}
            id={`${idBase}-action-${index}`}
            kit={kit}
            messages={messages}
            locked={locked}
            decided={single ? undefined : decisions[index]}
            onDecide={(decision) => decide(index, decision)}
            onReopen={() => reopen(index)}
            blockRef={(element) => {
              blocks.current[index] = element;
            }}
          />
        );
      })}
      {single ? null : (
        <div className="hitl-approval-send">
          <button
            type="button"
            ref={sendButton}
            className={cx('hitl-button', 'hitl-button-primary')}
            aria-disabled={locked || undefined}
            aria-describedby={left > 0 ? leftId : undefined}
            onClick={sendAll}
          >
            {messages.sendDecisions({ count })}
          </button>
          {left > 0 ? (
            <p className="hitl-approval-left" id={leftId}>
              {messages.decisionsLeft({ count: left, locale })}
            </p>
          ) : null}
          <LiveAnnouncer announcement={announcement} className="hitl-approval-announcer" />
        </div>
      )}
    </div>
  );
}

import { useId, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import type { JsonSchema, ToolCall } from '../../client';
import { useMessageGroup } from '../../hooks';
import { enApprovalMessages, enFormMessages, enPromptMessages } from '../../messages';
import { cx } from '../../utils';
import { Heading, subLevel, type HeadingLevel } from '../shared';
import { ApprovalArguments } from './approval-arguments';
import { defaultApprovalAnswer, type ApprovalAnswer, type ApprovalDecision } from './approval-decision';
import { ApprovalEditor } from './approval-editor';
import { ApprovalTextField } from './approval-text-field';
import type { ApprovalPromptMessages } from './messages';
import { useSingleAnswer } from './use-single-answer';
import { useIsomorphicLayoutEffect, withRefProp } from '../../utils/react';

/**
 * The prompt's state, exposed as `data-state`: `deciding` (the three buttons), `rejecting` (the
 * reason), `editing` (the editor), `submitting` while `submit`'s promise is pending, `submitted`
 * once the answer went out well (a rejected promise returns to the step the person was on).
 */
export type ApprovalPromptState = 'deciding' | 'rejecting' | 'editing' | 'submitting' | 'submitted';

/**
 * Props of `<ApprovalPrompt>`. The first four are `ToolRendererProps`, so the component itself is a
 * renderer: `renderers={{ approve_purchase: ApprovalPrompt }}`.
 */
export interface ApprovalPromptProps {
  /** The call to decide on. Its arguments are agent-made: shown as text, never HTML. A new `toolCallId` starts afresh. */
  toolCall: ToolCall;
  /** The tool's parameters schema: names the arguments by their `title` and checks edited arguments. Default: none (edits are checked for JSON syntax only). */
  schema?: JsonSchema | undefined;
  /**
   * Sends the answer string for `tool-input`; called exactly once per decision. While its promise is
   * pending the buttons are busy; a rejection lets the person decide again (report the failure
   * yourself: `<RunViewer>` does).
   */
  submit: (input: string) => void | Promise<void>;
  /** The person cannot decide now (e.g. while `<RunViewer>` sends or after a failed send); what was typed is kept. Default: false. */
  disabled?: boolean;
  /** Turns the decision into the answer string. Default: `defaultApprovalAnswer`, JSON `{"approved":true}`, `{"approved":false,"reason":"…"}` or `{"approved":true,"arguments":{…}}`. */
  answer?: ApprovalAnswer;
  /** Offers "Edit", approving with changed arguments. Default: true. */
  editable?: boolean;
  /** Replaces some of the texts (any of the `approval`, `form` and `prompt` groups). Default: those of `<MessagesProvider>`, else English. */
  messages?: Partial<ApprovalPromptMessages>;
  /** The level of the heading element; the editor's heading is one below. Default: 2. */
  headingLevel?: HeadingLevel;
  /** Shown above the buttons, and describing Approve and Send rejection; `null` for none. Default: "Requested by the automation agent. Check it before you answer." */
  agentNotice?: ReactNode;
  /** The region's id and the prefix of its elements' ids. Default: none on the region; the elements' ids use a generated prefix. */
  id?: string;
  /** The region (`<section>`). Default: none. */
  ref?: Ref<HTMLElement>;
  /** Added to the region's classes (`hitl-approval`). Default: none. */
  className?: string;
}

type Step = 'deciding' | 'rejecting' | 'editing';
/** Where focus goes once the next step is on screen. */
type FocusTarget = 'reason' | 'editor' | 'reject' | 'edit';

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/**
 * Asks the person to approve, reject (with an optional reason) or edit and approve a tool call that
 * is not a form, showing its arguments as text. Each decision sends one answer through `submit`,
 * shaped by `answer`. Register it by tool name, as it is or configured with `createApprovalRenderer`.
 */
export const ApprovalPrompt = withRefProp(function ApprovalPrompt(props: ApprovalPromptProps) {
  // Keyed by call: a poll's new object keeps the step and what was typed, a new call starts afresh.
  return <ApprovalPromptBody key={props.toolCall?.toolCallId} {...props} />;
});

const ApprovalPromptBody = withRefProp(function ApprovalPromptBody({ ref, ...props }: ApprovalPromptProps) {
  // Poll copies of the same call carry the same arguments; the first one is kept.
  const [toolCall] = useState(props.toolCall);
  const generatedId = useId();
  const idBase = props.id ?? generatedId;
  const approval = useMessageGroup('approval', enApprovalMessages, props.messages);
  const form = useMessageGroup('form', enFormMessages, props.messages);
  const prompt = useMessageGroup('prompt', enPromptMessages, props.messages);
  const messages = useMemo<ApprovalPromptMessages>(() => ({ ...form, ...prompt, ...approval }), [form, prompt, approval]);
  const { status, send } = useSingleAnswer(props.submit);
  const [step, setStep] = useState<Step>('deciding');
  const [reason, setReason] = useState('');
  const focusNext = useRef<FocusTarget | null>(null);
  const rejectButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const editor = useRef<HTMLDivElement>(null);

  useIsomorphicLayoutEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'reason') reasonField.current?.focus();
    else if (target === 'editor') editor.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    else if (target === 'reject') rejectButton.current?.focus();
    else if (target === 'edit') editButton.current?.focus();
  }, [step]);

  const disabled = props.disabled ?? false;
  // Busy or done: nothing more may be sent or changed until a rejected send returns to idle.
  const locked = disabled || status !== 'idle';
  const headingLevel = props.headingLevel ?? 2;
  const name = typeof toolCall?.tool?.name === 'string' ? toolCall.tool.name : '';
  const parameters: unknown = toolCall?.tool?.parameters;
  const schema = props.schema;
  const title = typeof schema?.title === 'string' && schema.title.trim() !== '' ? schema.title : undefined;
  const description = typeof schema?.description === 'string' ? schema.description : undefined;
  const notice = props.agentNotice === undefined ? messages.agentNotice() : props.agentNotice;
  const hasNotice = notice !== null && notice !== false;
  const headingId = `${idBase}-heading`;
  const noticeId = `${idBase}-notice`;
  const reasonId = `${idBase}-reason`;

  const decide = (decision: ApprovalDecision): Promise<void> | undefined => {
    if (locked) return undefined;
    const answer = props.answer ?? defaultApprovalAnswer;
    return send(answer(decision, toolCall));
  };
  // From a button: the failure was reported by whoever gave `submit`; the person may decide again.
  const decideFromButton = (decision: ApprovalDecision) => void decide(decision)?.catch(() => undefined);
  const goTo = (next: Step, focus: FocusTarget) => {
    if (locked) return;
    focusNext.current = focus;
    setStep(next);
  };

  const button = (label: string, onClick: () => void, options: { primary?: boolean; describe?: boolean; ref?: Ref<HTMLButtonElement> }) => (
    <button
      type="button"
      ref={options.ref}
      className={cx('hitl-button', options.primary && 'hitl-button-primary')}
      // aria-disabled rather than disabled: focus stays on the pressed button while the answer is out.
      aria-disabled={locked || undefined}
      aria-describedby={options.describe && hasNotice ? noticeId : undefined}
      onClick={onClick}
    >
      {label}
    </button>
  );

  let body: ReactNode;
  if (step === 'rejecting') {
    body = (
      <div className="hitl-approval-reject">
        <ApprovalTextField
          id={reasonId}
          label={messages.reasonLabel()}
          hint={messages.reasonHint()}
          value={reason}
          onChange={setReason}
          disabled={locked}
          fieldRef={reasonField}
        />
        <div className="hitl-approval-actions">
          {button(messages.sendRejection(), () => decideFromButton({ type: 'reject', approved: false, reason: reason.trim() }), {
            primary: true,
            describe: true,
          })}
          {button(messages.cancel(), () => goTo('deciding', 'reject'), {})}
        </div>
      </div>
    );
  } else if (step === 'editing') {
    body = (
      <ApprovalEditor
        toolName={name}
        schema={schema}
        parameters={parameters}
        messages={messages}
        disabled={locked}
        headingLevel={subLevel(headingLevel)}
        id={`${idBase}-editor`}
        onSubmit={(edited) => decide({ type: 'edit', approved: true, arguments: edited })}
        editorRef={editor}
      >
        <div className="hitl-approval-actions">{button(messages.cancel(), () => goTo('deciding', 'edit'), {})}</div>
      </ApprovalEditor>
    );
  } else {
    body = (
      <div className="hitl-approval-actions">
        {button(messages.approve(), () => decideFromButton({ type: 'approve', approved: true }), { primary: true, describe: true })}
        {button(messages.reject(), () => goTo('rejecting', 'reason'), { ref: rejectButton })}
        {props.editable === false ? null : button(messages.edit(), () => goTo('editing', 'editor'), { ref: editButton })}
      </div>
    );
  }

  const state: ApprovalPromptState = status === 'idle' ? step : status;
  return (
    <section
      ref={ref}
      id={props.id}
      className={cx('hitl-approval', props.className)}
      aria-labelledby={headingId}
      aria-busy={status === 'submitting' || undefined}
      data-state={state}
      data-disabled={disabled ? '' : undefined}
    >
      <Heading level={headingLevel} id={headingId} className="hitl-approval-heading">
        <bdi>{messages.heading({ toolName: name, title })}</bdi>
      </Heading>
      {description ? <p className="hitl-approval-description">{description}</p> : null}
      <ApprovalArguments parameters={parameters} schema={schema} messages={messages} />
      {hasNotice ? (
        <div className="hitl-agent-notice" id={noticeId}>
          {notice}
        </div>
      ) : null}
      {body}
    </section>
  );
});

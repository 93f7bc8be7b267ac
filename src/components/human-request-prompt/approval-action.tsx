import { useRef, useState, type ReactNode, type Ref } from 'react';
import type { RequestMessages } from '../../messages';
import type { HumanAction, HumanDecision, HumanDecisionType } from '../../request';
import { cx } from '../../utils';
import { assignRef, useIsomorphicLayoutEffect } from '../../utils/react';
import { ApprovalArguments, ApprovalEditor, ApprovalTextField, type ApprovalPromptMessages } from '../approval-prompt';
import { Heading, subLevel, type HeadingLevel } from '../shared';

/** The first control of a block, where focus goes when the block is reopened or pointed to. */
export const FIRST_CONTROL = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

const DECISION_TYPES: readonly HumanDecisionType[] = ['approve', 'reject', 'edit', 'respond'];
const DEFAULT_ALLOWED: readonly HumanDecisionType[] = ['approve', 'reject'];

/**
 * What the person may decide on `action`. The list comes from the agent's side: unknown entries are
 * dropped, and a list that allows nothing known falls back to the default, since an action nobody
 * can decide would hold the whole request.
 */
function allowedDecisions(action: HumanAction): ReadonlySet<HumanDecisionType> {
  const listed = Array.isArray(action.allowed) ? DECISION_TYPES.filter((type) => action.allowed?.includes(type)) : [];
  return new Set(listed.length > 0 ? listed : DEFAULT_ALLOWED);
}

/** Props of `ApprovalAction`. */
interface ApprovalActionProps {
  action: HumanAction;
  /** The heading's text: "Approve <name>?" for a lone action, "Action 1 of 2: <name>" for one of several. */
  heading: string;
  headingLevel: HeadingLevel;
  /** The block's id, the prefix of its elements' ids. */
  id: string;
  /** The approval kit's texts (`approval`, `form` and `prompt` groups). */
  kit: ApprovalPromptMessages;
  messages: RequestMessages;
  /** Nothing may be decided or changed (disabled, or the decisions are on their way or sent). */
  locked: boolean;
  /** The decision kept for this action while others are open (several actions); undefined while it is open. */
  decided: HumanDecision | undefined;
  /** Takes the decision: sends it (a rejected promise keeps the step as it is) or keeps it beside the others. */
  onDecide: (decision: HumanDecision) => Promise<void> | undefined;
  /** "Change": opens the decided action again. */
  onReopen: () => void;
  /** The block, where the request finds the first control of an action to focus. Default: none. */
  blockRef?: Ref<HTMLElement>;
}

type Step = 'deciding' | 'rejecting' | 'editing' | 'responding';
/** Where focus goes once the next step is on screen. */
type FocusTarget = 'first' | 'field' | 'editor' | 'reject' | 'edit' | 'respond';

/**
 * One action of an approval: its heading, description and arguments (agent-made, shown as text),
 * and the decisions its `allowed` list offers, each a step of its own as in `<ApprovalPrompt>`:
 * Approve; Reject with an optional reason; Edit the arguments, then approve them; Respond in words.
 * Where the action has `allowAlways`, a checkbox named after the tool ("Always for <name>") beside
 * Approve and Reject, and again above "Send rejection", makes either say `always: true`.
 * A decided action of several shows its decision and "Change" instead.
 */
export function ApprovalAction({
  action,
  heading,
  headingLevel,
  id,
  kit,
  messages,
  locked,
  decided,
  onDecide,
  onReopen,
  blockRef,
}: ApprovalActionProps) {
  const [step, setStep] = useState<Step>('deciding');
  const [reason, setReason] = useState('');
  // "Always": kept across the steps (and a reopened decision), so what was chosen stays in view.
  const [always, setAlways] = useState(false);
  const [response, setResponse] = useState('');
  const [responseAttempt, setResponseAttempt] = useState(0);
  // A reopened edit starts from the person's own arguments, not the agent's.
  const [edited, setEdited] = useState<{ args: unknown } | null>(null);
  const focusNext = useRef<FocusTarget | null>(null);
  const block = useRef<HTMLElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const editor = useRef<HTMLDivElement>(null);
  const rejectButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const respondButton = useRef<HTMLButtonElement>(null);

  useIsomorphicLayoutEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'first') block.current?.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
    else if (target === 'field') field.current?.focus();
    else if (target === 'editor') editor.current?.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
    else if (target === 'reject') rejectButton.current?.focus();
    else if (target === 'edit') editButton.current?.focus();
    else if (target === 'respond') respondButton.current?.focus();
  }, [step, decided, responseAttempt]);

  const allowed = allowedDecisions(action);
  const name = typeof action.name === 'string' ? action.name : '';
  const description = typeof action.description === 'string' ? action.description : undefined;
  const schema = action.argsSchema;
  const headingId = `${id}-heading`;
  const decidedId = `${id}-decided`;
  // Only an approve or a reject carries it, and only where the source can apply it to later calls.
  const offersAlways = action.allowAlways === true;
  const withAlways = <D extends HumanDecision>(decision: D): D => (offersAlways && always ? { ...decision, always: true } : decision);
  const responseLabel = messages.responseLabel();
  const responseError =
    responseAttempt > 0 && response.trim() === '' ? kit.required({ label: responseLabel, index: 0, type: 'textarea' }) : undefined;

  const decideFromButton = (decision: HumanDecision) => {
    if (locked) return;
    // A failed send is reported by whoever gave `onDecide`; the step stays as it is for another try.
    void onDecide(decision)?.catch(() => undefined);
  };
  const goTo = (next: Step, focus: FocusTarget) => {
    if (locked) return;
    focusNext.current = focus;
    setStep(next);
  };
  const sendResponse = () => {
    if (locked) return;
    const message = response.trim();
    if (message === '') {
      focusNext.current = 'field';
      setResponseAttempt((n) => n + 1);
      return;
    }
    decideFromButton({ type: 'respond', message });
  };
  const reopen = () => {
    if (locked) return;
    focusNext.current = 'first';
    setStep('deciding');
    onReopen();
  };

  const button = (
    label: string,
    onClick: () => void,
    options: { primary?: boolean; ref?: Ref<HTMLButtonElement>; describedBy?: string },
  ) => (
    <button
      type="button"
      ref={options.ref}
      className={cx('hitl-button', options.primary && 'hitl-button-primary')}
      // aria-disabled rather than disabled: focus stays on the pressed button while the answer is out.
      aria-disabled={locked || undefined}
      aria-describedby={options.describedBy}
      onClick={onClick}
    >
      {label}
    </button>
  );
  const textStep = (
    text: { label: string; hint?: string; required?: boolean; error?: string },
    value: string,
    onChange: (value: string) => void,
    actions: ReactNode,
    extra?: ReactNode,
  ) => (
    <div className="hitl-approval-reject">
      <ApprovalTextField
        id={`${id}-${step}`}
        label={text.label}
        hint={text.hint}
        required={text.required}
        value={value}
        onChange={onChange}
        disabled={locked}
        error={text.error}
        errorKey={responseAttempt}
        fieldRef={field}
      />
      {extra}
      <div className="hitl-approval-actions">{actions}</div>
    </div>
  );

  const alwaysId = `${id}-always`;
  // Beside Approve and Reject, and again above "Send rejection": the choice is seen where it is sent.
  const alwaysBox = offersAlways ? (
    <div className="hitl-field hitl-approval-always" data-field-type="checkbox" data-disabled={locked ? '' : undefined}>
      <div className="hitl-toggle">
        <input
          type="checkbox"
          id={alwaysId}
          className="hitl-checkbox"
          checked={always}
          disabled={locked}
          aria-describedby={`${alwaysId}-hint`}
          onChange={(event) => setAlways(event.currentTarget.checked)}
        />
        <label className="hitl-label" htmlFor={alwaysId} dir="auto">
          {messages.alwaysLabel({ name })}
        </label>
      </div>
      <p className="hitl-field-hint" id={`${alwaysId}-hint`}>
        {messages.alwaysHint()}
      </p>
    </div>
  ) : null;

  let body: ReactNode;
  if (decided !== undefined) {
    const said = decided.type === 'reject' || decided.type === 'respond' ? decided.message : undefined;
    body = (
      <div className="hitl-approval-decided">
        <p className="hitl-approval-decision" id={decidedId}>
          {messages.decided({ decision: decided.type, always: 'always' in decided && decided.always === true })}
        </p>
        {said ? <p className="hitl-approval-decision-message">{said}</p> : null}
        <div className="hitl-approval-actions">{button(messages.changeDecision(), reopen, { describedBy: decidedId })}</div>
      </div>
    );
  } else if (step === 'rejecting') {
    body = textStep(
      { label: kit.reasonLabel(), hint: kit.reasonHint() },
      reason,
      setReason,
      <>
        {button(
          kit.sendRejection(),
          () => decideFromButton(withAlways(reason.trim() === '' ? { type: 'reject' } : { type: 'reject', message: reason.trim() })),
          {
            primary: true,
          },
        )}
        {button(kit.cancel(), () => goTo('deciding', 'reject'), {})}
      </>,
      alwaysBox,
    );
  } else if (step === 'responding') {
    body = textStep(
      { label: responseLabel, required: true, error: responseError },
      response,
      setResponse,
      <>
        {button(messages.sendResponse(), sendResponse, { primary: true })}
        {button(kit.cancel(), () => goTo('deciding', 'respond'), {})}
      </>,
    );
  } else if (step === 'editing') {
    body = (
      <ApprovalEditor
        toolName={name}
        schema={schema}
        parameters={edited === null ? action.args : edited.args}
        messages={kit}
        disabled={locked}
        headingLevel={subLevel(headingLevel)}
        id={`${id}-editor`}
        onSubmit={(args) => {
          if (locked) return undefined;
          setEdited({ args });
          return onDecide({ type: 'edit', args });
        }}
        editorRef={editor}
      >
        <div className="hitl-approval-actions">{button(kit.cancel(), () => goTo('deciding', 'edit'), {})}</div>
      </ApprovalEditor>
    );
  } else {
    const buttons = (
      <div className="hitl-approval-actions">
        {allowed.has('approve') ? button(kit.approve(), () => decideFromButton(withAlways({ type: 'approve' })), { primary: true }) : null}
        {allowed.has('reject') ? button(kit.reject(), () => goTo('rejecting', 'field'), { ref: rejectButton }) : null}
        {allowed.has('edit') ? button(kit.edit(), () => goTo('editing', 'editor'), { ref: editButton }) : null}
        {allowed.has('respond') ? button(messages.respond(), () => goTo('responding', 'field'), { ref: respondButton }) : null}
      </div>
    );
    // "Always" only beside a decision that can carry it; the block's grid spaces the two.
    body = (
      <>
        {allowed.has('approve') || allowed.has('reject') ? alwaysBox : null}
        {buttons}
      </>
    );
  }

  return (
    <section
      ref={(element) => {
        block.current = element;
        assignRef(blockRef, element);
      }}
      id={id}
      className="hitl-approval hitl-approval-action"
      aria-labelledby={headingId}
      data-state={decided === undefined ? step : 'decided'}
    >
      <Heading level={headingLevel} id={headingId} className="hitl-approval-heading">
        <bdi>{heading}</bdi>
      </Heading>
      {description ? <p className="hitl-approval-description">{description}</p> : null}
      {/* A decided edit shows the arguments that will be sent. */}
      <ApprovalArguments parameters={decided?.type === 'edit' ? decided.args : action.args} schema={schema} messages={kit} />
      {body}
    </section>
  );
}

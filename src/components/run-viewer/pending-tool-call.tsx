import { Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { isTaskApiError, type TaskClient, type ToolCall, type ToolDefinition } from '../../client';
import { useMessagesLocale, useToolCallDraft, type UseToolInputResult } from '../../hooks';
import { formatByteSize, type RequestMessages, type StopRunButtonMessages } from '../../messages';
import { controlRequestFromToolCall } from '../../request';
import { HUMAN_CONTROL_TOOL_NAME } from '../../schema';
import { AnswerTooLargeError, StaleToolCallError } from '../../store';
import type { ToolCallPromptProps, ToolRenderers } from '../tool-call-prompt';
import { promptFormProps, type RunViewerFormProps } from './prompt-form-props';
import { ownValue } from '../../utils';
import { TimeLeft, watchDeadline } from '../human-request-prompt';
import { isKeyRefused, useErrorReason, type HeadingLevel } from '../shared';
import type { RunViewerMessages } from './messages';
import type { ToolCallDeadline } from './use-tool-call-deadline';
import type { HandOffLiveViewProps } from './hand-off';
import { lazyPart, useIsomorphicLayoutEffect } from '../../utils/react';

// The form, its fields and their checks load when the agent first asks: a run that is only watched never pays for them.
const ToolCallPrompt = lazyPart(() => import('../tool-call-prompt').then((module) => module.ToolCallPrompt));
// A hand-off brings `<HumanRequestPrompt>` and its live view: loaded when the agent first asks for one.
const ToolCallHandOff = lazyPart(() => import('./hand-off').then((module) => module.ToolCallHandOff));

interface PendingToolCallProps {
  taskId: string;
  /** Keeps what the person typed in `sessionStorage` (see `useToolCallDraft`). */
  persistDrafts: boolean;
  /** The call the service shows as waiting (answered calls are already `null` here). */
  liveCall: ToolCall | null;
  /** The call the run status shows at all, answered or not. */
  shownCallId: string | undefined;
  answer: UseToolInputResult;
  terminal: boolean;
  tools: ToolDefinition[] | undefined;
  renderers: ToolRenderers | undefined;
  formProps: RunViewerFormProps | undefined;
  components: ToolCallPromptProps['components'];
  renderField: ToolCallPromptProps['renderField'];
  headingLevel: HeadingLevel;
  messages: RunViewerMessages;
  /** The time left to answer, and whether the call expired (`toolCallTimeoutMs`). */
  deadline: ToolCallDeadline;
  /** The deadline's texts (time left, expired). */
  requestMessages: RequestMessages;
  /** Why stopping the run at the deadline failed. */
  stopMessages: StopRunButtonMessages;
  /** Takes focus when the prompt goes away with focus in it and nothing is left to say. */
  fallbackFocus: RefObject<HTMLElement | null>;
  /** For a hand-off (`human_control`): the run's live view, when the call was first seen, the client, the live view's props. */
  liveUrl: string;
  waitingSince: number | undefined;
  client: TaskClient | undefined;
  liveView: HandOffLiveViewProps | undefined;
}

/** Whether the viewer shows `call` as a hand-off: a `human_control` call for which the app gave no renderer of its own. */
export const isHandOff = (call: ToolCall | null | undefined, renderers: ToolRenderers | undefined): boolean =>
  call?.tool.name === HUMAN_CONTROL_TOOL_NAME && ownValue(renderers, HUMAN_CONTROL_TOOL_NAME) === undefined;

/** When a hand-off's own deadline (its `timeoutSeconds`) falls, counted from when the call was first seen. */
function handOffDue(call: ToolCall, waitingSince: number | undefined): number | undefined {
  if (waitingSince === undefined) return undefined;
  const { deadline } = controlRequestFromToolCall(call, { liveUrl: '', waitingSince });
  return typeof deadline === 'number' ? deadline : undefined;
}

/** The earlier of two deadlines, either of which may be none. */
const earlier = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));

/** The proxy refused the answer because another person's answer to the same call went first. */
const isAnsweredElsewhere = (error: Error | undefined) => isTaskApiError(error?.cause) && error.cause.kind === 'already_answered';

/** What to say about an answer that cannot be sent any more. */
function staleText(error: Error | undefined, messages: RunViewerMessages): string {
  if (isAnsweredElsewhere(error)) return messages.answeredElsewhere();
  if (error instanceof StaleToolCallError && error.probablyReceived) return messages.probablyReceived();
  return messages.stale();
}

/** The countdown's own timer is not the one that expires the call: `useToolCallDeadline` runs that, shown or not. */
const ignore = () => {};

const FOCUSABLE =
  'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The pending tool call and what became of the answer. The prompt stays mounted from the moment a
 * call shows up until its answer is accepted (or the call is gone), so what the person typed
 * survives polls, re-renders and a failed send; it is disabled while the answer is out or failed.
 */
export function PendingToolCall(props: PendingToolCallProps) {
  const { liveCall, answer, messages } = props;
  // The call being answered, kept while the status briefly stops showing it during a send.
  const [heldCall, setHeldCall] = useState<ToolCall | null>(liveCall);
  if (liveCall !== null && liveCall.toolCallId !== heldCall?.toolCallId) setHeldCall(liveCall);
  const heldId = heldCall?.toolCallId;
  const state = heldId !== undefined && answer.toolCallId === heldId ? answer.state : 'idle';
  const [resendingId, setResendingId] = useState<string | undefined>(undefined);
  const resending = resendingId !== undefined && resendingId === heldId && state === 'submitting';
  const form = useRef<HTMLFormElement>(null);
  // "Edit answer" hands focus to the form once it is editable again.
  const focusFormWhenIdle = useRef(false);

  // Answered by someone else: the form goes even while the service still shows the call.
  const elsewhere = state === 'stale' && isAnsweredElsewhere(answer.error);
  // A hand-off has its own deadline besides the viewer's; the proxy answers the call at it, the
  // viewer only closes it. An answer on its way wins, as at the viewer's deadline.
  const handOff = isHandOff(heldCall, props.renderers);
  const ownDue = handOff && heldCall !== null ? handOffDue(heldCall, props.waitingSince) : undefined;
  const [handOffPassed, setHandOffPassed] = useState<string | undefined>(undefined);
  useEffect(
    () => (ownDue === undefined || heldId === undefined ? undefined : watchDeadline(ownDue, () => setHandOffPassed(heldId))),
    [ownDue, heldId],
  );
  const answerHolds = state !== 'idle' && !(state === 'error' && !answer.inDoubt);
  // Past its deadline: closed for good, nothing more can be sent for it.
  const expired =
    (props.deadline.expired && props.deadline.toolCallId === heldId) ||
    (handOffPassed !== undefined && handOffPassed === heldId && !answerHolds);
  const pending =
    heldCall !== null && !elsewhere && !expired && (liveCall?.toolCallId === heldId || state === 'submitting' || state === 'error');
  // The hand-off shown while the run went on: if the run ends with it still shown, it ends with a
  // note (nobody is left to hand back to); one answered or gone before says nothing of the kind.
  const [shownId, setShownId] = useState<string | undefined>(undefined);
  const shownNow = handOff && pending ? heldId : undefined;
  if (!props.terminal && shownNow !== shownId) setShownId(shownNow);
  const handOffEnded = props.terminal && shownId !== undefined && shownId === heldId && !expired && state !== 'submitted';
  const showPrompt = pending && !(handOff && props.terminal);
  useIsomorphicLayoutEffect(() => {
    if (!focusFormWhenIdle.current || state !== 'idle') return;
    focusFormWhenIdle.current = false;
    form.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [state]);

  const sent =
    answer.state === 'submitted' && answer.toolCallId !== undefined && answer.toolCallId === props.shownCallId && !props.terminal;
  const stale = answer.state === 'stale';

  // The prompt going away (answer accepted, call withdrawn, run stopped) takes focus with it when
  // the person was in it; focus lands on what replaced it, or on the viewer's heading.
  const area = useRef<HTMLDivElement>(null);
  const wasShowing = useRef(showPrompt);
  useIsomorphicLayoutEffect(() => {
    const was = wasShowing.current;
    wasShowing.current = showPrompt;
    if (!was || showPrompt) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    (area.current?.textContent ? area.current : props.fallbackFocus.current)?.focus();
  }, [showPrompt, props.fallbackFocus]);

  let content: ReactNode = null;
  if (showPrompt) {
    content = (
      <Prompt
        {...props}
        call={heldCall}
        due={earlier(props.deadline.toolCallId === heldId ? props.deadline.at : undefined, ownDue)}
        state={state}
        resending={resending}
        form={form}
        onResend={setResendingId}
        onEdit={() => {
          focusFormWhenIdle.current = true;
        }}
      />
    );
  } else if (expired) {
    content = <Expired stopError={props.deadline.stopError} requestMessages={props.requestMessages} stopMessages={props.stopMessages} />;
  } else if (handOffEnded) {
    content = (
      <p className="hitl-run-viewer-hand-off-ended" data-state="ended">
        {messages.handOffEnded()}
      </p>
    );
  } else if (sent) {
    content = (
      <p className="hitl-run-viewer-sent" data-state="submitted">
        {messages.sent()}
      </p>
    );
  } else if (stale) {
    content = (
      <div className="hitl-run-viewer-stale" data-state="stale">
        <p>{staleText(answer.error, messages)}</p>
        <button type="button" className="hitl-button" onClick={answer.reset}>
          {messages.dismiss()}
        </button>
      </div>
    );
  }
  // An emptied area is hidden by the stylesheet, which would drop focus on the page: hand it to the
  // heading first. A layout effect, so it happens before the browser applies the style.
  const empty = content === null;
  useIsomorphicLayoutEffect(() => {
    if (empty && area.current !== null && document.activeElement === area.current) props.fallbackFocus.current?.focus();
  }, [empty, props.fallbackFocus]);

  return (
    <div ref={area} className="hitl-run-viewer-answer" tabIndex={-1}>
      {content}
    </div>
  );
}

/** What replaces the prompt at the deadline, and the run's stop if it failed. */
function Expired({
  stopError,
  requestMessages,
  stopMessages,
}: Pick<ToolCallDeadline, 'stopError'> & Pick<PendingToolCallProps, 'requestMessages' | 'stopMessages'>) {
  const reason = useErrorReason();
  return (
    <div className="hitl-run-viewer-expired" data-state="expired">
      <p role="alert">{requestMessages.expired()}</p>
      {stopError === undefined ? null : (
        <p role="alert">{isKeyRefused(stopError) ? stopMessages.keyRefused() : stopMessages.error({ reason: reason(stopError) })}</p>
      )}
    </div>
  );
}

interface PromptProps extends PendingToolCallProps {
  call: ToolCall;
  /** When the answer is due (epoch ms), if it has a deadline. */
  due: number | undefined;
  state: UseToolInputResult['state'];
  resending: boolean;
  form: RefObject<HTMLFormElement | null>;
  onResend: (toolCallId: string | undefined) => void;
  onEdit: () => void;
}

/** The prompt itself, and what went wrong with sending its answer. */
function Prompt({ form, ...props }: PromptProps) {
  const { call, state, resending, answer, messages } = props;
  const handOff = isHandOff(call, props.renderers);
  const draft = useToolCallDraft({ taskId: props.taskId, toolCall: call, enabled: props.persistDrafts && !handOff });
  // The limit is written inside a message, so in the messages' language, not the browser's.
  const locale = useMessagesLocale();
  const reason = useErrorReason();
  // Too large: the same body would be refused again, so only "Edit answer" is offered.
  const tooLarge = state === 'error' && answer.error instanceof AnswerTooLargeError ? answer.error : undefined;
  // The answer may have been applied: a different one must not follow it, so only "Try again"
  // (the same answer, the same key) is offered while the run's status is read to settle it.
  const inDoubt = state !== 'idle' && answer.inDoubt;
  const tryAgain = () => {
    if (state !== 'error') return;
    props.onResend(call.toolCallId);
    void answer.retry().catch(() => {});
  };
  const editAnswer = () => {
    if (state !== 'error' || inDoubt) return;
    props.onResend(undefined);
    props.onEdit();
    answer.reset();
  };

  return (
    <div
      className="hitl-run-viewer-tool-call"
      data-state={state}
      data-renderer={ownValue(props.renderers, call.tool.name) === undefined ? 'built-in' : 'custom'}
    >
      {/* Keyed: its deadline is read once, and a call's moves earlier when the proxy's first sighting arrives. */}
      {props.due === undefined ? null : (
        <TimeLeft key={props.due} deadline={props.due} messages={props.requestMessages} onPassed={ignore} />
      )}
      <Suspense fallback={<div className="hitl-request-loading" aria-busy="true" />}>
        {handOff ? (
          <ToolCallHandOff
            key={call.toolCallId}
            taskId={props.taskId}
            call={call}
            liveUrl={props.liveUrl}
            answer={answer}
            disabled={state === 'submitting' || state === 'error'}
            client={props.client}
            headingLevel={props.headingLevel}
            liveView={props.liveView}
            requestMessages={props.requestMessages}
            agentNotice={props.formProps?.agentNotice}
          />
        ) : (
          <ToolCallPrompt
            toolCall={call}
            onSubmit={(input) => answer.submit(call.toolCallId, input)}
            defaultValues={draft.defaultValues}
            onValuesChange={draft.onValuesChange}
            tools={props.tools}
            renderers={props.renderers}
            components={props.components}
            renderField={props.renderField}
            {...promptFormProps(props.formProps)}
            disabled={state === 'submitting' || state === 'error'}
            headingLevel={props.headingLevel}
            ref={form}
          />
        )}
      </Suspense>
      {state === 'submitting' && !resending ? <p className="hitl-run-viewer-submitting">{messages.submitting()}</p> : null}
      {state === 'error' || resending ? (
        <div className="hitl-run-viewer-submit-error" data-state={resending ? 'submitting' : 'error'}>
          {resending ? (
            <p>{messages.resubmitting()}</p>
          ) : inDoubt ? (
            <p role="status">{messages.answerInDoubt()}</p>
          ) : (
            <p role="alert">
              {tooLarge !== undefined
                ? messages.answerTooLarge({ limit: tooLarge.limit === undefined ? '' : formatByteSize(tooLarge.limit, locale) })
                : messages.submitError({ reason: reason(answer.error) })}
            </p>
          )}
          <div className="hitl-run-viewer-actions">
            {/* aria-disabled while resending, so focus stays on the button the person pressed. */}
            {tooLarge === undefined ? (
              <button type="button" className="hitl-button hitl-button-primary" aria-disabled={resending || undefined} onClick={tryAgain}>
                {messages.tryAgain()}
              </button>
            ) : null}
            {inDoubt ? null : (
              <button
                type="button"
                className={tooLarge === undefined ? 'hitl-button' : 'hitl-button hitl-button-primary'}
                aria-disabled={resending || undefined}
                onClick={editAnswer}
              >
                {messages.editAnswer()}
              </button>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}

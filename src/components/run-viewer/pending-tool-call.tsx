import { Suspense, useRef, useState, type ReactNode, type RefObject } from 'react';
import { isTaskApiError, type ToolCall, type ToolDefinition } from '../../client';
import { useMessagesLocale, useToolCallDraft, type UseToolInputResult } from '../../hooks';
import { formatByteSize, type RequestMessages, type StopRunButtonMessages } from '../../messages';
import { AnswerTooLargeError, StaleToolCallError } from '../../store';
import type { ToolCallPromptProps, ToolRenderers } from '../tool-call-prompt';
import { promptFormProps, type RunViewerFormProps } from './prompt-form-props';
import { ownValue } from '../../utils';
import { TimeLeft } from '../human-request-prompt';
import { isKeyRefused, useErrorReason, type HeadingLevel } from '../shared';
import type { RunViewerMessages } from './messages';
import type { ToolCallDeadline } from './use-tool-call-deadline';
import { lazyPart, useIsomorphicLayoutEffect } from '../../utils/react';

// The form, its fields and their checks load when the agent first asks: a run that is only watched never pays for them.
const ToolCallPrompt = lazyPart(() => import('../tool-call-prompt').then((module) => module.ToolCallPrompt));

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
}

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
  // Past its deadline: closed for good, nothing more can be sent for it.
  const expired = props.deadline.expired && props.deadline.toolCallId === heldId;
  const showPrompt =
    heldCall !== null && !elsewhere && !expired && (liveCall?.toolCallId === heldId || state === 'submitting' || state === 'error');
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
        due={props.deadline.toolCallId === heldId ? props.deadline.at : undefined}
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
  const draft = useToolCallDraft({ taskId: props.taskId, toolCall: call, enabled: props.persistDrafts });
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

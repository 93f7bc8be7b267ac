import { useEffect, useId, useRef, type Ref } from 'react';
import type { RunStatus, TaskClient, ToolDefinition } from '../../client';
import { enRequestMessages, enRunViewerMessages, enStopRunButtonMessages } from '../../messages';
import { useMessageGroup, useRunGif, useRunResult, useRunStatus, useRunStatusState, useShowToolCall, useToolInput } from '../../hooks';
import type { PollInterval } from '../../store';
import { LiveView, type LiveViewProps } from '../live-view';
import { RunGif } from '../run-gif';
import { RunResultView } from '../run-result-view';
import { RunStatusBadge } from '../run-status-badge';
import { StopRunButton } from '../stop-run-button';
import type { FieldComponents, RenderField } from '../tool-call-form';
import type { ToolRenderers } from '../tool-call-prompt';
import type { RunViewerMessages, RunViewerPartMessages } from './messages';
import { isHandOff, PendingToolCall } from './pending-tool-call';
import type { RunViewerFormProps } from './prompt-form-props';
import type { HandOffLiveViewProps } from './hand-off';
import { AnsweredBy } from './answered-by';
import { useToolCallDeadline, type ToolCallExpiredHandler } from './use-tool-call-deadline';
import {
  Heading,
  isKeyRefused,
  LiveAnnouncer,
  RetryAlert,
  subLevel,
  useErrorReason,
  useFocusAfterRetry,
  WaitingTime,
  type Announcement,
  type HeadingLevel,
} from '../shared';
import { cx } from '../../utils';
import { useLatestOptionalCallback, withRefProp } from '../../utils/react';

export interface RunViewerProps<Tools extends readonly ToolDefinition[] = ToolDefinition[]> {
  /** The task whose run is shown. Required. */
  taskId: string;
  /** The run to show. Default: the most recent run of the task. */
  runId?: string | undefined;
  /**
   * Milliseconds between status polls, `false` for none, or a function of the latest status (see
   * `useRunStatus`). Polling stops once the run is terminal. Default: the store's (2000).
   */
  pollIntervalMs?: PollInterval<RunStatus> | undefined;
  /**
   * Custom renderers of tool calls by tool name, as `<ToolCallPrompt renderers>`; typed per tool when
   * `tools` come from `defineTool`. One for `human_control` replaces the built-in hand-off. Default: none.
   */
  renderers?: ToolRenderers<NoInfer<Tools>> | undefined;
  /** The task's tool definitions, so calls of tools other than `form_input` get their schema. Default: none. */
  tools?: Tools | undefined;
  /** The client to use. Default: the one from `<TaskClientProvider>`. */
  client?: TaskClient | undefined;
  /** Replaces some of the texts, the viewer's own and, by part, those of its parts. Default: those of `<MessagesProvider>` (`runViewer` and each part's group), else English. */
  messages?: (Partial<RunViewerMessages> & RunViewerPartMessages) | undefined;
  /** Passed to `<ToolCallPrompt>`: `messages`, `classNamePolicy`, `autocompletePolicy`, `agentNotice`, `onInvalidParameters`. Default: none (the prompt's defaults). */
  formProps?: RunViewerFormProps | undefined;
  /**
   * Your own components for the fields of the prompt's forms, by kind, as `<ToolCallPrompt components>`
   * (`{ text: MyInput, select: MySelect }`). Default: none (the built-in fields).
   */
  components?: FieldComponents | undefined;
  /** Renders one field of the prompt's forms yourself, as `<ToolCallPrompt renderField>`. Default: none. */
  renderField?: RenderField | undefined;
  /**
   * `false` hides the live view; otherwise props for `<LiveView>` (all but `url`). A hand-off
   * (`human_control`) shows the live view itself, with these props but for `interactive` and
   * `onStateChange`, even with `false`: it is where the person takes control. Default: `{}`, a
   * view-only live view.
   */
  liveView?: false | Omit<LiveViewProps, 'url'> | undefined;
  /** Locale(s) for the numbers of the result's data table. Default: the `locale` of `<MessagesProvider>`'s messages, else the browser's. */
  locale?: string | readonly string[] | undefined;
  /** The level of the viewer's heading; its parts' headings are one below. Default: 2. */
  headingLevel?: HeadingLevel | undefined;
  /** Added to the root's classes (`hitl-run-viewer`). Default: none. */
  className?: string | undefined;
  /** The root `<section>` element. Default: none. */
  ref?: Ref<HTMLElement> | undefined;
  /** Called with each new run status (not on polls that bring nothing new). Default: none. */
  onStatusChange?: ((status: RunStatus) => void) | undefined;
  /**
   * Keeps what the person typed into a pending form in `sessionStorage` until the answer is
   * accepted or the call goes away, so a reload does not lose it. Passwords, one-time codes and
   * card data are never kept. Default: true.
   */
  persistDrafts?: boolean | undefined;
  /**
   * The time a person has to answer a pending tool call, in ms, counted from when the call was
   * first seen (through a `createTaskProxy`, the proxy's time, the same in every browser). The
   * prompt shows the time left; at the deadline it closes with a message, nothing more can be sent
   * for that call, and the run is stopped (the service cannot decline one call), once for all the
   * tabs of the origin, unless `onToolCallExpired` returns `false`. An answer already on its way
   * wins. Default: none (no deadline).
   */
  toolCallTimeoutMs?: number | undefined;
  /**
   * Called at a call's deadline (`toolCallTimeoutMs`) before the run is stopped, once per call for
   * all the tabs of the origin (again in another tab only if the stop failed here). Return `false`
   * (or a promise of it) to keep the run going: only the prompt closes. Default: none (the run is
   * stopped).
   */
  onToolCallExpired?: ToolCallExpiredHandler | undefined;
}

/**
 * `data-state` of the viewer: `loading`, `error` (no status, only an error), `running`, `waiting`
 * (a tool call waits for the person), `completed`, `failed`, `stopped`, `unknown` (a status value
 * this library does not know).
 */
export type RunViewerState = 'loading' | 'error' | 'running' | 'waiting' | 'completed' | 'failed' | 'stopped' | 'unknown';

/**
 * A run, live: its status badge, a stop button while it runs, the pending tool call for the person
 * to answer (through `<ToolCallPrompt>` and `useToolInput`; a `human_control` call as a hand-off of
 * the agent's browser, `<HumanRequestPrompt>`'s, its control leased at the proxy when the client is
 * a `createTaskProxy`'s, and ended with a note if the run ends), the live view while it runs, and once
 * it is terminal its result and recording. Important changes (waiting for you, sent, completed,
 * failed, stopped), including the state found when the status first loads, are announced
 * politely, once each; polls that change nothing are not.
 */
function RunViewerRoot<const Tools extends readonly ToolDefinition[] = ToolDefinition[]>(props: RunViewerProps<Tools>) {
  // Renderers are looked up by the name the agent sent, at run time: the per-tool types have done their work.
  const untyped = props as RunViewerProps<readonly ToolDefinition[]> as RunViewerProps;
  // Another run starts afresh: no held question, answer note or announcement of the last one.
  return <RunViewerBody key={JSON.stringify([props.taskId, props.runId ?? null])} {...untyped} />;
}
RunViewerRoot.displayName = 'RunViewer';

// Declared with the component's own type: inline renderers then get their props' types from it.
export const RunViewer: typeof RunViewerRoot = withRefProp(RunViewerRoot);

const RunViewerBody = withRefProp(function RunViewerBody({ ref, ...props }: RunViewerProps) {
  const { taskId, runId, client } = props;
  const messages = useMessageGroup('runViewer', enRunViewerMessages, props.messages);
  const reason = useErrorReason();
  const level = props.headingLevel ?? 2;
  const sub = subLevel(level);
  const headingId = useId();
  const liveHeadingId = useId();
  const recordingHeadingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const recordingHeading = useRef<HTMLHeadingElement>(null);

  const status = useRunStatus({ taskId, runId, pollIntervalMs: props.pollIntervalMs }, client);
  // On screen: no OS notification for this call from any tab while this one is visible.
  useShowToolCall({ taskId, toolCallId: status.pendingToolCall?.toolCallId }, client);
  const answer = useToolInput({ taskId, runId }, client);
  const terminal = status.isTerminal;
  const deadline = useToolCallDeadline({
    taskId,
    runId,
    client,
    timeoutMs: props.toolCallTimeoutMs,
    call: status.pendingToolCall,
    waitingSince: status.waitingSince,
    terminal,
    answer,
    onExpired: props.onToolCallExpired,
  });
  // Enabled only once terminal: before that there is no result or recording to show.
  const result = useRunResult({ taskId, runId, enabled: terminal }, client);
  const gif = useRunGif({ taskId, runId, enabled: terminal }, client);

  const data = status.data;
  // As the badge judges it: a status the store knows as still going is `running`, one it does not know `unknown`.
  const runState = useRunStatusState(data, terminal);
  const state: RunViewerState = data === undefined ? (status.error ? 'error' : 'loading') : runState === 'loading' ? 'unknown' : runState;

  const onStatusChange = useLatestOptionalCallback(props.onStatusChange);
  useEffect(() => {
    if (data !== undefined) onStatusChange(data);
  }, [data, onStatusChange]);

  // The last important change, kept until the next one: "sent" must still be heard when the
  // service moves on a moment later.
  let event: Announcement | null = null;
  if (terminal && data !== undefined) {
    const raw = String(data.status);
    event = {
      key: `end:${raw}`,
      text:
        runState === 'completed'
          ? messages.announceCompleted()
          : runState === 'failed'
            ? messages.announceFailed()
            : runState === 'stopped'
              ? messages.announceStopped()
              : messages.announceEnded({ status: raw }),
    };
  } else if (status.pendingToolCall !== null && (answer.toolCallId !== status.pendingToolCall.toolCallId || answer.state === 'idle')) {
    event = { key: `waiting:${status.pendingToolCall.toolCallId}`, text: messages.announceWaiting() };
  } else if (answer.state === 'submitted' && answer.toolCallId !== undefined) {
    event = { key: `sent:${answer.toolCallId}`, text: messages.announceSent() };
  }

  const retryStatus = useFocusAfterRetry(status.error, heading, status.refetch);
  // The result takes the place of its alert, right below the viewer's heading.
  const retryResult = useFocusAfterRetry(result.error, heading, result.refetch);
  const retryGif = useFocusAfterRetry(gif.error, recordingHeading, gif.refetch);

  const liveUrl = typeof data?.liveStatus === 'string' ? data.liveStatus : '';
  const liveViewProps = props.liveView === false ? undefined : (props.liveView ?? {});
  // A hand-off shows the live view itself (read-only until taken): the viewer's own would be a second frame of the same page.
  const handOffShown = isHandOff(status.pendingToolCall, props.renderers) && !deadline.expired;
  const parts = props.messages;
  const requestMessages = useMessageGroup('request', enRequestMessages, parts?.request);
  const stopMessages = useMessageGroup('stopRunButton', enStopRunButtonMessages, parts?.stopRunButton);

  return (
    <section
      ref={ref}
      className={cx('hitl-run-viewer', props.className)}
      aria-labelledby={headingId}
      data-state={state}
      data-status={data === undefined ? undefined : String(data.status)}
      data-detailed-status={data === undefined ? undefined : String(data.detailedStatus)}
    >
      <div className="hitl-run-viewer-header">
        <Heading level={level} id={headingId} className="hitl-run-viewer-heading" ref={heading}>
          {messages.heading({ taskId, runId })}
        </Heading>
        {/* Without a status, the error's alert says where the run stands: a badge would say "loading" beside it. */}
        {state === 'error' ? null : (
          <RunStatusBadge
            status={data}
            isTerminal={data === undefined ? undefined : terminal}
            answerSent={answer.state === 'submitted' && answer.toolCallId !== undefined && answer.toolCallId === data?.toolCall?.toolCallId}
            messages={parts?.statusBadge}
          />
        )}
        {data !== undefined && !terminal ? (
          <StopRunButton taskId={taskId} runId={runId} client={client} messages={parts?.stopRunButton} />
        ) : null}
      </div>
      <LiveAnnouncer announcement={event} className="hitl-run-viewer-announcer" />
      {status.error ? (
        <RetryAlert
          className="hitl-run-viewer-error"
          message={isKeyRefused(status.error) ? messages.keyRefused() : messages.statusError({ reason: reason(status.error) })}
          retryLabel={messages.retry()}
          onRetry={retryStatus}
        />
      ) : null}
      {status.pendingToolCall !== null && status.waitingSince !== undefined && !deadline.expired ? (
        <p className="hitl-run-viewer-waiting">
          <WaitingTime since={status.waitingSince} text={(duration) => messages.waitingFor({ duration })} />
        </p>
      ) : null}
      <AnsweredBy taskId={taskId} runId={runId} client={client} refreshKey={`${data?.toolCall?.toolCallId ?? ''} ${answer.state}`} />
      <PendingToolCall
        taskId={taskId}
        persistDrafts={props.persistDrafts !== false}
        liveCall={status.pendingToolCall}
        shownCallId={data?.toolCall?.toolCallId}
        answer={answer}
        terminal={terminal}
        tools={props.tools}
        renderers={props.renderers}
        components={props.components}
        renderField={props.renderField}
        formProps={props.formProps}
        headingLevel={sub}
        messages={messages}
        deadline={deadline}
        requestMessages={requestMessages}
        stopMessages={stopMessages}
        fallbackFocus={heading}
        liveUrl={liveUrl}
        waitingSince={status.waitingSince}
        client={client}
        liveView={handOffLiveView(props.liveView)}
      />
      {liveViewProps !== undefined && data !== undefined && !terminal && liveUrl !== '' && !handOffShown ? (
        <section className="hitl-run-viewer-live" aria-labelledby={liveHeadingId}>
          <Heading level={sub} id={liveHeadingId} className="hitl-run-viewer-subheading">
            {messages.liveViewHeading()}
          </Heading>
          <LiveView {...liveViewProps} url={liveUrl} />
        </section>
      ) : null}
      {terminal ? (
        result.data !== undefined ? (
          <RunResultView
            result={result.data}
            headingLevel={sub}
            locale={props.locale}
            messages={parts?.runResult}
            dataTableMessages={parts?.dataTable}
          />
        ) : result.error !== undefined && result.error !== status.error ? (
          <RetryAlert
            className="hitl-run-viewer-error"
            message={messages.resultError({ reason: reason(result.error) })}
            retryLabel={messages.retry()}
            onRetry={retryResult}
          />
        ) : (
          <p className="hitl-run-viewer-loading">{messages.resultLoading()}</p>
        )
      ) : null}
      {terminal ? (
        <section className="hitl-run-viewer-recording" aria-labelledby={recordingHeadingId}>
          <Heading level={sub} id={recordingHeadingId} className="hitl-run-viewer-subheading" ref={recordingHeading}>
            {messages.recordingHeading()}
          </Heading>
          {gif.data === undefined && gif.error !== undefined && gif.error !== status.error ? (
            <RetryAlert
              className="hitl-run-viewer-error"
              message={messages.recordingError({ reason: reason(gif.error) })}
              retryLabel={messages.retry()}
              onRetry={retryGif}
            />
          ) : (
            <RunGif gif={gif.data} messages={parts?.runGif} />
          )}
        </section>
      ) : null}
    </section>
  );
});

/**
 * The viewer's `liveView` props for a hand-off's view: the prompt decides whether it is
 * interactive and follows its state itself. `false` hides the viewer's own view, not a hand-off's,
 * which is what the person takes control in.
 */
function handOffLiveView(liveView: RunViewerProps['liveView']): HandOffLiveViewProps | undefined {
  if (liveView === false || liveView === undefined) return undefined;
  const { interactive: _interactive, onStateChange: _onStateChange, ref: _ref, ...rest } = liveView;
  return rest;
}

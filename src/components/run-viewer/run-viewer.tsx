import { useEffect, useId, useRef, type ComponentType, type Ref } from 'react';
import type { RunStatus, TaskClient, ToolDefinition } from '../../client';
import { useRunGif, useRunResult, useRunStatus, useToolInput } from '../../hooks';
import { runStatusState, type PollInterval } from '../../store';
import { LiveView, type LiveViewProps } from '../live-view';
import { RunGif } from '../run-gif';
import { RunResultView } from '../run-result-view';
import { RunStatusBadge } from '../run-status-badge';
import { StopRunButton } from '../stop-run-button';
import type { ToolRendererProps } from '../tool-call-prompt';
import { defaultRunViewerMessages, type RunViewerMessages, type RunViewerPartMessages } from './messages';
import { PendingToolCall, type RunViewerFormProps } from './pending-tool-call';
import {
  errorReason,
  Heading,
  isKeyRefused,
  LiveAnnouncer,
  RetryAlert,
  subLevel,
  useFocusAfterRetry,
  useMessages,
  type Announcement,
  type HeadingLevel,
} from '../shared';
import { cx } from '../../utils';
import { useLatestOptionalCallback } from '../../utils/react';

export interface RunViewerProps {
  /** The task whose run is shown. Required. */
  taskId: string;
  /** The run to show. Default: the most recent run of the task. */
  runId?: string;
  /**
   * Milliseconds between status polls, `false` for none, or a function of the latest status (see
   * `useRunStatus`). Polling stops once the run is terminal. Default: the store's (2000).
   */
  pollIntervalMs?: PollInterval<RunStatus>;
  /** Custom renderers of tool calls by tool name, as `<ToolCallPrompt renderers>`. Default: none. */
  renderers?: Record<string, ComponentType<ToolRendererProps>>;
  /** The task's tool definitions, so calls of tools other than `form_input` get their schema. Default: none. */
  tools?: ToolDefinition[];
  /** The client to use. Default: the one from `<TaskClientProvider>`. */
  client?: TaskClient;
  /** Replaces some of the texts, the viewer's own and, by part, those of its parts. Default: the English defaults. */
  messages?: Partial<RunViewerMessages> & RunViewerPartMessages;
  /** Passed to `<ToolCallPrompt>`: `messages`, `classNamePolicy`, `autocompletePolicy`, `agentNotice`, `onInvalidParameters`. Default: none (the prompt's defaults). */
  formProps?: RunViewerFormProps;
  /** `false` hides the live view; otherwise props for `<LiveView>` (all but `url`). Default: `{}`, a view-only live view. */
  liveView?: false | Omit<LiveViewProps, 'url'>;
  /** Locale(s) for the numbers of the result's data table. Default: the browser's. */
  locale?: string | readonly string[];
  /** The level of the viewer's heading; its parts' headings are one below. Default: 2. */
  headingLevel?: HeadingLevel;
  /** Added to the root's classes (`hitl-run-viewer`). Default: none. */
  className?: string;
  /** The root `<section>` element. Default: none. */
  ref?: Ref<HTMLElement>;
  /** Called with each new run status (not on polls that bring nothing new). Default: none. */
  onStatusChange?: (status: RunStatus) => void;
}

/**
 * `data-state` of the viewer: `loading`, `error` (no status, only an error), `running`, `waiting`
 * (a tool call waits for the person), `completed`, `failed`, `stopped`, `unknown` (a status value
 * this library does not know).
 */
export type RunViewerState = 'loading' | 'error' | 'running' | 'waiting' | 'completed' | 'failed' | 'stopped' | 'unknown';

/**
 * A run, live: its status badge, a stop button while it runs, the pending tool call for the person
 * to answer (through `<ToolCallPrompt>` and `useToolInput`), the live view while it runs, and once
 * it is terminal its result and recording. Important changes (waiting for you, sent, completed,
 * failed, stopped), including the state found when the status first loads, are announced
 * politely, once each; polls that change nothing are not.
 */
export function RunViewer(props: RunViewerProps) {
  // Another run starts afresh: no held question, answer note or announcement of the last one.
  return <RunViewerBody key={JSON.stringify([props.taskId, props.runId ?? null])} {...props} />;
}

function RunViewerBody({ ref, ...props }: RunViewerProps) {
  const { taskId, runId, client } = props;
  const messages = useMessages(defaultRunViewerMessages, props.messages);
  const level = props.headingLevel ?? 2;
  const sub = subLevel(level);
  const headingId = useId();
  const liveHeadingId = useId();
  const recordingHeadingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const recordingHeading = useRef<HTMLHeadingElement>(null);

  const status = useRunStatus({ taskId, runId, pollIntervalMs: props.pollIntervalMs }, client);
  const answer = useToolInput({ taskId, runId }, client);
  const terminal = status.isTerminal;
  // Enabled only once terminal: before that there is no result or recording to show.
  const result = useRunResult({ taskId, runId, enabled: terminal }, client);
  const gif = useRunGif({ taskId, runId, enabled: terminal }, client);

  const data = status.data;
  const runState = runStatusState(data, terminal);
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
  const parts = props.messages;

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
        <RunStatusBadge status={data} isTerminal={data === undefined ? undefined : terminal} messages={parts?.statusBadge} />
        {data !== undefined && !terminal ? (
          <StopRunButton taskId={taskId} runId={runId} client={client} messages={parts?.stopRunButton} />
        ) : null}
      </div>
      <LiveAnnouncer announcement={event} className="hitl-run-viewer-announcer" />
      {status.error ? (
        <RetryAlert
          className="hitl-run-viewer-error"
          message={isKeyRefused(status.error) ? messages.keyRefused() : messages.statusError({ reason: errorReason(status.error) })}
          retryLabel={messages.retry()}
          onRetry={retryStatus}
        />
      ) : null}
      <PendingToolCall
        liveCall={status.pendingToolCall}
        shownCallId={data?.toolCall?.toolCallId}
        answer={answer}
        terminal={terminal}
        tools={props.tools}
        renderers={props.renderers}
        formProps={props.formProps}
        headingLevel={sub}
        messages={messages}
        fallbackFocus={heading}
      />
      {liveViewProps !== undefined && data !== undefined && !terminal && liveUrl !== '' ? (
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
            message={messages.resultError({ reason: errorReason(result.error) })}
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
              message={messages.recordingError({ reason: errorReason(gif.error) })}
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
}

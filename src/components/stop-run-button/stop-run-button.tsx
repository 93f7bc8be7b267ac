import { useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type { TaskClient } from '../../client';
import { enStopRunButtonMessages } from '../../messages';
import { useMessageGroup, useStopRun } from '../../hooks';
import { isKeyRefused, useErrorReason } from '../shared';
import type { StopRunButtonMessages } from './messages';
import { cx } from '../../utils';
import { useIsomorphicLayoutEffect, withRefProp } from '../../utils/react';

export interface StopRunButtonProps {
  /** The task whose run is stopped. Required. */
  taskId: string;
  /** The run to stop. Default: the most recent run of the task. */
  runId?: string;
  /** The client to use. Default: the one from `<TaskClientProvider>`. */
  client?: TaskClient;
  /** Called once the service accepted the stop. Default: none. */
  onStopped?: () => void;
  /** Disables the button. Default: false. */
  disabled?: boolean;
  /** Replaces some of the texts. Default: those of `<MessagesProvider>` (`stopRunButton` group), else English. */
  messages?: Partial<StopRunButtonMessages>;
  /** Added to the root's classes (`hitl-stop-run`). Default: none. */
  className?: string;
  /** The root `<div>` element. Default: none. */
  ref?: Ref<HTMLDivElement>;
}

/** Where the button stands, in `data-state`. */
export type StopRunButtonState = 'idle' | 'confirming' | 'stopping' | 'stopped' | 'error';

/**
 * A "Stop run" button with an inline confirmation step: the question and "Stop the run" / "Keep
 * running" replace the button, focus moves to "Keep running" (the safe choice), and Escape or
 * "Keep running" brings the button back with focus on it. Uses `useStopRun`; a failure is shown
 * in an alert and the button can be used again.
 */
export const StopRunButton = withRefProp(function StopRunButton(props: StopRunButtonProps) {
  // A different run starts from scratch: an earlier "Stop requested" or error is not about it.
  return <StopRunButtonBody key={JSON.stringify([props.taskId, props.runId ?? null])} {...props} />;
});

const StopRunButtonBody = withRefProp(function StopRunButtonBody({ ref, ...props }: StopRunButtonProps) {
  const messages = useMessageGroup('stopRunButton', enStopRunButtonMessages, props.messages);
  const reason = useErrorReason();
  // The mutation calls the options of the latest render, so this sees the latest `onStopped`.
  const stop = useStopRun({ onSuccess: () => props.onStopped?.() }, props.client);
  const [confirming, setConfirming] = useState(false);
  // Which button takes focus once the render a click caused is on screen.
  const focusTarget = useRef<'main' | 'cancel' | null>(null);
  const mainButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const questionId = useId();

  useIsomorphicLayoutEffect(() => {
    const target = focusTarget.current;
    if (target === null) return;
    focusTarget.current = null;
    (target === 'main' ? mainButton : cancelButton).current?.focus();
  });

  const state: StopRunButtonState = confirming
    ? 'confirming'
    : stop.status === 'pending'
      ? 'stopping'
      : stop.status === 'success'
        ? 'stopped'
        : stop.status === 'error'
          ? 'error'
          : 'idle';
  const inactive = props.disabled === true || state === 'stopping' || state === 'stopped';

  const open = () => {
    if (inactive) return;
    stop.reset();
    setConfirming(true);
    focusTarget.current = 'cancel';
  };
  const cancel = () => {
    setConfirming(false);
    focusTarget.current = 'main';
  };
  const confirm = () => {
    setConfirming(false);
    focusTarget.current = 'main';
    void stop.mutate(props.runId === undefined ? { taskId: props.taskId } : { taskId: props.taskId, runId: props.runId });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    // Only this confirmation closes, not a dialog the app may have put it in.
    event.stopPropagation();
    cancel();
  };

  const label = state === 'stopping' ? messages.stopping() : state === 'stopped' ? messages.stopped() : messages.stop();
  return (
    <div ref={ref} className={cx('hitl-stop-run', props.className)} data-state={state}>
      {confirming ? (
        <div className="hitl-stop-run-confirm" role="group" aria-labelledby={questionId}>
          <p className="hitl-stop-run-question" id={questionId}>
            {messages.confirmQuestion()}
          </p>
          <div className="hitl-stop-run-actions">
            <button type="button" className="hitl-button hitl-button-danger" onClick={confirm} onKeyDown={onKeyDown}>
              {messages.confirm()}
            </button>
            <button type="button" className="hitl-button" ref={cancelButton} onClick={cancel} onKeyDown={onKeyDown}>
              {messages.cancel()}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          ref={mainButton}
          className="hitl-button hitl-button-danger"
          // aria-disabled, not disabled, while stopping: the button keeps focus through the request.
          aria-disabled={inactive || undefined}
          disabled={props.disabled === true}
          onClick={open}
        >
          {label}
        </button>
      )}
      {state === 'error' && stop.error !== undefined ? (
        <p className="hitl-stop-run-error" role="alert">
          {isKeyRefused(stop.error) ? messages.keyRefused() : messages.error({ reason: reason(stop.error) })}
        </p>
      ) : null}
    </div>
  );
});

import type { Ref } from 'react';
import { asText } from '../shared';
import type { RunStatusBadgeMessages } from './messages';
import { normaliseStatus } from '../../client';
import type { RunStatusLike, RunStatusState } from '../../store';
import { enRunStatusBadgeMessages } from '../../messages';
import { useMessageGroup, useRunStatusState } from '../../hooks';
import { cx } from '../../utils';
import { withRefProp } from '../../utils/react';

export interface RunStatusBadgeProps {
  /** The run status (`useRunStatus().data`); `undefined` while it loads. Required (may be `undefined`). */
  status: RunStatusLike | undefined;
  /**
   * Whether the run has ended, as the store judges it (`useRunStatus().isTerminal`). Default: the
   * judgement of the store of the nearest `<TaskClientProvider>` (its `nonTerminalRunStatuses`), or
   * `DEFAULT_NON_TERMINAL_RUN_STATUSES` without a provider.
   */
  isTerminal?: boolean;
  /**
   * The person's answer to the waiting call was accepted (`useToolInput().state === 'submitted'`
   * for the call in `status`): the badge says so, as `data-state="running"`, instead of "Waiting
   * for your input" until the next status shows the agent moving on. Default: false.
   */
  answerSent?: boolean;
  /** Replaces some of the texts. Default: those of `<MessagesProvider>` (`statusBadge` group), else English. */
  messages?: Partial<RunStatusBadgeMessages>;
  /** Added to the badge's classes (`hitl-run-status-badge`). Default: none. */
  className?: string;
  /** The badge's `<span>` element. Default: none. */
  ref?: Ref<HTMLSpanElement>;
}

/** The words for a status in `state` (its `runStatusState`). */
function runStatusText(status: RunStatusLike | undefined, state: RunStatusState, messages: RunStatusBadgeMessages): string {
  if (status === undefined || status === null) return messages.loading();
  const raw = asText(status.status);
  const rawDetail = asText(status.detailedStatus);
  // A detail that only repeats the coarse state (the service sends `completed`/`completed`) says nothing more.
  const detail = rawDetail.trim() === '' || normaliseStatus(rawDetail) === normaliseStatus(raw) ? undefined : rawDetail;
  switch (state) {
    case 'waiting':
      return messages.waitingForInput();
    case 'running':
      return normaliseStatus(rawDetail) === 'processing_page'
        ? messages.processingPage()
        : messages.running({ status: raw, detailedStatus: detail });
    case 'completed':
      return messages.completed();
    case 'failed':
      return messages.failed();
    case 'stopped':
      return messages.stopped();
    default:
      return messages.unknown({ status: raw, detailedStatus: detail });
  }
}

/**
 * A run's status in words ("Running — loading a page", "Waiting for your input", "Completed",
 * "Failed", "Stopped"; a value it does not know raw, "Status: foo_bar"). Style it by
 * `data-state` (see `RunStatusState`); the raw values are in `data-status` and
 * `data-detailed-status`. It is not a live region: `<RunViewer>` announces the changes that matter.
 */
export const RunStatusBadge = withRefProp(function RunStatusBadge({
  status,
  isTerminal,
  answerSent = false,
  messages,
  className,
  ref,
}: RunStatusBadgeProps) {
  const resolved = useMessageGroup('statusBadge', enRunStatusBadgeMessages, messages);
  const statusState = useRunStatusState(status, isTerminal);
  const sent = answerSent && statusState === 'waiting';
  const state = sent ? 'running' : statusState;
  return (
    <span
      ref={ref}
      className={cx('hitl-run-status-badge', className)}
      data-state={state}
      data-status={status ? asText(status.status) : undefined}
      data-detailed-status={status ? asText(status.detailedStatus) : undefined}
    >
      <bdi>{sent ? resolved.answerSent() : runStatusText(status, state, resolved)}</bdi>
    </span>
  );
});

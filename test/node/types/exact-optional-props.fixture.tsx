/**
 * Compiled by exact-optional-props.test.ts with `exactOptionalPropertyTypes` on, as an app with
 * that option writes it: a value that may be undefined (what a hook or a router gives) passed
 * straight to an optional prop.
 */
import { Inbox, LiveView, RunViewer, ToolCallPrompt, useRunStatus, type ToolCall } from '../../../src';

declare const runId: string | undefined;
declare const pollIntervalMs: number | undefined;
declare const className: string | undefined;
declare const onOpen: ((item: { id: string }) => void) | undefined;
declare const toolCall: ToolCall;

export function App({ taskId }: { taskId: string }) {
  const status = useRunStatus({ taskId, runId, pollIntervalMs });
  return (
    <>
      <RunViewer taskId={taskId} runId={runId} pollIntervalMs={pollIntervalMs} className={className} liveView={undefined} />
      <Inbox pollIntervalMs={pollIntervalMs} className={className} onOpen={onOpen} taskIds={undefined} />
      <LiveView url={String(status.data?.liveStatus)} title={undefined} className={className} />
      <ToolCallPrompt toolCall={toolCall} onSubmit={() => {}} disabled={undefined} className={className} />
    </>
  );
}

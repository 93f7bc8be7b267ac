import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { formInputTool, humanControlTool, Inbox, RunList, RunViewer, TaskList, type TaskListItem, type ToolDefinition } from '../../src';
import { APPROVE_PURCHASE_TOOL_NAME, approvePurchaseTool } from '../../src/testing';
import { ApprovePurchasePrompt } from './approve-purchase-renderer';
import { KeyCheck } from './key-check';
import { NewTaskForm } from './new-task-form';

/**
 * The tools assumed for tasks this page did not create (the demo tasks, tasks made with curl):
 * the service does not list a task's tools, and a known schema lets the prompt render a form.
 */
const KNOWN_TOOLS: ToolDefinition[] = [formInputTool(), approvePurchaseTool(), humanControlTool()];

const RENDERERS = { [APPROVE_PURCHASE_TOOL_NAME]: ApprovePurchasePrompt };

interface Selection {
  taskId: string;
  /** The task's name as listed, or the text it was created from. */
  name: string;
  /** Undefined follows the task's most recent run. */
  runId: string | undefined;
}

/** The playground: check the key, create a task, watch and answer its run, browse tasks and runs. */
export function App() {
  const runHeadingId = useId();
  const runHeading = useRef<HTMLHeadingElement>(null);
  // Bumped to move focus to the run panel once it shows a task just created.
  const [focusRequest, setFocusRequest] = useState(0);
  const [selection, setSelection] = useState<Selection | undefined>(undefined);
  const [taskPage, setTaskPage] = useState(1);
  const [toolsByTask, setToolsByTask] = useState<ReadonlyMap<string, ToolDefinition[]>>(new Map());

  const selectTask = useCallback((taskId: string, task: TaskListItem) => {
    setSelection({
      taskId,
      name: typeof task.readable_name === 'string' && task.readable_name !== '' ? task.readable_name : taskId,
      runId: undefined,
    });
  }, []);

  const selectRun = useCallback((runId: string) => {
    setSelection((current) => (current === undefined ? current : { ...current, runId }));
  }, []);

  const onCreated = useCallback((taskId: string, text: string, tools: ToolDefinition[]) => {
    setToolsByTask((previous) => new Map(previous).set(taskId, tools));
    // The new task is the newest: show the page it is on.
    setTaskPage(1);
    setSelection({ taskId, name: text, runId: undefined });
    setFocusRequest((count) => count + 1);
  }, []);

  // A new task's run appears in another part of the page; take keyboard and screen-reader users there.
  useEffect(() => {
    if (focusRequest > 0) runHeading.current?.focus();
  }, [focusRequest]);

  return (
    <div className="pg-app">
      <header className="pg-header">
        <h1>hitl-react playground</h1>
        <p className="pg-muted">
          A small app built on the library, talking to the simulated task service. Create a task, answer the agent when it asks, and watch
          the run to its result.
        </p>
      </header>

      <main className="pg-main">
        <div className="pg-column">
          <KeyCheck />
          <NewTaskForm onCreated={onCreated} />
          {/* Every agent waiting for an answer, across the tasks; the count shows in the tab's title too. */}
          <Inbox className="pg-panel" headingLevel={2} tools={KNOWN_TOOLS} renderers={RENDERERS} documentTitle notifications />
          <TaskList
            className="pg-panel"
            headingLevel={2}
            pageSize={10}
            page={taskPage}
            onPageChange={setTaskPage}
            selectedTaskId={selection?.taskId}
            onSelectTask={selectTask}
          />
        </div>

        <section className="pg-panel pg-run" aria-labelledby={runHeadingId}>
          <h2 id={runHeadingId} ref={runHeading} tabIndex={-1} className="pg-run-heading">
            {selection === undefined ? 'Selected task' : <bdi>{selection.name}</bdi>}
          </h2>
          {selection === undefined ? (
            <p className="pg-muted">Create a task, or pick one from the list, to see its run here.</p>
          ) : (
            <>
              <RunViewer
                taskId={selection.taskId}
                runId={selection.runId}
                tools={toolsByTask.get(selection.taskId) ?? KNOWN_TOOLS}
                renderers={RENDERERS}
                headingLevel={3}
              />
              <RunList
                className="pg-runs"
                headingLevel={3}
                taskId={selection.taskId}
                pageSize={5}
                selectedRunId={selection.runId}
                onSelectRun={selectRun}
              />
            </>
          )}
        </section>
      </main>
    </div>
  );
}

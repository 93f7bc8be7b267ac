import { useId, useRef, useState, type FormEvent } from 'react';
import { formInputTool, humanControlTool, useCreateTask, type ToolDefinition } from '../../src';
import { approvePurchaseTool } from '../../src/testing';
import { EXAMPLE_PROMPTS, type ExamplePrompt } from './example-prompts';

export interface NewTaskFormProps {
  /** Called once the service has created the task, with the instruction and the tools it was given. */
  onCreated: (taskId: string, text: string, tools: ToolDefinition[]) => void;
}

/** Creates a task from a plain-language instruction, with the tools the agent may call. */
export function NewTaskForm({ onCreated }: NewTaskFormProps) {
  const headingId = useId();
  const textId = useId();
  const hintId = useId();
  const errorId = useId();
  const examplesId = useId();
  const textArea = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [withForm, setWithForm] = useState(true);
  const [withApproval, setWithApproval] = useState(false);
  const [withControl, setWithControl] = useState(false);
  const [emptyTried, setEmptyTried] = useState(false);
  const create = useCreateTask();

  const applyExample = (example: ExamplePrompt) => {
    setText(example.text);
    setEmptyTried(false);
    if (example.needsApproval === true) setWithApproval(true);
    if (example.needsControl === true) setWithControl(true);
    textArea.current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const task = text.trim();
    if (task === '') {
      setEmptyTried(true);
      textArea.current?.focus();
      return;
    }
    const tools: ToolDefinition[] = [];
    if (withForm) tools.push(formInputTool());
    if (withApproval) tools.push(approvePurchaseTool());
    if (withControl) tools.push(humanControlTool());
    create.mutate({ task, agent: 'BROWSER_AGENT', tools }).then(
      ({ taskId }) => onCreated(taskId, task, tools),
      // Shown from the hook's `error`.
      () => undefined,
    );
  };

  const problem = emptyTried
    ? 'Describe the task first.'
    : create.error !== undefined
      ? `The task could not be created: ${create.error.message}`
      : undefined;

  return (
    <section className="pg-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>New task</h2>
      <form className="pg-new-task" onSubmit={onSubmit} noValidate>
        <div className="pg-field">
          <label htmlFor={textId}>What should the agent do?</label>
          <textarea
            id={textId}
            ref={textArea}
            className="pg-textarea"
            rows={3}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value.trim() !== '') setEmptyTried(false);
            }}
            aria-describedby={problem === undefined ? hintId : `${hintId} ${errorId}`}
            aria-invalid={emptyTried || undefined}
          />
          <p id={hintId} className="pg-muted">
            The simulated service picks a scenario from the words, e.g. “log in”, “2FA”, “shipping”, “buy”, “fail” or “compare”. With
            “CAPTCHA” or “take control”, the agent hands you its browser: pass the check in its live view, then hand it back.
          </p>
        </div>

        <div role="group" aria-labelledby={examplesId} className="pg-examples">
          <span id={examplesId} className="pg-examples-label">
            Examples
          </span>
          {EXAMPLE_PROMPTS.map((example) => (
            <button key={example.label} type="button" className="pg-chip" onClick={() => applyExample(example)} title={example.text}>
              {example.label}
            </button>
          ))}
        </div>

        <fieldset className="pg-tools">
          <legend>Tools the agent may call</legend>
          <label className="pg-check">
            <input type="checkbox" checked={withForm} onChange={(event) => setWithForm(event.target.checked)} />
            <span>
              <code>form_input</code>: ask me with a form
            </span>
          </label>
          <label className="pg-check">
            <input type="checkbox" checked={withApproval} onChange={(event) => setWithApproval(event.target.checked)} />
            <span>
              <code>approve_purchase</code>: ask me to approve a purchase
            </span>
          </label>
          <label className="pg-check">
            <input type="checkbox" checked={withControl} onChange={(event) => setWithControl(event.target.checked)} />
            <span>
              <code>human_control</code>: let me take over the browser
            </span>
          </label>
        </fieldset>

        <div className="pg-row">
          <button type="submit" className="pg-button pg-button-primary" aria-disabled={create.isPending || undefined}>
            {create.isPending ? 'Creating…' : 'Create task'}
          </button>
        </div>
        <p id={errorId} className="pg-error" role="alert">
          {problem}
        </p>
      </form>
    </section>
  );
}

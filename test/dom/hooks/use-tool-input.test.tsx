import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { TaskApiError } from '../../../src/client';
import type { RunStatus } from '../../../src/client/types';
import { useRunStatus, useToolInput } from '../../../src/hooks';
import { completed, FakeTaskClient, networkError, processing, waitingFor } from '../../node/store/fake-task-client';
import { advance, harness, installFakeClock, removeFakeClock, setupUser, transport } from './hook-test-utils';

beforeEach(installFakeClock);
afterEach(removeFakeClock);

const STATE_TEXT = {
  idle: 'Waiting for your answer',
  submitting: 'Sending…',
  submitted: 'Sent',
  error: 'Could not send',
  stale: 'No longer needed',
} as const;

/** A minimal answering UI: one text field, a send button, and the state in words. */
function AnswerBox({ taskId }: { taskId: string }) {
  const { pendingToolCall } = useRunStatus({ taskId });
  const { submit, state, toolCallId, reset } = useToolInput({ taskId });
  const [code, setCode] = useState('');
  if (toolCallId === undefined) return <p>No question</p>;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit(toolCallId, [{ label: 'Code', value: code }]);
      }}
    >
      <p role="status">{STATE_TEXT[state]}</p>
      {pendingToolCall !== null && (
        <>
          <label>
            Code
            <input value={code} onChange={(event) => setCode(event.target.value)} />
          </label>
          <button type="submit">Send</button>
        </>
      )}
      {state === 'stale' && (
        <button type="button" onClick={reset}>
          Dismiss
        </button>
      )}
    </form>
  );
}

const inputs = (client: FakeTaskClient) => client.callsTo('submitToolInput').map((call) => (call.args[1] as { input: string }).input);

describe('useToolInput', () => {
  it('sends one POST for two clicks in the same tick', async () => {
    const { client, wrapper } = harness(
      new FakeTaskClient()
        .script('getRunStatus', { value: waitingFor('call-1') })
        .script('submitToolInput', { value: undefined, delayMs: 200 }),
    );
    render(<AnswerBox taskId="task-1" />, { wrapper });
    await advance(0);
    const send = screen.getByRole('button', { name: 'Send' });

    act(() => {
      send.click();
      send.click();
    });
    expect(screen.getByRole('status')).toHaveTextContent('Sending…');
    await advance(200);

    expect(client.callsTo('submitToolInput')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Sent');
  });

  it('sends one POST for a double click, and one across two components', async () => {
    const { client, wrapper } = harness(
      new FakeTaskClient()
        .script('getRunStatus', { value: waitingFor('call-1') })
        .script('submitToolInput', { value: undefined, delayMs: 200 }),
    );
    const user = setupUser();
    render(
      <>
        <AnswerBox taskId="task-1" />
        <AnswerBox taskId="task-1" />
      </>,
      { wrapper },
    );
    await advance(0);
    const [first, second] = screen.getAllByRole('button', { name: 'Send' });

    await user.dblClick(first!);
    await user.click(second!);
    await advance(200);

    expect(client.callsTo('submitToolInput')).toHaveLength(1);
    for (const status of screen.getAllByRole('status')) expect(status).toHaveTextContent('Sent');
  });

  it('sends the identical body when the person tries again after an error', async () => {
    const { client, wrapper } = harness(
      new FakeTaskClient()
        .script('getRunStatus', { value: waitingFor('call-1') })
        .script('submitToolInput', { error: networkError() }, { value: undefined }),
    );
    const user = setupUser();
    render(<AnswerBox taskId="task-1" />, { wrapper });
    await advance(0);

    await user.type(screen.getByRole('textbox', { name: 'Code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await advance(0);
    expect(screen.getByRole('status')).toHaveTextContent('Could not send');

    await user.clear(screen.getByRole('textbox', { name: 'Code' }));
    await user.type(screen.getByRole('textbox', { name: 'Code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await advance(0);

    expect(inputs(client)).toEqual(['[{"label":"Code","value":"123456"}]', '[{"label":"Code","value":"123456"}]']);
    expect(screen.getByRole('status')).toHaveTextContent('Sent');
    await advance(30_000);
    expect(client.callsTo('submitToolInput')).toHaveLength(2);
  });

  it('shows a call the run has moved past as no longer needed', async () => {
    const { client, wrapper } = harness(
      new FakeTaskClient()
        .script('getRunStatus', { value: waitingFor('call-1') }, { value: processing() })
        .script('submitToolInput', { error: new TaskApiError('Already answered', { kind: 'http', status: 409 }) }),
    );
    const user = setupUser();
    render(<AnswerBox taskId="task-1" />, { wrapper });
    await advance(0);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await advance(0);

    expect(screen.getByRole('status')).toHaveTextContent('No longer needed');
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    // Through the proxy, the run's status already shows the call gone: the answer never reaches the service.
    expect(client.callsTo('submitToolInput')).toHaveLength(transport === 'stream' ? 0 : 1);

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByText('No question')).toBeInTheDocument();
  });

  it('shows "sent", not the form, while the service still lists an accepted call', async () => {
    const { wrapper } = harness(
      new FakeTaskClient().script('getRunStatus', { value: waitingFor('call-1') }).script('submitToolInput', { value: undefined }),
    );
    const user = setupUser();
    render(<AnswerBox taskId="task-1" />, { wrapper });
    await advance(0);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await advance(6000);

    expect(screen.getByRole('status')).toHaveTextContent('Sent');
    expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();
  });

  it('goes through a whole run: processing, question, sent, processing, completed', async () => {
    let service: RunStatus = processing();
    const client = new FakeTaskClient()
      .script('getRunStatus', () => ({ value: service }))
      .script('submitToolInput', () => {
        // The service moves on as soon as it has the answer.
        service = processing();
        return { value: undefined, delayMs: 100 };
      });
    const { wrapper } = harness(client);
    const seen: string[] = [];
    function Recorder() {
      const { data } = useRunStatus({ taskId: 'task-1' });
      const { state, submit, toolCallId } = useToolInput({ taskId: 'task-1' });
      const entry = `${data?.detailedStatus ?? 'none'}/${state}`;
      if (seen.at(-1) !== entry) seen.push(entry);
      return (
        <button
          type="button"
          disabled={toolCallId === undefined}
          onClick={() => void submit(toolCallId ?? '', [{ label: 'Code', value: '1' }])}
        >
          Answer
        </button>
      );
    }
    const user = setupUser();
    render(<Recorder />, { wrapper });
    await advance(0);

    service = waitingFor('call-1');
    await advance(2000);
    await user.click(screen.getByRole('button', { name: 'Answer' }));
    await advance(100);
    service = completed();
    await advance(2000);
    await advance(10_000);

    expect(seen).toEqual([
      'none/idle',
      'processing_page/idle',
      'tool_call/idle',
      'tool_call/submitting',
      'tool_call/submitted',
      'processing_page/submitted',
      'completed/submitted',
    ]);
    expect(client.callsTo('submitToolInput')).toHaveLength(1);
  });
});

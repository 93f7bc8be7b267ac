import { act, render, renderHook, screen } from '@testing-library/react';
import { TaskApiError } from '../../../src/client';
import { useCheckApiKey, useCreateTask, useRunStatus, useStopRun, useStopTask, useTasks } from '../../../src/hooks';
import { FakeTaskClient, processing, runStatus } from '../../node/store/fake-task-client';
import { advance, harness, installFakeClock, removeFakeClock, setupUser } from './hook-test-utils';

beforeEach(installFakeClock);
afterEach(removeFakeClock);

function NewTask() {
  const tasks = useTasks();
  const create = useCreateTask();
  return (
    <>
      <p>{tasks.data?.total ?? 0} tasks</p>
      <button type="button" disabled={create.isPending} onClick={() => void create.mutate({ task: 'Buy milk', agent: 'BROWSER_AGENT' })}>
        Create
      </button>
      {create.status === 'success' && <p role="status">Created {create.data?.taskId}</p>}
      {create.error && <p role="alert">{create.error.message}</p>}
    </>
  );
}

describe('useCreateTask', () => {
  it('creates one task for a double click and refreshes the task list', async () => {
    let total = 3;
    const { client, wrapper } = harness(
      new FakeTaskClient()
        .script('listTasks', () => ({ value: { data: [], total, page: 1, limit: 30 } }))
        .script('createTask', () => {
          total += 1;
          return { value: { taskId: 'task-new' }, delayMs: 100 };
        }),
    );
    const user = setupUser();
    render(<NewTask />, { wrapper });
    await advance(0);
    expect(screen.getByText('3 tasks')).toBeInTheDocument();

    const create = screen.getByRole('button', { name: 'Create' });
    act(() => {
      create.click();
      create.click();
    });
    await advance(100);

    expect(client.callsTo('createTask')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Created task-new');
    expect(screen.getByText('4 tasks')).toBeInTheDocument();
    expect(client.callsTo('listTasks')).toHaveLength(2);
    await user.click(create);
    await advance(100);
    // A deliberate second click after the first finished is a second task.
    expect(client.callsTo('createTask')).toHaveLength(2);
  });

  it('shows the failure and goes back to idle on reset', async () => {
    const { wrapper } = harness(new FakeTaskClient().script('createTask', { error: new TaskApiError('Quota reached', { kind: 'api' }) }));
    const { result } = renderHook(() => useCreateTask(), { wrapper });

    await act(() => result.current.mutate({ task: 'x' }).catch(() => undefined));
    expect(result.current).toMatchObject({ status: 'error', isPending: false, error: { message: 'Quota reached' } });

    act(() => result.current.reset());
    expect(result.current).toMatchObject({ status: 'idle', error: undefined, data: undefined });
  });
});

describe('useStopRun and useStopTask', () => {
  it('refetches the run status right after stopping the run', async () => {
    let status = processing();
    const { client, wrapper } = harness(
      new FakeTaskClient()
        .script('getRunStatus', () => ({ value: status }))
        .script('stopRun', () => {
          status = runStatus('stopped', 'stopped');
          return { value: undefined };
        }),
    );
    const { result } = renderHook(() => ({ status: useRunStatus({ taskId: 'task-1', runId: 'run-1' }), stop: useStopRun() }), { wrapper });
    await advance(500);

    await act(() => result.current.stop.mutate({ taskId: 'task-1', runId: 'run-1' }));
    await advance(0);

    expect(client.callsTo('stopRun')[0]?.args).toEqual(['task-1', { runId: 'run-1' }]);
    expect(result.current.stop.status).toBe('success');
    expect(result.current.status.data?.status).toBe('stopped');
    expect(result.current.status.isTerminal).toBe(true);
    expect(client.callsTo('getRunStatus').map((call) => call.at - client.calls[0]!.at)).toEqual([0, 500]);
  });

  it('refetches statuses and lists after stopping a task', async () => {
    const { client, wrapper } = harness(
      new FakeTaskClient()
        .script('getRunStatus', { value: processing() })
        .script('listTasks', { value: { data: [], total: 0, page: 1, limit: 30 } })
        .script('stopTask', { value: undefined }),
    );
    const { result } = renderHook(() => ({ status: useRunStatus({ taskId: 'task-1' }), tasks: useTasks(), stop: useStopTask() }), {
      wrapper,
    });
    await advance(0);

    await act(() => result.current.stop.mutate({ taskId: 'task-1' }));

    expect(client.callsTo('getRunStatus')).toHaveLength(2);
    expect(client.callsTo('listTasks')).toHaveLength(2);
  });

  it('shows the outcome of a pending stop that a click after reset() joins', async () => {
    const { client, wrapper } = harness(new FakeTaskClient().script('stopTask', { value: undefined, delayMs: 1000 }));
    const { result } = renderHook(() => useStopTask(), { wrapper });

    act(() => void result.current.mutate({ taskId: 'task-1' }));
    act(() => result.current.reset());
    act(() => void result.current.mutate({ taskId: 'task-1' }));
    expect(result.current).toMatchObject({ status: 'pending', isPending: true, variables: { taskId: 'task-1' } });

    await advance(1000);
    expect(client.callsTo('stopTask')).toHaveLength(1);
    expect(result.current.status).toBe('success');
  });
});

describe('useCheckApiKey', () => {
  it.each([
    [true, 'Key works'],
    [false, 'Key refused'],
  ])('reports %s as a query', async (answer, text) => {
    const { wrapper } = harness(new FakeTaskClient().script('checkApiKey', { value: answer }));
    function KeyCheck() {
      const { data, isLoading } = useCheckApiKey();
      if (isLoading) return <p>Checking…</p>;
      return <p>{data ? 'Key works' : 'Key refused'}</p>;
    }
    render(<KeyCheck />, { wrapper });
    expect(screen.getByText('Checking…')).toBeInTheDocument();
    await advance(0);
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});

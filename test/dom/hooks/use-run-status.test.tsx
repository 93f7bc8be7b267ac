import { act, render, renderHook, screen } from '@testing-library/react';
import { Profiler, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { TaskClientProvider } from '../../../src/context';
import { useRunStatus } from '../../../src/hooks';
import { completed, FakeTaskClient, httpError, processing, runStatus, waitingFor } from '../../node/store/fake-task-client';
import { advance, harness, installFakeClock, removeFakeClock, transport } from './hook-test-utils';

beforeEach(installFakeClock);
afterEach(removeFakeClock);

function StatusBadge({ taskId }: { taskId: string }) {
  const { data, isLoading, isTerminal } = useRunStatus({ taskId });
  if (isLoading) return <p role="status">Loading…</p>;
  return (
    <p role="status">
      {data?.status} {isTerminal ? '(finished)' : ''}
    </p>
  );
}

describe('useRunStatus', () => {
  it('sends one request per interval under StrictMode, for two components watching one run', async () => {
    const { client, wrapper } = harness(new FakeTaskClient().script('getRunStatus', { value: processing() }));
    render(
      <StrictMode>
        <StatusBadge taskId="task-1" />
        <StatusBadge taskId="task-1" />
      </StrictMode>,
      { wrapper },
    );

    await advance(0);
    expect(client.callsTo('getRunStatus')).toHaveLength(1);
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('running');

    await advance(6000);
    expect(client.callsTo('getRunStatus')).toHaveLength(4);
    expect(client.calls.some((call) => call.aborted)).toBe(false);
  });

  it('stops polling when the run ends and says so', async () => {
    const { client, wrapper } = harness(
      new FakeTaskClient().script('getRunStatus', { value: processing() }, { value: runStatus('failed', 'failed') }),
    );
    render(<StatusBadge taskId="task-1" />, { wrapper });

    await advance(2000);
    expect(screen.getByRole('status')).toHaveTextContent('failed (finished)');

    await advance(30_000);
    // The page asks nothing more. Over the stream the proxy still looks at a finished task's latest
    // run at its idle check (every 10 s), as the task may start another: never once per interval.
    if (transport === 'stream') expect(client.callsTo('getRunStatus').length).toBeLessThanOrEqual(2 + 3);
    else expect(client.callsTo('getRunStatus')).toHaveLength(2);
  });

  // Over the stream the proxy's poll is shared with other browsers: it outlives the page (the hub's tests cover when it stops).
  it.skipIf(transport === 'stream')('aborts the open request and stops polling on unmount', async () => {
    const { client, wrapper } = harness(new FakeTaskClient().script('getRunStatus', { hold: true }));
    const { unmount } = render(<StatusBadge taskId="task-1" />, { wrapper });
    await advance(0);

    unmount();
    await advance(0);

    expect(client.callsTo('getRunStatus')[0]?.aborted).toBe(true);
    await advance(30_000);
    expect(client.callsTo('getRunStatus')).toHaveLength(1);
  });

  it('does not re-render a component that shows data when a poll brings the same data', async () => {
    const { client, wrapper } = harness(new FakeTaskClient().script('getRunStatus', { value: waitingFor('call-1') }));
    let dataRenders = 0;
    let fetchingRenders = 0;
    function ShowsData() {
      const { data } = useRunStatus({ taskId: 'task-1' });
      return <p>{data?.detailedStatus}</p>;
    }
    function ShowsFetching() {
      const { isFetching } = useRunStatus({ taskId: 'task-1' });
      return <p>{isFetching ? 'refreshing' : 'idle'}</p>;
    }
    // A Profiler reports every commit in which its component rendered.
    render(
      <>
        <Profiler id="data" onRender={() => (dataRenders += 1)}>
          <ShowsData />
        </Profiler>
        <Profiler id="fetching" onRender={() => (fetchingRenders += 1)}>
          <ShowsFetching />
        </Profiler>
      </>,
      { wrapper },
    );
    await advance(0);
    const dataRendersAfterLoad = dataRenders;
    const fetchingRendersAfterLoad = fetchingRenders;

    await advance(6000);

    expect(client.callsTo('getRunStatus')).toHaveLength(4);
    expect(dataRenders).toBe(dataRendersAfterLoad);
    // The component that shows the request state does see each of the three polls (over the
    // stream the page makes no requests: there is nothing to show).
    if (transport !== 'stream') expect(fetchingRenders).toBeGreaterThanOrEqual(fetchingRendersAfterLoad + 3);
  });

  // Over the stream the proxy's interval applies (`events.pollIntervalMs`); `false` is covered by "fetches nothing while disabled" and the stream tests.
  it.skipIf(transport === 'stream')('follows the interval given, and a change of it', async () => {
    const { client, wrapper } = harness(new FakeTaskClient().script('getRunStatus', { value: processing() }));
    const { rerender } = renderHook(({ interval }) => useRunStatus({ taskId: 'task-1', pollIntervalMs: interval }), {
      wrapper,
      initialProps: { interval: 5000 as number | false },
    });
    await advance(10_000);
    expect(client.callsTo('getRunStatus')).toHaveLength(3);

    rerender({ interval: false });
    await advance(30_000);
    expect(client.callsTo('getRunStatus')).toHaveLength(3);
  });

  it('fetches nothing while disabled', async () => {
    const { client, wrapper } = harness(new FakeTaskClient().script('getRunStatus', { value: processing() }));
    const { result } = renderHook(() => useRunStatus({ taskId: 'task-1', enabled: false }), { wrapper });
    await advance(10_000);
    expect(client.calls).toHaveLength(0);
    expect(result.current.isLoading).toBe(false);
  });

  it('surfaces a refused key and resumes on refetch', async () => {
    const { client, wrapper } = harness(new FakeTaskClient().script('getRunStatus', { error: httpError(401) }, { value: completed() }));
    const { result } = renderHook(() => useRunStatus({ taskId: 'task-1' }), { wrapper });
    await advance(10_000);
    expect(result.current.error).toMatchObject({ status: 401 });
    expect(client.callsTo('getRunStatus')).toHaveLength(1);

    await act(() => result.current.refetch());
    expect(result.current.data?.status).toBe('completed');
    expect(result.current.error).toBeUndefined();
  });

  it('renders on the server without calling the client', () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() });
    const html = renderToString(
      <TaskClientProvider client={client}>
        <StatusBadge taskId="task-1" />
      </TaskClientProvider>,
    );
    expect(html).toContain('Loading…');
    expect(client.calls).toHaveLength(0);
  });
});

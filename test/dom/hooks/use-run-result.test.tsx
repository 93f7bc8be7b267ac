import { render, screen } from '@testing-library/react';
import type { RunResult } from '../../../src/client/types';
import { useRunGif, useRunResult } from '../../../src/hooks';
import { completed, FakeTaskClient, httpError, processing, runStatus } from '../../node/store/fake-task-client';
import { advance, harness, installFakeClock, removeFakeClock, setupUser } from './hook-test-utils';

beforeEach(installFakeClock);
afterEach(removeFakeClock);

const result: RunResult = {
  status: 'completed',
  error: null,
  output: { summary: 'Ordered 2 items' },
  dataTable: [{ title: 'Total', value: 42 }],
};

function Summary({ taskId }: { taskId: string }) {
  const { data, isLoading, error, refetch } = useRunResult({ taskId });
  if (error) return <p role="alert">{error.message}</p>;
  if (isLoading) return <p>Waiting for the run to finish…</p>;
  return (
    <>
      <p>{data?.output.summary}</p>
      <button type="button" onClick={() => void refetch()}>
        Reload result
      </button>
    </>
  );
}

describe('useRunResult', () => {
  it('fetches the result once, when the run ends', async () => {
    const { client, wrapper } = harness(
      new FakeTaskClient()
        .script('getRunStatus', { value: processing() }, { value: processing() }, { value: completed() })
        .script('getRunResult', { value: result }),
    );
    render(<Summary taskId="task-1" />, { wrapper });

    await advance(2000);
    expect(screen.getByText('Waiting for the run to finish…')).toBeInTheDocument();
    expect(client.callsTo('getRunResult')).toHaveLength(0);

    await advance(2000);
    expect(screen.getByText('Ordered 2 items')).toBeInTheDocument();

    await advance(60_000);
    expect(client.callsTo('getRunResult')).toHaveLength(1);
    expect(client.callsTo('getRunStatus')).toHaveLength(3);
  });

  it('fetches again on demand', async () => {
    const { client, wrapper } = harness(
      new FakeTaskClient().script('getRunStatus', { value: completed() }).script('getRunResult', { value: result }),
    );
    const user = setupUser();
    render(<Summary taskId="task-1" />, { wrapper });
    await advance(0);

    await user.click(screen.getByRole('button', { name: 'Reload result' }));
    await advance(0);

    expect(client.callsTo('getRunResult')).toHaveLength(2);
  });

  it('reports a broken status poll instead of waiting for ever', async () => {
    const { wrapper } = harness(new FakeTaskClient().script('getRunStatus', { error: httpError(404) }));
    render(<Summary taskId="task-1" />, { wrapper });
    await advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent('HTTP 404');
  });
});

function Recording({ taskId }: { taskId: string }) {
  const { data } = useRunGif({ taskId });
  return <p>{data === undefined ? 'No recording yet' : `Recording ${data.status}`}</p>;
}

describe('useRunGif', () => {
  it('starts polling once the run is terminal and stops when the GIF is completed', async () => {
    const { client, wrapper } = harness(
      new FakeTaskClient()
        .script('getRunStatus', { value: processing() }, { value: runStatus('stopped', 'stopped') })
        .script(
          'getRunGif',
          { value: { status: 'processing', url: '' } },
          { value: { status: 'completed', url: 'https://cdn.example.test/r.gif' } },
        ),
    );
    render(<Recording taskId="task-1" />, { wrapper });

    await advance(0);
    expect(client.callsTo('getRunGif')).toHaveLength(0);
    await advance(2000);
    expect(screen.getByText('Recording processing')).toBeInTheDocument();

    await advance(3000);
    expect(screen.getByText('Recording completed')).toBeInTheDocument();
    await advance(60_000);
    expect(client.callsTo('getRunGif')).toHaveLength(2);
  });
});

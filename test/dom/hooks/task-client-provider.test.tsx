import { render, renderHook, screen } from '@testing-library/react';
import { TaskClientProvider } from '../../../src/context';
import { useRunStatus, useTaskClient } from '../../../src/hooks';
import { createRunStore } from '../../../src/store';
import { FakeEnvironment, FakeTaskClient, processing } from '../../node/store/fake-task-client';
import { advance, harness, installFakeClock, removeFakeClock } from './hook-test-utils';

beforeEach(installFakeClock);
afterEach(removeFakeClock);

describe('<TaskClientProvider> and useTaskClient', () => {
  it('says how to fix a missing provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useRunStatus({ taskId: 'task-1' }))).toThrow(
      /<TaskClientProvider client=.*or pass a client as the last argument/,
    );
    expect(() => renderHook(() => useTaskClient())).toThrow(/TaskClientProvider/);
  });

  it('works without a provider when the client is passed explicitly', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() });
    const { result, unmount } = renderHook(() => useRunStatus({ taskId: 'task-1' }, client));
    // The client's shared store spreads first polls over up to 100 ms.
    await advance(100);
    expect(result.current.data?.detailedStatus).toBe('processing_page');
    unmount();
  });

  it('lets an explicit client win over the one in context', async () => {
    const fromContext = harness(new FakeTaskClient().script('getRunStatus', { value: processing() }));
    const explicit = new FakeTaskClient().script('getRunStatus', { value: processing() });

    const { result, unmount } = renderHook(
      () => ({ client: useTaskClient(explicit), status: useRunStatus({ taskId: 'task-1' }, explicit) }),
      {
        wrapper: fromContext.wrapper,
      },
    );
    await advance(100);
    unmount();

    expect(result.current.client).toBe(explicit);
    expect(explicit.callsTo('getRunStatus')).toHaveLength(1);
    expect(fromContext.client.calls).toHaveLength(0);
  });

  it('is seen by hooks from a second copy of the package', async () => {
    const { client, wrapper } = harness(new FakeTaskClient().script('getRunStatus', { value: processing() }));
    vi.resetModules();
    const copy = await import('../../../src/hooks/use-run-status');
    expect(copy.useRunStatus).not.toBe(useRunStatus);

    function Status() {
      const { data } = copy.useRunStatus({ taskId: 'task-1' });
      return <p>{data?.detailedStatus ?? 'loading'}</p>;
    }
    render(<Status />, { wrapper });
    await advance(0);

    expect(screen.getByText('processing_page')).toBeInTheDocument();
    expect(client.callsTo('getRunStatus')).toHaveLength(1);
  });

  it('refuses a store made for another client', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = createRunStore(new FakeTaskClient(), { environment: new FakeEnvironment() });
    expect(() =>
      render(
        <TaskClientProvider client={new FakeTaskClient()} store={store}>
          <p>child</p>
        </TaskClientProvider>,
      ),
    ).toThrow(/made for another client/);
  });
});

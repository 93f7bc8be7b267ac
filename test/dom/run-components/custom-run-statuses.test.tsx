/**
 * A store told which run statuses mean "still going" (`nonTerminalRunStatuses`) and which mean
 * "over" (`terminalRunStatuses`), and the components that show a run, must agree on whether the
 * run is over: the badge says "running" exactly while the store polls at its normal pace.
 */
import { render, screen, within } from '@testing-library/react';
import { RunStatusBadge } from '../../../src/components/run-status-badge';
import { RunViewer } from '../../../src/components/run-viewer';
import { TaskClientProvider } from '../../../src/context';
import { createRunStore, type RunStore } from '../../../src/store';
import { FakeEnvironment, FakeTaskClient, runStatus } from '../../node/store/fake-task-client';
import { advance, installFakeClock, removeFakeClock } from '../hooks/hook-test-utils';

beforeEach(installFakeClock);
afterEach(removeFakeClock);

/** A store for which `thinking` is still going and `queued` is an end. */
function customStore(client: FakeTaskClient): RunStore {
  return createRunStore(client, {
    environment: new FakeEnvironment(),
    firstPollJitterMs: 0,
    nonTerminalRunStatuses: ['running', 'thinking'],
    terminalRunStatuses: ['completed', 'queued'],
  });
}

const badgeOf = (root: HTMLElement) => root.querySelector('.hitl-run-status-badge') as HTMLElement;

describe('custom nonTerminalRunStatuses and terminalRunStatuses', () => {
  it('shows a status the store keeps polling as running, in the viewer and its badge', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: runStatus('thinking', 'planning') });
    const store = customStore(client);
    const { container } = render(
      <TaskClientProvider client={client} store={store}>
        <RunViewer taskId="task-1" liveView={false} />
      </TaskClientProvider>,
    );
    await advance(0);
    await advance(4000);

    // Still polled: the store counts `thinking` as going on.
    expect(client.callsTo('getRunStatus')).toHaveLength(3);
    const viewer = container.querySelector('.hitl-run-viewer') as HTMLElement;
    expect(viewer).toHaveAttribute('data-state', 'running');
    expect(badgeOf(viewer)).toHaveAttribute('data-state', 'running');
    // A running run can be stopped; an ended one cannot.
    expect(within(viewer).getByRole('button', { name: 'Stop run' })).toBeInTheDocument();
    store.destroy();
  });

  it('shows a status the store counts as an end as ended, though the default list calls it running', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: runStatus('queued', '') }).script('getRunResult', { hold: true });
    const store = customStore(client);
    const { container } = render(
      <TaskClientProvider client={client} store={store}>
        <RunViewer taskId="task-1" liveView={false} />
      </TaskClientProvider>,
    );
    await advance(0);
    await advance(10_000);

    expect(client.callsTo('getRunStatus')).toHaveLength(1);
    const viewer = container.querySelector('.hitl-run-viewer') as HTMLElement;
    expect(viewer).toHaveAttribute('data-state', 'unknown');
    expect(badgeOf(viewer)).toHaveAttribute('data-state', 'unknown');
    expect(screen.queryByRole('button', { name: 'Stop run' })).toBeNull();
    store.destroy();
  });

  it('lets a badge on its own follow the store of its provider', () => {
    const client = new FakeTaskClient();
    const store = customStore(client);
    const { container } = render(
      <TaskClientProvider client={client} store={store}>
        <RunStatusBadge status={{ status: 'thinking', detailedStatus: '' }} />
        <RunStatusBadge status={{ status: 'queued', detailedStatus: '' }} />
      </TaskClientProvider>,
    );
    const [thinking, queued] = [...container.querySelectorAll('.hitl-run-status-badge')];
    expect(thinking).toHaveAttribute('data-state', 'running');
    expect(queued).toHaveAttribute('data-state', 'unknown');
    // Without a provider the default list decides: `queued` is still going.
    const alone = render(<RunStatusBadge status={{ status: 'queued', detailedStatus: '' }} />);
    expect(badgeOf(alone.container)).toHaveAttribute('data-state', 'running');
    store.destroy();
  });
});

import { render, screen } from '@testing-library/react';
import { StopRunButton } from '../../../src/components/stop-run-button';
import { advance, installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';
import { expectAccessible } from './axe-with-fake-timers';
import { destroyStores, provider, simulator, startTask } from './simulator-harness';

beforeEach(installFakeClock);
afterEach(() => {
  removeFakeClock();
  destroyStores();
});

const STOP = { method: 'PUT', path: '/api/v1/task/{taskId}/run/stop' };

async function setup() {
  const service = simulator();
  const { taskId, runId } = await startTask(service, 'Log in to the shop');
  const { wrapper } = provider(service.client);
  const onStopped = vi.fn();
  const view = render(<StopRunButton taskId={taskId} runId={runId} onStopped={onStopped} />, { wrapper });
  return { service, taskId, runId, onStopped, user: setupUser(), ...view };
}

describe('StopRunButton', () => {
  it('asks for confirmation, then stops the given run and reports it', async () => {
    const { service, runId, onStopped, user, container } = await setup();
    await user.click(screen.getByRole('button', { name: 'Stop run' }));
    const group = screen.getByRole('group', { name: 'Stop this run? The agent stops where it is. This cannot be undone.' });
    expect(group).toBeInTheDocument();
    expect(service.getRun(runId)?.status).toBe('running');
    await expectAccessible(container);

    await user.click(screen.getByRole('button', { name: 'Stop the run' }));
    await advance(0);
    expect(service.getRun(runId)?.status).toBe('stopped');
    expect(service.requests.filter((request) => request.method === 'PUT')[0]?.query).toEqual({ runId });
    expect(onStopped).toHaveBeenCalledTimes(1);
    const done = screen.getByRole('button', { name: 'Stop requested' });
    expect(done).toHaveAttribute('aria-disabled', 'true');
    expect(done).toHaveFocus();
  });

  it('"Keep running" and Escape cancel without a request, returning focus to the button', async () => {
    const { service, user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Stop run' }));
    await user.click(screen.getByRole('button', { name: 'Keep running' }));
    expect(screen.getByRole('button', { name: 'Stop run' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Keep running' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop run' })).toHaveFocus();
    expect(service.requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });

  it('says "Stopping…" while the request is out and keeps focus on the button', async () => {
    const { service, user } = await setup();
    service.faults.configure({ latencyMs: 1000 });
    await user.click(screen.getByRole('button', { name: 'Stop run' }));
    await user.click(screen.getByRole('button', { name: 'Stop the run' }));
    const stopping = screen.getByRole('button', { name: 'Stopping…' });
    expect(stopping).toHaveFocus();
    // A second press while it is out does nothing.
    await user.click(stopping);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    await advance(1000);
    expect(screen.getByRole('button', { name: 'Stop requested' })).toBeInTheDocument();
    expect(service.requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });

  it('shows a failure in an alert and can be used again', async () => {
    const { service, runId, onStopped, user, container } = await setup();
    service.faults.inject({ type: 'http-500', match: STOP });
    await user.click(screen.getByRole('button', { name: 'Stop run' }));
    await user.click(screen.getByRole('button', { name: 'Stop the run' }));
    await advance(0);

    expect(screen.getByRole('alert')).toHaveTextContent('Could not stop the run: Internal server error');
    expect(onStopped).not.toHaveBeenCalled();
    await expectAccessible(container);

    await user.click(screen.getByRole('button', { name: 'Stop run' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop the run' }));
    await advance(0);
    expect(service.getRun(runId)?.status).toBe('stopped');
  });

  it('says the key was refused on 401', async () => {
    const { service, user } = await setup();
    service.faults.inject({ type: 'unauthorized', match: STOP });
    await user.click(screen.getByRole('button', { name: 'Stop run' }));
    await user.click(screen.getByRole('button', { name: 'Stop the run' }));
    await advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not stop the run: the service refused the API key.');
  });
});

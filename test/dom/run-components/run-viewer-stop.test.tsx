import { render, screen, within } from '@testing-library/react';
import { RunViewer } from '../../../src/components/run-viewer';
import { advance, installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';
import { expectAccessible } from './axe-with-fake-timers';
import { destroyStores, provider, simulator, startTask } from './simulator-harness';

beforeEach(installFakeClock);
afterEach(() => {
  removeFakeClock();
  destroyStores();
});

const viewer = () => screen.getByRole('region', { name: 'Latest run' });
function announcement(): string | null | undefined {
  const root = viewer();
  return within(root)
    .getAllByRole('status')
    .find((element) => element.parentElement === root)?.textContent;
}
const stops = (service: ReturnType<typeof simulator>) =>
  service.requests.filter((request) => request.method === 'PUT' && request.path.endsWith('/run/stop'));

describe('stopping a run from RunViewer', () => {
  it('asks first, then stops the run and shows it stopped', async () => {
    const service = simulator();
    const { taskId, runId } = await startTask(service, 'Log in to the shop');
    const { wrapper } = provider(service.client);
    const { container } = render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);
    const user = setupUser();

    await user.click(screen.getByRole('button', { name: 'Stop run' }));
    expect(screen.getByRole('group', { name: /Stop this run\?/ })).toBeInTheDocument();
    expect(stops(service)).toHaveLength(0);
    await expectAccessible(container);

    await user.click(screen.getByRole('button', { name: 'Stop the run' }));
    await advance(0);

    expect(stops(service)).toHaveLength(1);
    expect(service.getRun(runId)?.status).toBe('stopped');
    expect(viewer()).toHaveAttribute('data-state', 'stopped');
    expect(viewer().querySelector('.hitl-run-status-badge')).toHaveTextContent('Stopped');
    expect(announcement()).toBe('The run was stopped.');
    expect(screen.queryByRole('button', { name: /Stop/ })).not.toBeInTheDocument();
    expect(screen.getByText('The run was stopped before it finished.')).toBeInTheDocument();
    await expectAccessible(container);
  });

  it('works by keyboard: Enter opens the confirmation, Escape cancels, Enter on "Stop the run" stops', async () => {
    const service = simulator();
    const { taskId, runId } = await startTask(service, 'Log in to the shop');
    const { wrapper } = provider(service.client);
    render(<RunViewer taskId={taskId} liveView={false} />, { wrapper });
    await advance(0);
    const user = setupUser();

    const stop = screen.getByRole('button', { name: 'Stop run' });
    stop.focus();
    await user.keyboard('{Enter}');
    // The safe choice has focus.
    expect(screen.getByRole('button', { name: 'Keep running' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: /Stop this run\?/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop run' })).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Stop the run' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await advance(0);
    expect(service.getRun(runId)?.status).toBe('stopped');
    expect(viewer()).toHaveAttribute('data-state', 'stopped');
  });

  it('stops a waiting run: the question goes away', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    const { wrapper } = provider(service.client);
    render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);
    await advance(4000);
    const user = setupUser();
    await user.type(screen.getByRole('textbox', { name: /Username/ }), 'ada');
    await user.click(screen.getByRole('button', { name: 'Stop run' }));
    await user.click(screen.getByRole('button', { name: 'Stop the run' }));
    await advance(0);

    expect(viewer()).toHaveAttribute('data-state', 'stopped');
    expect(screen.queryByRole('textbox', { name: /Username/ })).not.toBeInTheDocument();
  });
});

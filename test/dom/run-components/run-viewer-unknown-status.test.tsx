/**
 * `<RunViewer>` on a run whose status this library does not know (`booting`): shown raw, not taken
 * for the end, and the form the run asks for afterwards reaches the person.
 */
import { render, screen } from '@testing-library/react';
import { TaskApiError, type TaskClient } from '../../../src/client';
import { RunViewer } from '../../../src/components/run-viewer';
import { advance, installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';
import { expectAccessible } from './axe-with-fake-timers';
import { destroyStores, provider, simulator, startTask, statusGets } from './simulator-harness';

beforeEach(installFakeClock);
afterEach(() => {
  removeFakeClock();
  destroyStores();
});

const viewer = () => screen.getByRole('region', { name: 'Latest run' });
const badge = () => viewer().querySelector('.hitl-run-status-badge');

describe('RunViewer on a run that says `booting`', () => {
  it('shows the status raw while the run boots, then the form it asks for', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    const bootUntil = Date.now() + 8000;
    // The service's own answers, with `booting` written into them for the first 8 s.
    const client: TaskClient = {
      ...service.client,
      getRunStatus: async (id, options) => {
        const status = await service.client.getRunStatus(id, options);
        return Date.now() < bootUntil ? { ...status, status: 'booting', detailedStatus: 'booting', toolCall: null } : status;
      },
    };
    const { wrapper } = provider(client);
    const { container } = render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);

    expect(viewer()).toHaveAttribute('data-state', 'unknown');
    expect(badge()).toHaveTextContent('Status: booting');
    expect(screen.getByRole('button', { name: 'Stop run' })).toBeInTheDocument();
    await expectAccessible(container);

    await advance(4000);
    expect(screen.queryByRole('textbox', { name: /Username/ })).toBeNull();
    await advance(12_000);

    expect(viewer()).toHaveAttribute('data-state', 'waiting');
    expect(screen.getByRole('textbox', { name: /Username/ })).toBeInTheDocument();
    // Polled at 0, 2, 4 and 8 s while booting, then every 2 s.
    expect(statusGets(service)).toHaveLength(8);

    const user = setupUser();
    await user.type(screen.getByRole('textbox', { name: /Username/ }), 'ada');
    await user.type(screen.getByLabelText(/Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await advance(0);
    expect(service.requests.filter((request) => request.path.endsWith('/run/tool-input'))).toHaveLength(1);
    await expectAccessible(container);
  });

  it('stops asking once a `success: false` says the run is gone, until the person retries', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    let asked = 0;
    const { wrapper } = provider({
      ...service.client,
      getRunStatus: async () => {
        asked += 1;
        await Promise.resolve();
        throw new TaskApiError('Run not found', { kind: 'api', status: 200, endpoint: 'GET /api/v1/task/{taskId}/run/status' });
      },
    });
    render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the run status: Run not found');

    await advance(60_000);
    expect(asked).toBe(1);

    await setupUser().click(screen.getByRole('button', { name: 'Retry' }));
    await advance(0);
    expect(asked).toBe(2);
  });
});

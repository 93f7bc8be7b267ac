import { render, screen, within } from '@testing-library/react';
import type { TaskClient } from '../../../src/client';
import { RunList } from '../../../src/components/run-list';
import { advance, installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';
import { expectAccessible } from './axe-with-fake-timers';
import { destroyStores, provider, simulator, startTask } from './simulator-harness';

beforeEach(installFakeClock);
afterEach(() => {
  removeFakeClock();
  destroyStores();
});

const UTC_GB = { locale: 'en-GB', dateTimeFormat: { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' } as const };

/** A task with `count` runs, one a minute from 2030-01-01 00:00 UTC (the fake clock's start). */
async function taskWithRuns(count: number) {
  const service = simulator();
  const { taskId, runId } = await startTask(service, 'Log in to the shop');
  const runIds = [runId];
  for (let i = 1; i < count; i += 1) {
    vi.setSystemTime(Date.now() + 60_000);
    runIds.push(service.startRun(taskId).runId);
  }
  return { service, taskId, runIds };
}

describe('RunList', () => {
  it('lists runs newest first with a localised start time in <time dateTime>', async () => {
    const { service, taskId, runIds } = await taskWithRuns(2);
    const { wrapper } = provider(service.client);
    const { container } = render(<RunList taskId={taskId} {...UTC_GB} />, { wrapper });
    expect(screen.getByText('Loading runs…')).toBeInTheDocument();
    await advance(0);

    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('bdi')?.textContent)).toEqual([runIds[1], runIds[0]]);
    const time = items[1]!.querySelector('time');
    expect(time).toHaveAttribute('datetime', '2030-01-01T00:00:00.000Z');
    expect(time).toHaveTextContent('1 Jan 2030, 00:00');
    expect(items[0]!.querySelector('time')).toHaveTextContent('1 Jan 2030, 00:01');
    await expectAccessible(container);
  });

  it('selects runs with buttons (aria-current) and pages by keyboard', async () => {
    const { service, taskId, runIds } = await taskWithRuns(3);
    const { wrapper } = provider(service.client);
    const onSelectRun = vi.fn();
    const { container } = render(<RunList taskId={taskId} pageSize={2} selectedRunId={runIds[2]} onSelectRun={onSelectRun} {...UTC_GB} />, {
      wrapper,
    });
    await advance(0);

    const selected = screen.getByRole('button', { current: true });
    expect(selected).toHaveTextContent(runIds[2]!);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await expectAccessible(container);

    const user = setupUser();
    await user.click(screen.getByRole('button', { name: new RegExp(runIds[1]!) }));
    expect(onSelectRun).toHaveBeenCalledWith(runIds[1], expect.objectContaining({ id: runIds[1] }));

    screen.getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{Enter}');
    await advance(0);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([expect.stringContaining(runIds[0]!)]);
  });

  it('shows a created_at that is not a date as text', async () => {
    const service = simulator();
    const client: TaskClient = {
      ...service.client,
      listRuns: () => Promise.resolve({ data: [{ id: 'run-1', created_at: 'yesterday <b>noon</b>' }], total: 1, page: 1, limit: 10 }),
    };
    const { wrapper } = provider(client);
    const { container } = render(<RunList taskId="task-1" />, { wrapper });
    await advance(0);
    expect(screen.getByText('Started yesterday <b>noon</b>')).toBeInTheDocument();
    expect(container.querySelector('time, b')).toBeNull();
  });

  it('shows an empty state, and nothing is fetched without a task', async () => {
    const service = simulator();
    const { wrapper } = provider(service.client);
    render(<RunList taskId="" />, { wrapper });
    await advance(0);
    expect(screen.getByText('No runs yet.')).toBeInTheDocument();
    expect(service.requests).toHaveLength(0);
  });

  it('shows an error with Retry', async () => {
    const { service, taskId } = await taskWithRuns(1);
    service.faults.inject({ type: 'api-error', match: { path: '/api/v1/task/{taskId}/runs' } });
    const { wrapper } = provider(service.client);
    render(<RunList taskId={taskId} />, { wrapper });
    await advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the runs: The service could not process the request');
    await setupUser().click(screen.getByRole('button', { name: 'Retry' }));
    await advance(0);
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1);
  });

  it('starts another task on its first page', async () => {
    const first = await taskWithRuns(3);
    const second = await startTask(first.service, 'Log in again');
    const { wrapper } = provider(first.service.client);
    const { rerender } = render(<RunList taskId={first.taskId} pageSize={1} />, { wrapper });
    await advance(0);
    await setupUser().click(screen.getByRole('button', { name: 'Next' }));
    await advance(0);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    rerender(<RunList taskId={second.taskId} pageSize={1} />);
    await advance(0);
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });
});

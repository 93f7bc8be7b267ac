import { render, screen, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { MessagesProvider } from '../../../src';
import { de } from '../../../src/messages/locales/de';
import { TaskList } from '../../../src/components/task-list';
import type { SimulatedService } from '../../../src/testing';
import { advance, installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';
import { expectAccessible } from './axe-with-fake-timers';
import { destroyStores, provider, simulator, startTask } from './simulator-harness';

beforeEach(installFakeClock);
afterEach(() => {
  removeFakeClock();
  destroyStores();
});

const LIST_TASKS = { method: 'GET', path: '/api/v1/tasks' };

async function createTasks(service: SimulatedService, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= count; i += 1) ids.push((await startTask(service, `Task number ${i}`)).taskId);
  return ids;
}
const names = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('bdi')?.textContent);

describe('TaskList', () => {
  it('shows loading, then a page of tasks, newest first, with their status', async () => {
    const service = simulator();
    await createTasks(service, 3);
    const { wrapper } = provider(service.client);
    const { container } = render(<TaskList />, { wrapper });
    expect(screen.getByText('Loading tasks…')).toBeInTheDocument();
    await advance(0);

    expect(screen.getByRole('region', { name: 'Tasks' })).toHaveAttribute('data-state', 'ready');
    expect(names()).toEqual(['Task number 3', 'Task number 2', 'Task number 1']);
    expect(within(screen.getByRole('list')).getAllByText('Active')).toHaveLength(3);
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    // Without onSelectTask the tasks are not buttons.
    expect(within(screen.getByRole('list')).queryByRole('button')).not.toBeInTheDocument();
    await expectAccessible(container);
  });

  it('pages with Previous and Next, 10 a page by default, and at most 30', async () => {
    const service = simulator();
    await createTasks(service, 23);
    const { wrapper } = provider(service.client);
    const { rerender } = render(<TaskList />, { wrapper });
    await advance(0);
    expect(names()).toHaveLength(10);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    const previous = screen.getByRole('button', { name: 'Previous' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');

    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await advance(0);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(names()[0]).toBe('Task number 13');

    rerender(<TaskList pageSize={100} />);
    await advance(0);
    expect(service.requests.filter((request) => request.path === '/api/v1/tasks').at(-1)?.query.limit).toBe('30');
  });

  it('pages by keyboard, and focus stays on Next at the last page', async () => {
    const service = simulator();
    await createTasks(service, 5);
    const { wrapper } = provider(service.client);
    render(<TaskList pageSize={2} />, { wrapper });
    await advance(0);
    const user = setupUser();

    await user.tab();
    await user.tab();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toHaveFocus();
    await user.keyboard('{Enter}');
    await advance(0);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await user.keyboard(' ');
    await advance(0);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(next).toHaveFocus();
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    await advance(0);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();

    await user.tab({ shift: true });
    await user.keyboard('{Enter}');
    await advance(0);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('is controllable: page and onPageChange', async () => {
    const service = simulator();
    await createTasks(service, 5);
    const { wrapper } = provider(service.client);
    const changes: number[] = [];
    function Controlled() {
      const [page, setPage] = useState(2);
      return (
        <TaskList
          pageSize={2}
          page={page}
          onPageChange={(next) => {
            changes.push(next);
            setPage(next);
          }}
        />
      );
    }
    render(<Controlled />, { wrapper });
    await advance(0);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await setupUser().click(screen.getByRole('button', { name: 'Previous' }));
    await advance(0);
    expect(changes).toEqual([1]);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('selects tasks with buttons and marks the selected one with aria-current', async () => {
    const service = simulator();
    const ids = await createTasks(service, 2);
    const { wrapper } = provider(service.client);
    const onSelectTask = vi.fn();
    const { container } = render(<TaskList selectedTaskId={ids[0]} onSelectTask={onSelectTask} />, { wrapper });
    await advance(0);

    expect(screen.getByRole('button', { name: 'Task number 1' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Task number 2' })).not.toHaveAttribute('aria-current');
    await setupUser().click(screen.getByRole('button', { name: 'Task number 2' }));
    expect(onSelectTask).toHaveBeenCalledWith(ids[1], expect.objectContaining({ id: ids[1], readable_name: 'Task number 2' }));
    await expectAccessible(container);
  });

  it('tells tasks of the same name apart by the end of their id and when their latest run started, reading runs only for them', async () => {
    const service = simulator();
    const first = await startTask(service, 'Log in to the shop');
    await advance(90 * 60_000);
    const second = await startTask(service, 'Log in to the shop');
    await startTask(service, 'Book a table');
    await advance(30 * 60_000);
    // The first task ran again: its latest run is the newer one.
    service.startRun(first.taskId);
    const { wrapper } = provider(service.client);
    const { container } = render(<TaskList onSelectTask={() => {}} locale="en-US" />, { wrapper });
    await advance(0);

    const startOf = (taskId: string) =>
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
        Math.max(...(service.getTask(taskId)?.runs ?? []).map((run) => run.createdAt)),
      );
    const detail = (taskId: string) => `ID …${taskId.slice(-4)}, latest run ${startOf(taskId)}`;
    expect(startOf(first.taskId)).not.toBe(startOf(second.taskId));
    expect(screen.getByRole('button', { name: `Log in to the shop ${detail(first.taskId)}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Log in to the shop ${detail(second.taskId)}` })).toBeInTheDocument();
    // A name of its own needs nothing more, and costs no request.
    expect(screen.getByRole('button', { name: 'Book a table' })).toBeInTheDocument();
    const runLists = service.requests.filter((request) => request.path.endsWith('/runs')).map((request) => request.path);
    expect(runLists.sort()).toEqual([`/api/v1/task/${first.taskId}/runs`, `/api/v1/task/${second.taskId}/runs`].sort());
    await expectAccessible(container);
  });

  it("shows the end of the id alone when the runs cannot be read, and the detail in the provider's language", async () => {
    const service = simulator();
    const first = await startTask(service, 'Log in to the shop');
    const second = await startTask(service, 'Log in to the shop');
    service.faults.inject({ type: 'api-error', match: { path: `/api/v1/task/${first.taskId}/runs` } });
    const { wrapper: plain } = provider(service.client);
    const german = ({ children }: { children?: ReactNode }) =>
      plain({ children: <MessagesProvider messages={de}>{children}</MessagesProvider> });
    render(<TaskList onSelectTask={() => {}} />, { wrapper: german });
    await advance(0);

    expect(screen.getByRole('button', { name: `Log in to the shop ID …${first.taskId.slice(-4)}` })).toBeInTheDocument();
    const started = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(
      service.getTask(second.taskId)?.runs[0]?.createdAt,
    );
    expect(
      screen.getByRole('button', { name: `Log in to the shop ID …${second.taskId.slice(-4)}, letzter Lauf ${started}` }),
    ).toBeInTheDocument();
    // The list itself loaded: no alert for a detail it could not add.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an empty state', async () => {
    const service = simulator();
    const { wrapper } = provider(service.client);
    render(<TaskList />, { wrapper });
    await advance(0);
    expect(screen.getByText('No tasks yet.')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('shows an error with Retry, and says when the key was refused', async () => {
    const service = simulator();
    await createTasks(service, 1);
    service.faults.inject({ type: 'api-error', match: LIST_TASKS });
    const { wrapper } = provider(service.client);
    const { container } = render(<TaskList />, { wrapper });
    await advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the tasks: The service could not process the request');
    await expectAccessible(container);

    await setupUser().click(screen.getByRole('button', { name: 'Retry' }));
    await advance(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(names()).toEqual(['Task number 1']);
    expect(screen.getByRole('heading', { name: 'Tasks' })).toHaveFocus();
  });

  it('says when the key was refused', async () => {
    const service = simulator();
    const { wrapper } = provider(service.createClient({ apiKey: 'wrong' }));
    render(<TaskList />, { wrapper });
    await advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the tasks: the service refused the API key.');
  });
});

import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { Page, RunListItem, TaskListItem } from '../../../src/client/types';
import { useRuns, useTasks } from '../../../src/hooks';
import { FakeTaskClient, type RecordedCall } from '../../node/store/fake-task-client';
import { advance, harness, installFakeClock, removeFakeClock, setupUser } from './hook-test-utils';

beforeEach(installFakeClock);
afterEach(removeFakeClock);

function tasksPage(call: RecordedCall): { value: Page<TaskListItem>; delayMs: number } {
  const { page = 1, limit = 30 } = (call.args[0] ?? {}) as { page?: number; limit?: number };
  const data = Array.from({ length: limit }, (_, i) => ({
    id: `task-${(page - 1) * limit + i + 1}`,
    status: 'active',
    readable_name: `Task ${(page - 1) * limit + i + 1}`,
  }));
  return { value: { data, total: 4 * limit, page, limit }, delayMs: 500 };
}

function TaskTable({ limit }: { limit?: number }) {
  const [page, setPage] = useState(1);
  const { data, isPlaceholderData, isLoading } = useTasks({ page, limit });
  if (isLoading) return <p>Loading tasks…</p>;
  return (
    <>
      <ul aria-busy={isPlaceholderData}>
        {data?.data.map((task) => (
          <li key={task.id}>{task.readable_name}</li>
        ))}
      </ul>
      <p>
        Page {data?.page} of {data === undefined ? '?' : Math.ceil(data.total / data.limit)}
      </p>
      <button type="button" onClick={() => setPage((p) => p + 1)}>
        Next page
      </button>
    </>
  );
}

describe('useTasks', () => {
  it('keeps the previous page on screen while the next one loads', async () => {
    const { wrapper } = harness(new FakeTaskClient().script('listTasks', tasksPage));
    const user = setupUser();
    render(<TaskTable limit={2} />, { wrapper });
    expect(screen.getByText('Loading tasks…')).toBeInTheDocument();
    await advance(500);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Task 1', 'Task 2']);
    expect(screen.getByText('Page 1 of 4')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Task 1', 'Task 2']);
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'true');

    await advance(500);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Task 3', 'Task 4']);
    expect(screen.getByText('Page 2 of 4')).toBeInTheDocument();
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'false');
  });

  it('never asks for more than 30 items per page', async () => {
    const { client, wrapper } = harness(new FakeTaskClient().script('listTasks', tasksPage));
    render(<TaskTable limit={100} />, { wrapper });
    await advance(500);
    expect(client.callsTo('listTasks')[0]?.args[0]).toMatchObject({ page: 1, limit: 30 });
  });
});

function RunList({ taskId }: { taskId: string }) {
  const { data, isPlaceholderData } = useRuns({ taskId, limit: 5 });
  return (
    <ul aria-busy={isPlaceholderData}>
      {data?.data.map((run) => (
        <li key={run.id}>{run.id}</li>
      ))}
    </ul>
  );
}

describe('useRuns', () => {
  it('does not show one task’s runs as a placeholder for another task', async () => {
    const runsOf = (call: RecordedCall): { value: Page<RunListItem>; delayMs: number } => ({
      value: { data: [{ id: `${String(call.args[0])}-run-1`, created_at: '2030-01-01T00:00:00Z' }], total: 1, page: 1, limit: 5 },
      delayMs: 300,
    });
    const { wrapper } = harness(new FakeTaskClient().script('listRuns', runsOf));
    const { rerender } = render(<RunList taskId="task-a" />, { wrapper });
    await advance(300);
    expect(screen.getByRole('listitem')).toHaveTextContent('task-a-run-1');

    rerender(<RunList taskId="task-b" />);
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    await advance(300);
    expect(screen.getByRole('listitem')).toHaveTextContent('task-b-run-1');
  });
});

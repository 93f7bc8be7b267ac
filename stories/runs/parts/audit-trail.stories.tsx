import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AuditTrail, createTaskClient, type AuditEntry, type TaskClient } from '../../../src';

/** A client of a `createTaskProxy` whose `GET /audit` answers with `respond`. */
function proxyClient(respond: () => Response): TaskClient {
  return createTaskClient({ baseUrl: 'https://app.example.com/api/hitl', fetch: () => Promise.resolve(respond()) });
}

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  at: '2025-03-14T12:03:00.000Z',
  user: 'ada@example.com',
  team: 'Support',
  action: 'answer',
  taskId: 'task_1',
  runId: 'run_1',
  toolCallId: 'call_1',
  status: 200,
  outcome: 'accepted',
  ...over,
});

/** A run's history, newest first: created, answered twice (the second one too late), stopped. */
const RUN_HISTORY: AuditEntry[] = [
  entry({ at: '2025-03-14T12:10:00.000Z', action: 'stop_run', toolCallId: undefined }),
  entry({ at: '2025-03-14T12:03:20.000Z', user: 'grace@example.com', status: 409, outcome: 'already_answered' }),
  entry({}),
  entry({ at: '2025-03-14T09:30:00.000Z', action: 'create_task', runId: undefined, toolCallId: undefined }),
];

/** A team's activity over three tasks, newest first, five minutes apart. */
const TEAM_ACTIVITY: AuditEntry[] = [
  ['grace@example.com', 'answer', 'task_2', 'Refund order 1138', 'accepted'],
  ['ada@example.com', 'create_task', 'task_2', 'Refund order 1138', 'accepted'],
  ['ada@example.com', 'stop_task', 'task_1', 'Log in to the bank', 'accepted'],
  ['grace@example.com', 'answer', 'task_1', 'Log in to the bank', 'already_answered'],
  ['ada@example.com', 'answer', 'task_1', 'Log in to the bank', 'accepted'],
  ['ada@example.com', 'create_task', 'task_1', 'Log in to the bank', 'accepted'],
  ['grace@example.com', 'stop_run', 'task_0', undefined, 'accepted'],
].map(([user, action, taskId, taskName, outcome], index) =>
  entry({
    id: `entry_${7 - index}`,
    at: new Date(Date.parse('2025-03-14T12:30:00.000Z') - index * 5 * 60_000).toISOString(),
    user,
    action: action as AuditEntry['action'],
    taskId,
    taskName,
    outcome,
    status: outcome === 'accepted' ? 200 : 409,
  }),
);

/** A proxy's `GET /audit` over `trail`, a page of `limit` below `before` at a time, with `next` while more remain. */
function pagedProxyClient(trail: AuditEntry[]): TaskClient {
  return createTaskClient({
    baseUrl: 'https://app.example.com/api/hitl',
    fetch: (request) => {
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const before = url.searchParams.get('before');
      const start = before === null ? 0 : trail.findIndex((one) => one.id === before) + 1;
      const data = trail.slice(start, start + limit);
      const next = start + limit < trail.length ? data.at(-1)?.id : undefined;
      return Promise.resolve(Response.json({ success: true, data, ...(next === undefined ? {} : { next }) }));
    },
  });
}

const meta = {
  title: 'Runs/Parts/AuditTrail',
  component: AuditTrail,
  tags: ['autodocs'],
  args: {
    taskId: 'task_1',
    locale: 'en-GB',
    dateTimeFormat: { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' },
    client: proxyClient(() => Response.json({ success: true, data: RUN_HISTORY })),
  },
  argTypes: { client: { control: false } },
} satisfies Meta<typeof AuditTrail>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Who created, answered and stopped the run, newest first, as the proxy recorded it for the caller's team. */
export const RunHistory: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'History' });
    const rows = within(table).getAllByRole('row');
    await expect(rows).toHaveLength(5);
    await expect(within(rows[1] as HTMLElement).getByRole('cell', { name: 'Stopped the run' })).toBeVisible();
    await expect(within(rows[2] as HTMLElement).getByRole('cell', { name: 'Someone had already answered' })).toBeVisible();
    await expect(within(rows[4] as HTMLElement).getByText('14 Mar 2025, 09:30')).toHaveAttribute('datetime', '2025-03-14T09:30:00.000Z');
  },
};

/**
 * Without `taskId`: what the whole team did, each entry naming its task (its name in the team's
 * task list, else its id), three at a time; "Load more" reads the older ones and moves focus to
 * the first it adds.
 */
export const TeamActivity: Story = {
  args: { taskId: undefined, limit: 3, client: pagedProxyClient(TEAM_ACTIVITY) },
  play: async ({ canvas, userEvent }) => {
    const table = await canvas.findByRole('table', { name: 'Team activity' });
    await expect(within(table).getByRole('columnheader', { name: 'Task' })).toBeVisible();
    await expect(within(table).getAllByRole('row')).toHaveLength(4);
    await expect(within(table).getAllByRole('cell', { name: 'Refund order 1138' })).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await expect(await within(table).findByRole('cell', { name: 'Someone had already answered' })).toBeVisible();
    await expect(within(table).getAllByRole('row')[4]).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await expect(await within(table).findByRole('cell', { name: 'task_0' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
  },
};

/** Nothing done through the proxy yet. */
export const Empty: Story = {
  args: { client: proxyClient(() => Response.json({ success: true, data: [] })) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Nothing has been done through this app yet.')).toBeVisible();
  },
};

/** The proxy could not read its store: the failure is announced, with a way to try again. */
export const LoadError: Story = {
  args: {
    client: proxyClient(() => Response.json({ success: false, error: 'The audit trail cannot be read now; try again.' }, { status: 503 })),
  },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Could not load the history');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

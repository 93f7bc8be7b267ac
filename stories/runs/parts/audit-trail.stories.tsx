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
  entry({ inputSha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' }),
  entry({ at: '2025-03-14T09:30:00.000Z', action: 'create_task', runId: undefined, toolCallId: undefined }),
];

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

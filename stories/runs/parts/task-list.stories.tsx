import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { TaskList, type TaskListProps } from '../../../src';
import { releaseSimulator, simulate, simulatorOf, withSimulator } from '../../support/simulator';

const TASKS = [
  'Log in to Acme Shop and list my open orders',
  'Check out my cart with express shipping',
  'Compare lightweight laptops under €1,200',
  'Log in to my bank with 2FA and read the balances',
  'Buy the ergonomic office chair',
  'Book the Lisbon trip',
  'Renew the library books',
  'Find a dentist appointment next week',
  'Download last month’s electricity invoice',
  'Cancel the gym membership',
  'Order printer paper for the office',
  'Update the delivery address on my account',
];

const TASKS_PATH = { method: 'GET', path: '/api/v1/tasks' };

/** Twelve tasks on the story's simulated service, oldest first (the service lists newest first). */
const twelveTasks = simulate({
  setup: async ({ service }) => {
    for (const task of TASKS) await service.client.createTask({ task, agent: 'BROWSER_AGENT' });
    return undefined;
  },
});

const meta = {
  title: 'Runs/Parts/TaskList',
  component: TaskList,
  tags: ['autodocs'],
  decorators: [withSimulator],
  beforeEach: releaseSimulator,
  args: { pageSize: 5, onPageChange: fn<NonNullable<TaskListProps['onPageChange']>>() },
  argTypes: {
    onSelectTask: { table: { category: 'Events' } },
    onPageChange: { table: { category: 'Events' } },
    client: { control: false },
  },
} satisfies Meta<typeof TaskList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Without `onSelectTask` the tasks are text; Previous / Next turn the pages. */
export const Paged: Story = {
  loaders: [twelveTasks],
  play: async ({ args, canvas, userEvent }) => {
    const list = await canvas.findByRole('list');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    await expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Update the delivery address on my account');
    await expect(canvas.getByText('Page 1 of 3')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Log in/ })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByText('Page 2 of 3')).toBeVisible();
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
    await expect(await canvas.findByText('Book the Lisbon trip')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Previous' })).not.toHaveAttribute('aria-disabled');
  },
};

/** With `onSelectTask` every task is a button; the selected one has `aria-current`. */
export const Selectable: Story = {
  loaders: [twelveTasks],
  args: { onSelectTask: fn<NonNullable<TaskListProps['onSelectTask']>>() },
  render: (args, context) => <TaskList {...args} selectedTaskId={simulatorOf(context).service.listTasks()[1]?.id} />,
  play: async ({ args, canvas, loaded, userEvent }) => {
    const tasks = simulatorOf({ loaded }).service.listTasks();
    const selected = await canvas.findByRole('button', { name: 'Order printer paper for the office' });
    await expect(selected).toHaveAttribute('aria-current', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel the gym membership' }));
    await expect(args.onSelectTask).toHaveBeenCalledWith(
      tasks[2]?.id,
      expect.objectContaining({ id: tasks[2]?.id, readable_name: 'Cancel the gym membership' }),
    );
  },
};

/**
 * Tasks of the same name (the same instruction given twice): each also shows the end of its id and,
 * once its runs are read, when its latest run started, inside its button, so each has a name of
 * its own. Only tasks whose name repeats on the page read their runs.
 */
export const SameNames: Story = {
  loaders: [
    simulate({
      setup: async ({ service, clock }) => {
        const task = 'Log in to Acme Shop and list my open orders';
        await service.client.createTask({ task, agent: 'BROWSER_AGENT' });
        clock.advance(26 * 60 * 60_000);
        await service.client.createTask({ task: 'Book the Lisbon trip', agent: 'BROWSER_AGENT' });
        clock.advance(3 * 60 * 60_000);
        await service.client.createTask({ task, agent: 'BROWSER_AGENT' });
        return undefined;
      },
    }),
  ],
  args: { onSelectTask: fn<NonNullable<TaskListProps['onSelectTask']>>() },
  play: async ({ canvas, loaded }) => {
    const service = simulatorOf({ loaded }).service;
    const same = service.listTasks().filter((task) => task.readableName.startsWith('Log in'));
    for (const task of same) {
      const name = new RegExp(`^Log in to Acme Shop and list my open orders ID …${task.id.slice(-4)}, latest run `);
      await expect(await canvas.findByRole('button', { name })).toBeVisible();
    }
    await expect(canvas.getByRole('button', { name: 'Book the Lisbon trip' })).toBeVisible();
    await expect(service.requests.filter((request) => request.path.endsWith('/runs'))).toHaveLength(2);
  },
};

/** No tasks yet. */
export const Empty: Story = {
  loaders: [simulate()],
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No tasks yet.')).toBeVisible();
  },
};

/** The first request gets no answer. */
export const Loading: Story = {
  loaders: [
    simulate({
      setup: ({ service }) => {
        service.faults.inject({ type: 'hang', match: TASKS_PATH });
        return undefined;
      },
    }),
  ],
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading tasks…')).toBeVisible();
  },
};

/** The service refused the request (`success: false`): the reason and a Retry, which works once the service does. */
export const ErrorAndRetry: Story = {
  loaders: [
    simulate({
      setup: async ({ service }) => {
        await service.client.createTask({ task: 'Log in to Acme Shop and list my open orders', agent: 'BROWSER_AGENT' });
        service.faults.inject({ type: 'api-error', match: TASKS_PATH });
        return undefined;
      },
    }),
  ],
  play: async ({ canvas, userEvent }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Could not load the tasks: The service could not process the request');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByText('Log in to Acme Shop and list my open orders')).toBeVisible();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** HTTP 401. */
export const KeyRefused: Story = {
  loaders: [simulate({ client: (service) => service.createClient({ apiKey: 'not-the-key', timeoutMs: 0 }) })],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not load the tasks: the service refused the API key.');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { RunList, type RunListProps } from '../../../src';
import { LOGIN_TASK, releaseSimulator, simulate, simulatorOf, startTask, storyRunOf, withSimulator } from '../../support/simulator';

/** A task run seven times, an hour apart, from 09:30 UTC on 14 March 2025. */
const sevenRuns = simulate({
  setup: async ({ service, clock }) => {
    const run = await startTask(service, LOGIN_TASK);
    for (let i = 1; i < 7; i++) {
      clock.advance(3_600_000);
      service.startRun(run.taskId);
    }
    return run;
  },
});

const meta = {
  title: 'Runs/Parts/RunList',
  component: RunList,
  tags: ['autodocs'],
  decorators: [withSimulator],
  beforeEach: releaseSimulator,
  args: {
    // Replaced by the task the story's simulated service runs (see `render`).
    taskId: '',
    pageSize: 5,
    locale: 'en-GB',
    dateTimeFormat: { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' },
    onPageChange: fn<NonNullable<RunListProps['onPageChange']>>(),
  },
  argTypes: {
    taskId: { control: false, description: 'Set by the story to the task its simulated service runs.' },
    onSelectRun: { table: { category: 'Events' } },
    onPageChange: { table: { category: 'Events' } },
    client: { control: false },
  },
  render: (args, context) => <RunList {...args} taskId={storyRunOf(context).taskId} />,
} satisfies Meta<typeof RunList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Newest first, as the service lists them; times as localised `<time>` elements. */
export const Paged: Story = {
  loaders: [sevenRuns],
  play: async ({ args, canvas, userEvent }) => {
    const list = await canvas.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(5);
    const newest = items[0]?.querySelector('time');
    await expect(newest).toHaveTextContent('14 Mar 2025, 15:30');
    await expect(newest).toHaveAttribute('datetime', '2025-03-14T15:30:00.000Z');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByText('Page 2 of 2')).toBeVisible();
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
    await expect(await canvas.findByText('14 Mar 2025, 09:30')).toBeVisible();
  },
};

/** With `onSelectRun` every run is a button; the selected one has `aria-current`. */
export const Selectable: Story = {
  loaders: [sevenRuns],
  args: { onSelectRun: fn<NonNullable<RunListProps['onSelectRun']>>() },
  render: (args, context) => {
    const { service } = simulatorOf(context);
    const { taskId } = storyRunOf(context);
    return <RunList {...args} taskId={taskId} selectedRunId={service.getTask(taskId)?.runs[0]?.id} />;
  },
  play: async ({ args, canvas, loaded, userEvent }) => {
    const { service } = simulatorOf({ loaded });
    const runs = service.getTask(storyRunOf({ loaded }).taskId)?.runs ?? [];
    const buttons = await canvas.findAllByRole('button', { name: /14 Mar 2025/ });
    await expect(buttons[0]).toHaveAttribute('aria-current', 'true');
    await userEvent.click(buttons[2] as HTMLElement);
    await expect(args.onSelectRun).toHaveBeenCalledWith(
      runs[2]?.id,
      expect.objectContaining({ id: runs[2]?.id, created_at: '2025-03-14T13:30:00.000Z' }),
    );
  },
};

/** An empty `taskId` lists nothing. */
export const NoTask: Story = {
  loaders: [simulate({ setup: () => ({ taskId: '', runId: '' }) })],
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No runs yet.')).toBeVisible();
  },
};

/** The service answered 500 (and keeps doing so while it retries): the reason and a Retry. */
export const Error: Story = {
  loaders: [
    simulate({
      setup: async ({ service }) => {
        const run = await startTask(service, LOGIN_TASK);
        service.faults.inject({ type: 'http-500', match: { method: 'GET', path: '/api/v1/task/{taskId}/runs' }, times: Infinity });
        return run;
      },
    }),
  ],
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Could not load the runs: Internal server error');
    await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { StopRunButton, type StopRunButtonProps } from '../../../src';
import { LOGIN_TASK, releaseSimulator, simulate, simulatorOf, startTask, storyRunOf, withSimulator } from '../../support/simulator';

const STOP = { method: 'PUT', path: '/api/v1/task/{taskId}/run/stop' };

/** A login run, working on its first page. */
const runningLogin = simulate({ setup: ({ service }) => startTask(service, LOGIN_TASK) });

const meta = {
  title: 'Runs/Parts/StopRunButton',
  component: StopRunButton,
  tags: ['autodocs'],
  decorators: [withSimulator],
  beforeEach: releaseSimulator,
  args: {
    // Replaced by the task the story's simulated service runs (see `render`).
    taskId: '',
    onStopped: fn<NonNullable<StopRunButtonProps['onStopped']>>(),
  },
  argTypes: {
    taskId: { control: false, description: 'Set by the story to the task its simulated service runs.' },
    onStopped: { table: { category: 'Events' } },
    client: { control: false },
  },
  render: (args, context) => <StopRunButton {...args} taskId={storyRunOf(context).taskId} />,
} satisfies Meta<typeof StopRunButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  loaders: [runningLogin],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Stop run' })).toBeEnabled();
  },
};

/** The confirmation takes the button's place with focus on the safe choice; Escape brings the button back. */
export const Confirming: Story = {
  loaders: [runningLogin],
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Stop run' }));
    const group = canvas.getByRole('group', { name: 'Stop this run? The agent stops where it is. This cannot be undone.' });
    await expect(group).toBeVisible();
    await waitFor(() => expect(document.activeElement).toBe(canvas.getByRole('button', { name: 'Keep running' })));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(canvas.getByRole('button', { name: 'Stop run' })));
    await expect(args.onStopped).not.toHaveBeenCalled();
  },
};

/** Confirmed: the run is stopped on the service, the button says so, `onStopped` is called. */
export const Stopped: Story = {
  loaders: [runningLogin],
  play: async ({ args, canvas, loaded, userEvent }) => {
    const { service } = simulatorOf({ loaded });
    const { runId } = storyRunOf({ loaded });
    await userEvent.click(canvas.getByRole('button', { name: 'Stop run' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Stop the run' }));
    await expect(await canvas.findByRole('button', { name: 'Stop requested' })).toHaveAttribute('aria-disabled', 'true');
    await expect(args.onStopped).toHaveBeenCalledTimes(1);
    await expect(service.getRun(runId)?.status).toBe('stopped');
  },
};

/** The stop request failed: the reason in an alert; the button can be used again. */
export const StopFailed: Story = {
  loaders: [
    simulate({
      setup: async ({ service }) => {
        const run = await startTask(service, LOGIN_TASK);
        service.faults.inject({ type: 'http-500', match: STOP });
        return run;
      },
    }),
  ],
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Stop run' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Stop the run' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not stop the run: Internal server error');
    await expect(canvas.getByRole('button', { name: 'Stop run' })).not.toHaveAttribute('aria-disabled');
    await expect(args.onStopped).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  loaders: [runningLogin],
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Stop run' })).toBeDisabled();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { humanControlTool, RunViewer } from '../../src';
import { liveViewConnected } from '../support/loaded';
import { releaseSimulator, simulate, startTask, storyRunOf, untilToolCall, withSimulator } from '../support/simulator';

/** A checkout behind a CAPTCHA: the agent called `human_control` and waits for a person to pass it in its browser. */
const waitingHandOff = simulate({
  service: { scenario: 'human-control' },
  setup: async ({ service, clock }) => {
    const run = await startTask(service, 'Check out my cart', [humanControlTool()]);
    await untilToolCall(service, clock, run);
    return run;
  },
});

// Every story runs against its own in-process simulated service (`hitl-react/testing`) on a clock
// that stands still, so the run stays waiting on the hand-off.
const meta = {
  title: 'Runs/RunViewer/Hand-off',
  component: RunViewer,
  decorators: [withSimulator],
  beforeEach: releaseSimulator,
  loaders: [waitingHandOff],
  args: { taskId: '', pollIntervalMs: 250, tools: [humanControlTool()] },
  argTypes: {
    taskId: { control: false, description: 'Set by the story to the task its simulated service runs.' },
    client: { control: false },
  },
  render: (args, context) => <RunViewer {...args} taskId={storyRunOf(context).taskId} />,
} satisfies Meta<typeof RunViewer>;
export default meta;
type Story = StoryObj<typeof meta>;

const handOffOf = (canvasElement: HTMLElement) => within(canvasElement).getByRole('region', { name: 'Take control' });

/**
 * A `human_control` call: the reason and instructions, the run's live view read-only (the
 * viewer's own live view gives way to it), one countdown of the call's `timeoutSeconds`, and
 * "Take control".
 */
export const HandOffWaiting: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('button', { name: 'Take control' })).toBeVisible();
    const handOff = handOffOf(canvasElement);
    await expect(within(handOff).getByText('A CAPTCHA blocks the checkout')).toBeVisible();
    await expect(within(handOff).getByText('Tick the box and type the code shown')).toBeVisible();
    await expect(canvasElement.querySelectorAll('iframe')).toHaveLength(1);
    await expect(await canvas.findByText(/^Time left: [45] min$/)).toBeVisible();
    await liveViewConnected(canvasElement);
    await expect(handOff.querySelector('.hitl-control')).toHaveAttribute('data-state', 'waiting');
  },
};

/** Control taken: the live view is interactive for this person, with "Hand back" and "I could not do it" below it. */
export const HandOffHeld: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    const take = await canvas.findByRole('button', { name: 'Take control' });
    await liveViewConnected(canvasElement);
    await userEvent.click(take);
    await waitFor(() => expect(handOffOf(canvasElement).querySelector('.hitl-control')).toHaveAttribute('data-state', 'held'));
    await expect(canvas.getByRole('button', { name: 'Hand back' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Note for the agent (optional)' })).toBeVisible();
  },
};

import type { StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { RunViewer } from '../../src';
import { LOGIN_TASK, releaseSimulator, simulate, startTask, storyRunOf, untilToolCall, withSimulator } from './simulator';

/** The login task, run against the simulated service until it waits for the person's answer. */
export const waitingLogin = simulate({
  setup: async ({ service, clock }) => {
    const run = await startTask(service, LOGIN_TASK);
    await untilToolCall(service, clock, run);
    return run;
  },
});

/** What a language's run story reads: the viewer's region, the badge while waiting, the stop button. */
export interface WaitingRunWords {
  region: string;
  waiting: string;
  stop: string;
}

/**
 * A whole run waiting for the person, shown in the story's language: `words` are what its play
 * expects to read; `more` checks anything else inside the viewer.
 */
export function waitingRunStory(words: WaitingRunWords, more?: (viewer: HTMLElement) => Promise<void>) {
  return {
    loaders: [waitingLogin],
    beforeEach: releaseSimulator,
    decorators: [withSimulator],
    render: (_args, context) => <RunViewer taskId={storyRunOf(context).taskId} pollIntervalMs={250} />,
    play: async ({ canvas }) => {
      const viewer = await canvas.findByRole('region', { name: words.region });
      await waitFor(() => expect(viewer.querySelector('.hitl-run-status-badge')).toHaveTextContent(words.waiting));
      await expect(within(viewer).getByRole('button', { name: words.stop })).toBeVisible();
      await more?.(viewer);
    },
  } satisfies StoryObj;
}

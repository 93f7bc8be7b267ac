import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { Inbox, type InboxProps, type RunStore } from '../../src';
import { InboxObserver } from '../../src/store-entry';
import type { SimulatedService } from '../../src/testing';
import { LOGIN_TASK, releaseSimulator, simulate, startTask, untilToolCall, withSimulator, type StoryClock } from '../support/simulator';

const LIST_TASKS = { method: 'GET', path: '/api/v1/tasks' };

/** `count` login runs, all waiting for their form, and one run still busy. */
async function waitingRuns(service: SimulatedService, clock: StoryClock, count: number) {
  const runs = [];
  for (let index = 0; index < count; index += 1) runs.push(await startTask(service, LOGIN_TASK));
  // Started on the same clock, every run reaches its form at the same step.
  const first = runs[0];
  if (first !== undefined) await untilToolCall(service, clock, first);
  await service.client.createTask({ task: 'Compare lightweight laptops under €1,200', agent: 'BROWSER_AGENT' });
  return undefined;
}

/**
 * Resolves once the store holds what `<Inbox>` shows: the task list's pages and `count` waiting
 * calls, or a failure (which the story then shows, and its `play` names).
 */
function readInbox(store: RunStore, count: number): Promise<void> {
  const observer = new InboxObserver(store, {});
  return new Promise((resolve) => {
    let done = false;
    const check = () => {
      const { count: waiting, error } = observer.getSnapshot();
      if (done || (waiting < count && error === undefined)) return;
      done = true;
      resolve();
      // Once `subscribe` has returned: the first check may run inside it. Unwatched, the store
      // keeps what it read, and the inbox's own watchers poll on from there.
      queueMicrotask(() => off());
    };
    const off = observer.subscribe(check);
    check();
  });
}

const meta = {
  title: 'Runs/Inbox',
  component: Inbox,
  tags: ['autodocs'],
  decorators: [withSimulator],
  beforeEach: releaseSimulator,
  args: { onToolCallWaiting: fn<NonNullable<InboxProps['onToolCallWaiting']>>() },
  argTypes: {
    onOpen: { table: { category: 'Events' } },
    onToolCallWaiting: { table: { category: 'Events' } },
    client: { control: false },
  },
} satisfies Meta<typeof Inbox>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No agent waits: the empty state. */
export const Empty: Story = {
  loaders: [simulate({ setup: ({ service }) => void service.client.createTask({ task: 'Book the Lisbon trip', agent: 'BROWSER_AGENT' }) })],
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Nothing is waiting for you.')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Waiting for you (0)' })).toBeVisible();
  },
};

/** Three runs wait for their login form, one is busy: three items. Arrow keys move, Enter opens the form in place. */
export const WithItems: Story = {
  loaders: [simulate({ setup: ({ service, clock }) => waitingRuns(service, clock, 3) })],
  play: async ({ args, canvas, userEvent }) => {
    const list = await canvas.findByRole('list', { name: 'Tool calls waiting for your answer' });
    const items = within(list).getAllByRole('button');
    await expect(items).toHaveLength(3);
    await expect(canvas.getByRole('heading', { name: 'Waiting for you (3)' })).toBeVisible();
    await expect(args.onToolCallWaiting).toHaveBeenCalledTimes(3);
    await userEvent.tab();
    await expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('textbox', { name: /Username/ })).toHaveFocus();
    // Close shares the submit button's line, after it, without covering it.
    const submit = canvas.getByRole('button', { name: 'Sign in' }).getBoundingClientRect();
    const close = canvas.getByRole('button', { name: 'Close' }).getBoundingClientRect();
    await expect(Math.abs(close.bottom - submit.bottom)).toBeLessThan(2);
    await expect(close.left).toBeGreaterThan(submit.right);
  },
};

/** The task list cannot be loaded: the error, with Retry. */
export const WithError: Story = {
  loaders: [
    simulate({
      setup: ({ service }) => {
        service.faults.inject({ type: 'http-503', match: LIST_TASKS, times: Infinity });
        return undefined;
      },
    }),
  ],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not load the inbox');
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/** Two hundred waiting runs, over seven pages of the task list. */
export const TwoHundredItems: Story = {
  loaders: [
    simulate({
      setup: ({ service, clock }) => waitingRuns(service, clock, 200),
      // Read before the inbox shows, as by an app the person comes back to: otherwise the count
      // climbs to 200 one status (and one render of the list) at a time, over seconds.
      preload: (store) => readInbox(store, 200),
    }),
  ],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Waiting for you (200)' })).toBeVisible();
    const list = canvas.getByRole('list', { name: 'Tool calls waiting for your answer' });
    await expect(within(list).getAllByRole('button')).toHaveLength(200);
  },
};

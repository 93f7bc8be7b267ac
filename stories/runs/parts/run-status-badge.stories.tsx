import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { RunStatusBadge } from '../../../src';

const meta = {
  title: 'Runs/Parts/RunStatusBadge',
  component: RunStatusBadge,
  tags: ['autodocs'],
  args: { status: { status: 'running', detailedStatus: 'processing_page' } },
} satisfies Meta<typeof RunStatusBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

const badge = (canvasElement: HTMLElement) => canvasElement.querySelector('.hitl-run-status-badge');

/** No status yet. */
export const Loading: Story = {
  args: { status: undefined },
  play: async ({ canvasElement }) => {
    await expect(badge(canvasElement)).toHaveTextContent('Loading status…');
    await expect(badge(canvasElement)).toHaveAttribute('data-state', 'loading');
  },
};

/** `running` / `processing_page`: the agent is on a page. */
export const ProcessingPage: Story = {
  play: async ({ canvasElement }) => {
    await expect(badge(canvasElement)).toHaveTextContent('Running — loading a page');
    await expect(badge(canvasElement)).toHaveAttribute('data-state', 'running');
  },
};

/** `tool_call`: a question waits for the person. */
export const WaitingForInput: Story = {
  args: { status: { status: 'running', detailedStatus: 'tool_call' } },
  play: async ({ canvasElement }) => {
    await expect(badge(canvasElement)).toHaveTextContent('Waiting for your input');
    await expect(badge(canvasElement)).toHaveAttribute('data-state', 'waiting');
  },
};

/** An in-progress value other than `running` is shown raw. */
export const Queued: Story = {
  args: { status: { status: 'queued', detailedStatus: 'queued' } },
  play: async ({ canvasElement }) => {
    await expect(badge(canvasElement)).toHaveTextContent('Status: queued');
    await expect(badge(canvasElement)).toHaveAttribute('data-state', 'running');
  },
};

export const Completed: Story = {
  args: { status: { status: 'completed', detailedStatus: 'completed' } },
  play: async ({ canvasElement }) => {
    await expect(badge(canvasElement)).toHaveTextContent('Completed');
    await expect(badge(canvasElement)).toHaveAttribute('data-state', 'completed');
  },
};

export const Failed: Story = {
  args: { status: { status: 'failed', detailedStatus: 'failed' } },
  play: async ({ canvasElement }) => {
    await expect(badge(canvasElement)).toHaveTextContent('Failed');
    await expect(badge(canvasElement)).toHaveAttribute('data-state', 'failed');
  },
};

export const Stopped: Story = {
  args: { status: { status: 'stopped', detailedStatus: 'stopped' } },
  play: async ({ canvasElement }) => {
    await expect(badge(canvasElement)).toHaveTextContent('Stopped');
    await expect(badge(canvasElement)).toHaveAttribute('data-state', 'stopped');
  },
};

/** A value this library does not know is shown raw, with its detail. */
export const UnknownValue: Story = {
  args: { status: { status: 'archived', detailedStatus: 'archived_by_owner' } },
  play: async ({ canvasElement }) => {
    await expect(badge(canvasElement)).toHaveTextContent('Status: archived (archived_by_owner)');
    await expect(badge(canvasElement)).toHaveAttribute('data-state', 'unknown');
    await expect(badge(canvasElement)).toHaveAttribute('data-status', 'archived');
  },
};

/** Agent-made text in a status value is text, isolated in `<bdi>`. */
export const HostileValue: Story = {
  args: { status: { status: '<img src=x onerror=alert(1)>', detailedStatus: '\u202Edelpmoc' } },
  play: async ({ canvasElement }) => {
    await expect(badge(canvasElement)).toHaveTextContent('Status: <img src=x onerror=alert(1)> (\u202Edelpmoc)');
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

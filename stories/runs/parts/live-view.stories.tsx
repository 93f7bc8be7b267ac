import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { LiveView } from '../../../src';
import { liveViewConnected } from '../../support/loaded';
import { livePageUrl } from '../../support/simulator-assets';

const meta = {
  title: 'Runs/Parts/LiveView',
  component: LiveView,
  tags: ['autodocs'],
  args: { url: livePageUrl() },
  // The frame keeps its 16:10 shape at the width it is given.
  decorators: [(Story) => <div style={{ maxWidth: '40rem' }}>{Story()}</div>],
} satisfies Meta<typeof LiveView>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * View-only (the default): the frame is `inert`, out of the tab order and ignores the pointer. On
 * the page's own origin the sandbox leaves out `allow-same-origin`, so the framed page's scripts
 * cannot reach the app.
 */
export const ViewOnly: Story = {
  play: async ({ canvas, canvasElement }) => {
    const frame = canvas.getByTitle('Live view of the run');
    await expect(frame).toHaveAttribute('inert');
    await expect(frame).toHaveAttribute('tabindex', '-1');
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
    await expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
    await expect(canvas.getByText('View only')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Open the live view in a new tab' })).toHaveAttribute('rel', 'noopener noreferrer');
    await liveViewConnected(canvasElement);
  },
};

/** `interactive`: the person can click and type into the agent's page (e.g. to solve a captcha). */
export const Interactive: Story = {
  args: { interactive: true, title: 'The agent’s browser' },
  play: async ({ canvas }) => {
    const frame = canvas.getByTitle('The agent’s browser');
    await expect(frame).not.toHaveAttribute('inert');
    await expect(frame.getAttribute('sandbox')?.split(' ')).toEqual(['allow-scripts', 'allow-forms']);
    await expect(canvas.queryByText('View only')).not.toBeInTheDocument();
  },
};

/** An address that is not http(s) (here `javascript:`) is never framed or linked. */
export const Unavailable: Story = {
  args: { url: 'javascript:alert(document.cookie)' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Live view unavailable')).toBeVisible();
    await expect(canvasElement.querySelector('iframe')).toBeNull();
    await expect(canvasElement.querySelector('a')).toBeNull();
  },
};

/** The frame did not load in time (`loadTimeoutMs`); an automatic reconnect is scheduled, and said so. */
export const Reconnecting: Story = {
  args: { loadTimeoutMs: 1, autoReconnectAttempts: 3, reconnectDelayMs: 60_000 },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('The live view is not responding. Reconnecting (attempt 1 of 3)…')).toBeVisible();
  },
};

/** No automatic attempt left: the person is told, and "Reconnect" starts over. */
export const NotResponding: Story = {
  args: { loadTimeoutMs: 1, autoReconnectAttempts: 0 },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expect(await canvas.findByText('The live view is not responding.')).toBeVisible();
    await expect(canvasElement.querySelector('.hitl-live-view')).toHaveAttribute('data-state', 'failed');
    await userEvent.click(canvas.getByRole('button', { name: 'Reconnect' }));
    await expect(canvas.getByTitle('Live view of the run')).toHaveAttribute('src', args.url);
  },
};

/**
 * The address does not answer (the service is down): the browser loads only its own error page
 * and fires `load` all the same. The address is asked once the frame loads; no answer means the
 * words "cannot be reached" instead of the browser's broken-page icon.
 */
export const Unreachable: Story = {
  // Nothing listens on the discard port: the connection is refused at once.
  args: { url: 'http://127.0.0.1:9/live', autoReconnectAttempts: 0 },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText('The live view cannot be reached.', {}, { timeout: 2000 })).toBeVisible();
    await expect(canvasElement.querySelector('.hitl-live-view')).toHaveAttribute('data-state', 'failed');
    await expect(canvasElement.querySelector('iframe')).toBeNull();
  },
};

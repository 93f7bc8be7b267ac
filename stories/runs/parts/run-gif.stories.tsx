import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { RunGif } from '../../../src';
import { imageLoaded } from '../../support/loaded';
import { recordingUrl } from '../../support/simulator-assets';

const meta = {
  title: 'Runs/Parts/RunGif',
  component: RunGif,
  tags: ['autodocs'],
  args: { gif: { status: 'completed', url: recordingUrl() } },
} satisfies Meta<typeof RunGif>;
export default meta;
type Story = StoryObj<typeof meta>;

const stateOf = (canvasElement: HTMLElement) => canvasElement.querySelector('.hitl-run-gif')?.getAttribute('data-state');

/** The recording, with a link to open it in a new tab. */
export const Completed: Story = {
  play: async ({ args, canvas }) => {
    const image = canvas.getByRole<HTMLImageElement>('img', { name: 'Recording of the run' });
    await expect(image).toHaveAttribute('src', args.gif?.url);
    await expect(image).toHaveAttribute('referrerpolicy', 'no-referrer');
    await imageLoaded(image);
    await expect(image.naturalWidth).toBeGreaterThan(0);
    await expect(canvas.getByRole('link', { name: 'Open the recording in a new tab' })).toHaveAttribute('href', args.gif?.url);
  },
};

/** No GIF status yet. */
export const Loading: Story = {
  args: { gif: undefined },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Loading the recording…')).toBeVisible();
    await expect(stateOf(canvasElement)).toBe('loading');
  },
};

/** The service is still making it. */
export const Pending: Story = {
  args: { gif: { status: 'pending', url: '' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('The recording is being prepared…')).toBeVisible();
  },
};

/** The service says it will not come. */
export const Failed: Story = {
  args: { gif: { status: 'failed', url: '' } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('No recording is available (failed).')).toBeVisible();
    await expect(stateOf(canvasElement)).toBe('failed');
  },
};

/** A `javascript:` address is never used as an image source or a link. */
export const UnsafeUrl: Story = {
  args: { gif: { status: 'completed', url: 'javascript:alert(document.cookie)' } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('The recording cannot be shown: its address is not a web address.')).toBeVisible();
    await expect(canvasElement.querySelector('img, a')).toBeNull();
  },
};

/** The image did not load (here the address does not exist): a note replaces it, the link stays. */
export const ImageError: Story = {
  args: { gif: { status: 'completed', url: new URL('/hitl-sim/missing-recording.gif', window.location.origin).href } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('The recording could not be loaded.', {}, { timeout: 2000 })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Open the recording in a new tab' })).toBeInTheDocument();
  },
};

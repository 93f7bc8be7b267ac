import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

function Probe({ label }: { label: string }) {
  return <button type="button">{label}</button>;
}
const meta = { title: 'Probe', component: Probe, args: { label: 'Hello' } } satisfies Meta<typeof Probe>;
export default meta;
export const Basic: StoryObj<typeof meta> = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Hello' })).toBeVisible();
  },
};

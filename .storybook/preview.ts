import type { Preview } from '@storybook/react-vite';
import '../src/styles.css';

const preview: Preview = {
  tags: ['autodocs'],
  parameters: {
    // Every story is checked with axe; any violation fails the story's test.
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
};

export default preview;

import type { Preview } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import libraryCss from '../src/styles.css?inline';

/**
 * The library's stylesheet, in a `<style>` of its own rather than mixed into the catalogue's
 * bundle, so a story can switch exactly it off (`parameters: { libraryStyles: false }`) and show
 * the components as an app that does not import `hitl-react/styles.css` sees them.
 */
function libraryStylesheet(): HTMLStyleElement {
  const id = 'hitl-react-styles';
  // Found again when this module is re-run by hot reload, so the page never holds two copies.
  const existing = document.getElementById(id);
  const element = existing instanceof HTMLStyleElement ? existing : document.createElement('style');
  element.id = id;
  element.textContent = libraryCss;
  if (element.parentNode === null) document.head.append(element);
  return element;
}
const stylesheet = libraryStylesheet();

// A story's state shows within 2 s (test/node/story-waits.test.ts holds every wait to that), and a
// `find…` or `waitFor` that names no bound gets the same instead of Testing Library's 1 s: what a
// story loads on demand (ajv for a JSON editor) comes from the dev server, which shares the machine
// with the rest of the suite.
configure({ asyncUtilTimeout: 2000 });

const preview: Preview = {
  tags: ['autodocs'],
  parameters: {
    // Every story is checked with axe; any violation fails the story's test.
    a11y: { test: 'error' },
    controls: { expanded: true },
    options: {
      storySort: {
        order: [
          'Introduction',
          'Guides',
          [
            'Getting started',
            'The proxy',
            'Many operators',
            'Teams and audit',
            'Your design system',
            'Every agent framework',
            'Durable engines',
            'One inbox and notifications',
            'Answer from Slack and e-mail',
            'Components and hooks',
            'Styling',
            'Languages',
            'Testing your app',
            'Limits and security',
            'Performance',
          ],
          'Forms',
          'Runs',
          'Sources',
          'Notifications',
          'Theming',
        ],
      },
    },
  },
  beforeEach({ parameters }) {
    if (parameters.libraryStyles !== false) return undefined;
    stylesheet.disabled = true;
    // Runs before the next story renders, so the stylesheet is off for this story only.
    return () => {
      stylesheet.disabled = false;
    };
  },
};

export default preview;

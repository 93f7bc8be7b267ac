import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// A `find…` or `waitFor` waits for something to appear: bounded against a freeze, not a busy machine
// (Testing Library's 1 s default ran out while a loaded machine still loaded a lazy part).
configure({ asyncUtilTimeout: 30_000 });

// jsdom has no BroadcastChannel of its own: the one its windows see is Node's, shared by every
// window of the process and its workers, so the stores of unrelated tests would elect one leader
// between them. Without it a store runs alone, as in a browser with one tab (test/node/store fakes
// the tabs, and the e2e tests open real ones).
Reflect.deleteProperty(globalThis, 'BroadcastChannel');

// Drafts and cross-tab records live in the page's storage, which jsdom keeps for a whole file:
// every test starts without any.
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

// `<RunViewer>` loads its form as a chunk of its own when a run first shows a pending call; under a
// fake clock nothing would wait for that load. It is loaded here, as in a browser that has the chunk
// cached. The load itself is tested in Chromium (stories/runs/run-viewer.stories.tsx, test/e2e).
await import('../src/components/tool-call-prompt');

import { expectNoAxeViolations } from '../axe';

// Captured when this module loads, before a test installs the fake clock.
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

/**
 * `expectNoAxeViolations` under fake timers. axe paces its work with `setTimeout` (1 ms steps),
 * which a fake clock would only fire by moving time, and moving time would fire the store's polls
 * in the middle of the check. So the real timers stand in while axe runs; nothing else runs then.
 */
export async function expectAccessible(container: Element): Promise<void> {
  const fakeSetTimeout = globalThis.setTimeout;
  const fakeClearTimeout = globalThis.clearTimeout;
  globalThis.setTimeout = realSetTimeout;
  globalThis.clearTimeout = realClearTimeout;
  try {
    await expectNoAxeViolations(container);
  } finally {
    globalThis.setTimeout = fakeSetTimeout;
    globalThis.clearTimeout = fakeClearTimeout;
  }
}

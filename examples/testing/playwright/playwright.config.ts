/**
 * The Playwright config of the example (`npx playwright test -c examples/testing/playwright`).
 * Our suite runs it from test/e2e/testing-helpers.test.ts.
 */
import { defineConfig } from 'playwright/test';
import { chromiumLaunchOptions } from '../../../scripts/lib/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  // This repository drives Debian's Chromium and never downloads a browser; your project may use
  // Playwright's own (`npx playwright install chromium`) and leave `launchOptions` out.
  use: { browserName: 'chromium', launchOptions: chromiumLaunchOptions },
});

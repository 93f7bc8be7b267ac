/**
 * An agent's catastrophic `pattern` in real Chromium: a page bundled with esbuild from the source
 * renders `<ToolCallForm>` with `^(a+)+$`; the person types 40 × "a" and "!" and submits. The
 * backtracking engine would take hours on that value (it doubles with each "a"); the form must
 * show its error at once, with no main-thread task over FREEZE_MS. Chromium also checks the linear
 * matcher against its own engine on syntax Node 20's engine lacks (modifiers, duplicate group names).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium';
import { bundleSourcePage, serveSourcePage } from './source-page';

/**
 * No task longer than this while typing or submitting. The freeze guarded against is the backtracking
 * engine on 40 × "a" and "!": hours (it doubles with each "a"). The linear matcher takes a few ms, but
 * on a busy machine (two cores, a load average of 8) a task is stretched past 200 ms: a bound that low
 * would time the machine. The figures are printed.
 */
const FREEZE_MS = 2000;
const HOSTILE = '^(a+)+$';

/** The page: the form, what it submitted, the longest task seen, and the linear compiler for checks. */
const ENTRY = `
import { createRoot } from 'react-dom/client';
import { ToolCallForm } from './src';
import { compileLinearPattern } from './src/utils';

window.longestTaskMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.longestTaskMs = Math.max(window.longestTaskMs, entry.duration);
}).observe({ type: 'longtask', buffered: true });
window.compileLinearPattern = compileLinearPattern;
window.submitted = [];

const parameters = { heading: 'Hostile', fields: [{ type: 'text', label: 'Code', pattern: ${JSON.stringify(HOSTILE)} }] };
createRoot(document.getElementById('root')).render(
  <ToolCallForm parameters={parameters} onSubmit={(answer) => { window.submitted.push(answer); }} />,
);
`;

interface HostilePage {
  longestTaskMs: number;
  submitted: unknown[];
  compileLinearPattern: (source: string, flags: string) => { test(value: string): boolean } | { unsupported: string };
}

describe('a hostile pattern in Chromium', () => {
  let server: Server | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await serveSourcePage(await bundleSourcePage(ENTRY, 'hostile-page.tsx'), 'Hostile pattern');
    browser = await chromium.launch(chromiumLaunchOptions);
    page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.getByRole('textbox', { name: 'Code' }).waitFor({ timeout: 30_000 });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => (server === undefined ? done(undefined) : server.close(done)));
  });

  it('refuses 40 × "a" and "!" at once, with no long task, and no pattern attribute for the browser to run', async () => {
    const input = page.getByRole('textbox', { name: 'Code' });
    expect(await input.getAttribute('pattern')).toBeNull();
    // Loading and mounting the page are not what is measured.
    await page.evaluate(() => ((window as unknown as HostilePage).longestTaskMs = 0));
    await input.pressSequentially(`${'a'.repeat(40)}!`);

    // The submit, validation included, runs within the click.
    const submitMs = await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>('button[type="submit"]');
      const started = performance.now();
      button?.click();
      return performance.now() - started;
    });
    await page.getByText('Must match the requested format').waitFor({ timeout: 10_000 });
    // Once the error shows, each key checks the value again.
    await input.press('!');
    await input.press('Backspace');

    const state = await page.evaluate(() => {
      const own = window as unknown as HostilePage;
      return { longestTaskMs: own.longestTaskMs, submitted: own.submitted.length };
    });
    console.info(`hostile pattern: submit ${submitMs} ms, longest task ${state.longestTaskMs} ms`);
    expect(submitMs, 'submit, ms').toBeLessThanOrEqual(FREEZE_MS);
    expect(state.longestTaskMs, 'longest task, ms').toBeLessThanOrEqual(FREEZE_MS);
    expect(state.submitted).toBe(0);
    expect(await input.getAttribute('aria-invalid')).toBe('true');

    // Fixed, it goes through.
    await input.fill('a'.repeat(40));
    await page.getByRole('button', { name: /submit/i }).click();
    await page.waitForFunction(() => (window as unknown as HostilePage).submitted.length === 1);
    expect(pageErrors).toEqual([]);
  });

  it('agrees with Chromium’s engine on modifiers, duplicate group names and a repeated [^] with v', async () => {
    const cases: [string, string, string[]][] = [
      ['(?i:a)b', 'v', ['ab', 'Ab', 'aB', 'AB']],
      ['(?i:[a-z]+)-(?-i:x)', 'v', ['AbC-x', 'abc-X', 'abc-x']],
      ['(?i:k)', 'u', ['k', 'K', '\u212a']],
      ['(?i:k)', '', ['k', 'K', '\u212a']],
      ['(?s:.)+.', 'v', ['a\nb', '\n\n', 'ab']],
      ['a(?m:$)\nb(?m:^)', 'v', ['a\nb', 'ab']],
      ['(?m:a$\n^b)', 'v', ['a\nb', 'ab']],
      ['(?i:\\b)\u017f\\B', 'u', ['\u017f', 's']],
      ['(?<x>a)|(?<x>b)', 'v', ['a', 'b', 'ab']],
      ['[^]*', 'v', ['', 'a', 'ab\n']],
      ['(?:[^]+)*x', 'v', ['ax', 'x', 'a']],
      ['[\\q{ab|a}]b(?i:[\\q{CD}])', 'v', ['abcd', 'aabCD', 'abb']],
      ['\\p{RGI_Emoji}+', 'v', ['👍🏽🇫🇷', '👩🏻‍❤️‍💋‍👨🏼', 'a']],
    ];
    const disagreements = await page.evaluate((all) => {
      const own = window as unknown as HostilePage;
      const found: string[] = [];
      for (const [pattern, flags, values] of all) {
        const linear = own.compileLinearPattern(pattern, flags);
        if ('unsupported' in linear) {
          found.push(`/${pattern}/${flags}: ${linear.unsupported}`);
          continue;
        }
        for (const value of values) {
          const native = new RegExp(`^(?:${pattern})$`, flags).test(value);
          if (linear.test(value) !== native) found.push(`/${pattern}/${flags} on ${JSON.stringify(value)}: native ${String(native)}`);
        }
      }
      return found;
    }, cases);
    expect(disagreements).toEqual([]);
  });
});

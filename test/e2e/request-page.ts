/**
 * A page that renders `<HumanRequestPrompt>` from the source (with the library's styles), one
 * request after another, in Debian's Chromium: the test's Node process holds the real framework,
 * shows each request it makes, and gets back every `onAnswer` the person's clicks and the
 * deadlines give.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium';
import type { HumanAnswer, HumanRequest } from '../../src/request';
import { bundleSourcePage, serveSourcePage } from './source-page';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A wait that only a frozen page or framework would exceed (a person's step takes tens of milliseconds). */
export const WAIT = { timeout: 15_000 };

/**
 * `onAnswer` goes back to the test, whose promise it returns: the prompt says "Answer sent." once
 * the test's side has the answer, as it would once a framework took it.
 */
const ENTRY = `
import { createRoot } from 'react-dom/client';
import { HumanRequestPrompt } from './src';

const root = createRoot(document.getElementById('root'));
window.showRequest = (request) => {
  root.render(
    <main>
      <h1>Agent requests</h1>
      <HumanRequestPrompt key={request.id} request={request} onAnswer={(answer) => window.reportAnswer(answer)} />
    </main>,
  );
};
`;

/** What a test file works with, once `useRequestPage`'s `beforeAll` ran. */
export interface RequestPage {
  readonly page: Page;
  /** Shows `request` in place of the one before and resolves with the answer it gets (the person's, or the deadline's). */
  ask(request: HumanRequest): Promise<HumanAnswer>;
  /**
   * Waits for the request's region (named by its heading), checks that each of `agentTexts` is on
   * it word for word (agent-made markup stays text) and that axe finds nothing; returns the region.
   */
  shown(heading: string, agentTexts?: string[]): Promise<Locator>;
  /** Axe's violations on the page as it is now, by rule id. */
  axeViolations(): Promise<string[]>;
}

/** Elements agent-made text would become if it were rendered as HTML. */
const INJECTED = 'b, i, img, script, iframe, object, embed, [onerror]';

/**
 * The page's server, Chromium and its one page, started before the file's tests and stopped after
 * them; each test checks that no answer came unasked or twice, and that the page threw nothing.
 */
export function useRequestPage(): RequestPage {
  let server: Server | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  const waiting = new Map<string, (answer: HumanAnswer) => void>();
  const unexpected: unknown[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    const [script, styles] = await Promise.all([
      bundleSourcePage(ENTRY, 'agent-frameworks.tsx', { minify: true }),
      build({ entryPoints: [resolve(import.meta.dirname, '../../src/styles.css')], bundle: true, write: false, logLevel: 'error' }),
    ]);
    server = await serveSourcePage(script, 'Agent requests');
    browser = await chromium.launch(chromiumLaunchOptions);
    page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.exposeFunction('reportAnswer', (answer: HumanAnswer) => {
      const settle = waiting.get(answer.requestId);
      if (settle === undefined) unexpected.push(answer);
      waiting.delete(answer.requestId);
      settle?.(answer);
    });
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.addStyleTag({ content: styles.outputFiles[0]?.text ?? '' });
    await page.waitForFunction(() => typeof (window as unknown as { showRequest?: unknown }).showRequest === 'function');
  });

  afterEach(() => {
    // Exactly once: an answer nobody waits for is a second one, or one to a request not shown.
    expect(unexpected.splice(0)).toEqual([]);
    expect(pageErrors.splice(0)).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => (server === undefined ? done(undefined) : server.close(done)));
  });

  const current = (): Page => {
    if (page === undefined) throw new Error('The request page is used before its beforeAll ran.');
    return page;
  };
  const axeViolations = async () => {
    const on = current();
    if (!(await on.evaluate(() => 'axe' in window))) await on.addScriptTag({ content: axeSource });
    return on.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Array<{ id: string }> }> } }
      ).axe;
      const results = await axe.run(document, { resultTypes: ['violations'] });
      return results.violations.map((violation) => violation.id);
    });
  };

  return {
    get page() {
      return current();
    },
    async ask(request) {
      const answered = new Promise<HumanAnswer>((settle) => waiting.set(request.id, settle));
      await current().evaluate((shown) => (window as unknown as { showRequest(request: unknown): void }).showRequest(shown), request);
      return answered;
    },
    async shown(heading, agentTexts = []) {
      const region = current().getByRole('region', { name: heading, exact: true });
      await region.waitFor(WAIT);
      for (const text of agentTexts) await region.getByText(text, { exact: true }).first().waitFor(WAIT);
      expect(await current().locator('#root').locator(INJECTED).count(), 'elements made of agent text').toBe(0);
      expect(await axeViolations()).toEqual([]);
      return region;
    },
    axeViolations,
  };
}

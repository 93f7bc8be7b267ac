/**
 * Forms an agent may send to stall the page, in real Chromium: a 10,000-option select, radio group,
 * multiple select and checkbox group (each an option listbox, src/components/form-view/option-listbox.tsx). A
 * page bundled with esbuild from the source, with the library's stylesheet, mounts the form; the
 * person opens, filters, chooses by keyboard and mouse, scrolls and submits. No main-thread task
 * may exceed FREEZE_MS from the mount to the answer, and the answer must be right. The figures
 * (each step's longest task, the keystrokes) are printed at the end; the bounds catch a freeze only.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium';

const repoRoot = resolve(import.meta.dirname, '../..');
/**
 * No task longer than this while showing and answering the form. The freeze guarded against is
 * rendering every option: the small controls took 0.9–7.1 s for 10,000 options, and a list that
 * renders them all also fails the row counts below (at most 50 options in the DOM). The steps
 * themselves take tens of milliseconds, but on a busy machine (two cores, a load average of 8) a
 * 100 ms task is stretched past 200 ms: a bound of a frame or a few would time the machine. The
 * printed figures are the page's; 200 ms and a frame per keystroke are the goals, not bounds here.
 */
const FREEZE_MS = 2000;
/**
 * A filter keystroke over 10,000 labels, the search and the render of the new rows; a key press
 * among 10,000 checkboxes. Rendering the whole list again on a key is the freeze (seconds, as
 * above); a keystroke takes a few ms, printed at the end.
 */
const KEYSTROKE_MS = FREEZE_MS;
const COUNT = 10_000;

/**
 * The page: a long-task observer from the start, the parameters built ahead, and `mount()`, which
 * the test calls once it has reset the longest task, so that only the form is measured.
 */
const ENTRY = `
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ToolCallForm } from './src';
import './src/styles.css';

window.longestTaskMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.longestTaskMs = Math.max(window.longestTaskMs, entry.duration);
}).observe({ type: 'longtask', buffered: true });
window.submitted = [];

const many = (value) => Array.from({ length: ${COUNT} }, (_, i) => ({ label: 'Item ' + i, value: value(i) }));
const parameters = {
  heading: 'Large options',
  fields: [
    { type: 'select', label: 'City', required: true, options: many((i) => 's' + i) },
    { type: 'radio', label: 'Seat', required: true, options: many((i) => i * 10) },
    { type: 'select', multiple: true, label: 'Extras', options: many((i) => (i % 2 === 0 ? i : 'm' + i)) },
    { type: 'checkbox', label: 'Toppings', options: many((i) => 'c' + i) },
  ],
};

window.mount = () => {
  const started = performance.now();
  flushSync(() =>
    createRoot(document.getElementById('root')).render(
      <ToolCallForm parameters={parameters} allowResubmit onSubmit={(answer) => { window.submitted.push(answer); }} />,
    ),
  );
  return performance.now() - started;
};

/** Types \`text\` into the input as the browser does, one input event per character; the time of each. */
window.timeTyping = (input, text) => {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  return Array.from(text, (_, i) => {
    const started = performance.now();
    setValue.call(input, text.slice(0, i + 1));
    input.dispatchEvent(new InputEvent('input', { bubbles: true, data: text[i], inputType: 'insertText' }));
    return performance.now() - started;
  });
};

/**
 * Presses each of \`keys\` in the input, the time of each from the keydown to the end of React's
 * render of it (flushSync: a keydown's update is otherwise rendered in a microtask, after the measure).
 */
window.timeKeys = (input, keys) =>
  keys.map((key) => {
    const started = performance.now();
    flushSync(() => input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));
    return performance.now() - started;
  });
`;

interface LargeOptionsPage {
  longestTaskMs: number;
  submitted: Array<Array<{ label: string; value: unknown }>>;
  mount: () => number;
  timeTyping: (input: HTMLInputElement, text: string) => number[];
  timeKeys: (input: HTMLInputElement, keys: string[]) => number[];
}

async function bundle(): Promise<{ script: string; styles: string }> {
  const result = await build({
    stdin: { contents: ENTRY, loader: 'tsx', resolveDir: repoRoot, sourcefile: 'large-options-page.tsx' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    outdir: 'out',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const text = (extension: string) => result.outputFiles.find((file) => file.path.endsWith(extension))?.text ?? '';
  return { script: text('.js'), styles: text('.css') };
}

async function serve({ script, styles }: { script: string; styles: string }): Promise<Server> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Large options</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/app.css"></head>
<body><div id="root"></div><script type="module" src="/app.js"></script></body></html>`;
  const server = createServer((request, response) => {
    const [type, body] =
      request.url === '/app.js' ? ['text/javascript', script] : request.url === '/app.css' ? ['text/css', styles] : ['text/html', html];
    response.writeHead(200, { 'content-type': `${type}; charset=utf-8` });
    response.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return server;
}

/** The longest task since the last call, and a fresh start for the next. */
async function takeLongestTask(page: Page): Promise<number> {
  return page.evaluate(() => {
    const own = window as unknown as LargeOptionsPage;
    const longest = own.longestTaskMs;
    own.longestTaskMs = 0;
    return longest;
  });
}

describe('10,000 options in Chromium', () => {
  let server: Server | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const pageErrors: string[] = [];
  /** The longest task of each step, and other figures, printed at the end. */
  const figures: Record<string, number> = {};

  beforeAll(async () => {
    server = await serve(await bundle());
    browser = await chromium.launch(chromiumLaunchOptions);
    page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => typeof (window as unknown as Partial<LargeOptionsPage>).mount === 'function', undefined, {
      timeout: 30_000,
    });
  });

  afterAll(async () => {
    console.info(`large options, ms: ${JSON.stringify(figures)}`);
    await browser?.close();
    await new Promise((done) => (server === undefined ? done(undefined) : server.close(done)));
  });

  it('mounts, opens, filters, chooses, scrolls and submits with no task over FREEZE_MS', async () => {
    await takeLongestTask(page);
    figures.mount = await page.evaluate(() => (window as unknown as LargeOptionsPage).mount());
    const city = page.getByRole('combobox', { name: 'City' });
    const seat = page.getByRole('combobox', { name: 'Seat' });
    const extras = page.getByRole('combobox', { name: 'Extras' });
    await extras.waitFor();
    // A frame after the mount, so its layout and paint are in the measure.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
    figures.mountLongestTask = await takeLongestTask(page);

    // A refused submit: focus lands on the first required field.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => city.evaluate((element) => element === document.activeElement), { timeout: 10_000 }).toBe(true);
    expect(await city.getAttribute('aria-invalid')).toBe('true');
    figures.refusedSubmitLongestTask = await takeLongestTask(page);

    // Select: open by click, filter, arrows, Enter.
    figures.open = await city.evaluate((input) => {
      const started = performance.now();
      (input as HTMLInputElement).click();
      return performance.now() - started;
    });
    expect(await page.getByRole('listbox', { name: 'City' }).getByRole('option').count()).toBeLessThanOrEqual(50);
    figures.openLongestTask = await takeLongestTask(page);
    await city.pressSequentially('item 999');
    await city.press('ArrowDown');
    await city.press('Enter');
    expect(await city.inputValue()).toBe('Item 9990');
    // A click selects the chosen label, so typing searches afresh rather than after it.
    await city.click();
    await city.pressSequentially('item 9991');
    await city.press('Enter');
    expect(await city.inputValue()).toBe('Item 9991');
    figures.selectLongestTask = await takeLongestTask(page);

    // Radio group: typing opens the list; End and PageUp travel; Enter chooses.
    await seat.focus();
    await seat.pressSequentially('4242');
    await seat.press('Enter');
    expect(await seat.inputValue()).toBe('Item 4242');
    await seat.press('Control+a');
    await seat.press('Backspace');
    await seat.press('End');
    await seat.press('PageUp');
    await seat.press('Enter');
    expect(await seat.inputValue()).toBe('Item 9992');
    figures.radioLongestTask = await takeLongestTask(page);

    // Multiple select: Enter toggles, a click toggles, the list stays open; a scroll renders the rows in view.
    await extras.click();
    const listbox = page.getByRole('listbox', { name: 'Extras' });
    await extras.pressSequentially('item 12');
    await extras.press('ArrowDown');
    await extras.press('ArrowDown');
    await extras.press('Enter');
    await listbox.getByRole('option', { name: 'Item 12', exact: true }).click();
    await extras.press('Escape');
    await extras.press('Escape');
    await extras.press('ArrowDown');
    await listbox.evaluate((element) => (element.scrollTop = element.scrollHeight / 2));
    const middle = listbox.getByRole('option', { name: 'Item 5000', exact: true });
    await middle.waitFor();
    expect(await listbox.getByRole('option').count()).toBeLessThanOrEqual(50);
    // The row rendered for the middle of the list is where the list shows it.
    const [listBox, rowBox] = await Promise.all([listbox.boundingBox(), middle.boundingBox()]);
    expect(rowBox!.y).toBeGreaterThanOrEqual(listBox!.y);
    expect(rowBox!.y + rowBox!.height).toBeLessThanOrEqual(listBox!.y + listBox!.height + 1);
    await middle.click();
    expect(await extras.getAttribute('aria-expanded')).toBe('true');
    figures.multipleLongestTask = await takeLongestTask(page);

    await extras.press('Tab');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForFunction(() => (window as unknown as LargeOptionsPage).submitted.length === 1);
    figures.submitLongestTask = await takeLongestTask(page);

    const submitted = await page.evaluate(() => (window as unknown as LargeOptionsPage).submitted[0]);
    expect(submitted).toEqual([
      { label: 'City', value: 's9991' },
      { label: 'Seat', value: 99920 },
      { label: 'Extras', value: [12, 'm121', 5000] },
      { label: 'Toppings', value: [] },
    ]);
    for (const [step, ms] of Object.entries(figures)) {
      if (step.endsWith('LongestTask')) expect(ms, `${step}, ms`).toBeLessThanOrEqual(FREEZE_MS);
    }
    expect(pageErrors).toEqual([]);
  });

  it('filters 10,000 labels per keystroke without freezing the page', async () => {
    const city = page.getByRole('combobox', { name: 'City' });
    await city.click();
    await takeLongestTask(page);
    // Each keystroke narrows from all 10,000 the first time (the lower-case labels are made then).
    const times = await city.evaluate((input) =>
      (window as unknown as LargeOptionsPage).timeTyping(input as HTMLInputElement, 'item 1234'),
    );
    const sorted = [...times].sort((a, b) => a - b);
    figures.filterKeystrokeMedian = sorted[Math.floor(sorted.length / 2)] ?? NaN;
    figures.filterKeystrokeMax = sorted[sorted.length - 1] ?? NaN;
    figures.filterLongestTask = await takeLongestTask(page);
    expect(await page.getByRole('listbox', { name: 'City' }).getByRole('option').count()).toBe(1);
    expect(figures.filterKeystrokeMedian, 'median keystroke, ms').toBeLessThan(KEYSTROKE_MS);
    expect(figures.filterLongestTask, 'longest task, ms').toBeLessThanOrEqual(FREEZE_MS);
  });

  it('answers each key press among 10,000 checkboxes without freezing the page', async () => {
    const toppings = page.getByRole('combobox', { name: 'Toppings' });
    await toppings.focus();
    await takeLongestTask(page);
    // Open; travel to the end and back by page and by row; toggle two; close and clear the search.
    const keys = ['ArrowDown', 'End', 'PageUp', 'ArrowUp', 'Enter', 'Home', 'PageDown', 'ArrowDown', ' ', 'ArrowDown', 'Enter', 'Escape'];
    const times = await toppings.evaluate(
      (input, pressed) => (window as unknown as LargeOptionsPage).timeKeys(input as HTMLInputElement, pressed),
      keys,
    );
    figures.keyPressMax = Math.max(...times);
    figures.keyPressMedian = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? NaN;
    figures.keysLongestTask = await takeLongestTask(page);
    expect(await toppings.getAttribute('aria-expanded')).toBe('false');
    // "Item 9991" (End, PageUp, ArrowUp), "Item 8" (Home, PageDown, ArrowDown), then "Item 9": chosen in option order.
    const summaryId = (await toppings.getAttribute('aria-describedby'))?.split(' ').at(-1);
    expect(await page.locator(`[id="${summaryId}"]`).textContent()).toBe('3 chosen: Item 8, Item 9, Item 9991');
    expect(figures.keyPressMax, 'slowest key press, ms').toBeLessThan(KEYSTROKE_MS);
    expect(figures.keysLongestTask, 'longest task, ms').toBeLessThanOrEqual(FREEZE_MS);
  });
});

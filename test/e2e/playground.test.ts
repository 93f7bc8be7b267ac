/**
 * The playground (`npm start`) in Debian's Chromium, used the way a person uses it: check the key,
 * create a task, answer the agent's form, watch the run end, approve a purchase, stop another run,
 * page through the tasks. Throughout, the API key must never reach the browser.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { startPlayground, type Playground } from '../../scripts/start';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium';
import { axeViolations } from './axe';

// Distinctive, so any copy of it anywhere is found by a plain substring search.
const API_KEY = 'sk_playground_e2e_Q7vX2mL9';
const WAIT = { timeout: 30_000 };

/** Waits until the element shows the text (the locator's own waiting, not a fixed pause). */
async function waitForText(locator: Locator, text: string | RegExp): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor(WAIT);
}

/**
 * Watches one page for the API key: every request's URL and headers, every console line and page
 * error, and at the end the page's and its frames' content.
 */
function watchForKey(page: Page) {
  const requests: Array<Promise<{ url: string; headers: Record<string, string> }>> = [];
  const consoleLines: string[] = [];
  page.on('request', (request) => {
    requests.push(
      request.allHeaders().then(
        (headers) => ({ url: request.url(), headers }),
        () => ({ url: request.url(), headers: request.headers() }),
      ),
    );
  });
  page.on('console', (message) => consoleLines.push(message.text()));
  page.on('pageerror', (error) => consoleLines.push(`${error.name}: ${error.message}`));
  return {
    requests: () => Promise.all(requests),
    async expectNoKey(): Promise<void> {
      for (const request of await Promise.all(requests)) {
        expect(request.url).not.toContain(API_KEY);
        expect(Object.keys(request.headers)).not.toContain('x-api-key');
        for (const value of Object.values(request.headers)) expect(value).not.toContain(API_KEY);
      }
      expect(await page.content()).not.toContain(API_KEY);
      for (const frame of page.frames()) {
        expect(await frame.content().catch(() => '')).not.toContain(API_KEY);
      }
      for (const line of consoleLines) expect(line).not.toContain(API_KEY);
    },
  };
}

// Every test opens its own page in its own browser context and makes the tasks it needs, so the
// tests pass in any order and alone (`vitest --sequence.shuffle`).
describe('the playground in Chromium', () => {
  let playground: Playground | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let watch: ReturnType<typeof watchForKey>;
  let viteCacheDir: string | undefined;

  beforeAll(async () => {
    // A cache of its own: other tests may start the playground at the same time.
    viteCacheDir = await mkdtemp(join(tmpdir(), 'hitl-playground-vite-'));
    playground = await startPlayground({
      port: 0,
      simulatorPort: 0,
      apiKey: API_KEY,
      timeScale: 0.1,
      viteLogLevel: 'warn',
      viteCacheDir,
      // Other work may touch files meanwhile (a build rewrites generated ones): no reloads mid-test.
      hotReload: false,
      log: () => undefined,
    });
    browser = await chromium.launch(chromiumLaunchOptions);
  });

  afterAll(async () => {
    await browser?.close();
    await playground?.close();
    if (viteCacheDir !== undefined) await rm(viteCacheDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    const context = await (browser as Browser).newContext();
    page = await context.newPage();
    watch = watchForKey(page);
    await page.goto((playground as Playground).url);
    await page.getByRole('heading', { level: 1, name: 'hitl-react playground' }).waitFor(WAIT);
  });

  afterEach(async () => {
    // Whatever a test did, the key never reached its page.
    await watch.expectNoKey();
    await page.context().close();
  });

  /** Creates a task from one of the example buttons and returns its run region. */
  async function createFromExample(example: string, instruction: string): Promise<Locator> {
    const newTask = page.getByRole('region', { name: 'New task' });
    await newTask.getByRole('group', { name: 'Examples' }).getByRole('button', { name: example, exact: true }).click();
    await newTask.getByRole('button', { name: 'Create task' }).click();
    return page.getByRole('region', { name: instruction });
  }

  it('has its landmarks and labelled regions and no axe violations on arrival, and checks the key through the proxy', async () => {
    await page.getByRole('banner').waitFor(WAIT);
    await page.getByRole('main').waitFor(WAIT);
    for (const name of ['API key', 'New task', 'Tasks', 'Selected task']) {
      await page.getByRole('region', { name, exact: true }).waitFor(WAIT);
    }
    // The demo tasks are listed before anything is checked.
    await page.getByRole('navigation', { name: 'Task pages' }).waitFor(WAIT);
    expect(await axeViolations(page)).toEqual([]);

    // One page load for both: the dev server takes seconds to serve the page's modules.
    const region = page.getByRole('region', { name: 'API key' });
    await expect(region.getByRole('status').textContent()).resolves.toBe('Not checked yet.');
    await region.getByRole('button', { name: 'Check the key' }).click();
    await waitForText(region.getByRole('status'), 'Key accepted');
  });

  it('creates a login task, shows the agent’s form, sends the typed answer and shows the result, data and recording', async () => {
    const earlier = new Set(playground?.simulator.service.listTasks().map((task) => task.id));
    const newTask = page.getByRole('region', { name: 'New task' });
    await newTask.getByRole('group', { name: 'Examples' }).getByRole('button', { name: 'Log in', exact: true }).click();
    const instruction = newTask.getByLabel('What should the agent do?');
    expect(await instruction.inputValue()).toBe('Log in to Acme Shop and show my open orders');
    await newTask.getByRole('button', { name: 'Create task' }).click();

    const run = page.getByRole('region', { name: 'Log in to Acme Shop and show my open orders' });
    // Focus follows the new task to its run, where the answer will be asked for.
    const heading = run.getByRole('heading', { level: 2, name: 'Log in to Acme Shop and show my open orders' });
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement), WAIT).toBe(true);
    const username = run.getByLabel('Username');
    await username.waitFor(WAIT);
    expect(await axeViolations(page)).toEqual([]);

    // Filled by keyboard, as a person would: type, Tab to the next field, Enter to send.
    await username.focus();
    await page.keyboard.type('grace.hopper');
    await page.keyboard.press('Tab');
    expect(await run.getByLabel('Password').evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('e2e-password');
    // "Sent" shows only until the agent moves on, which may be sooner than a busy machine's next look
    // at the page: the page itself records that the run's region said it.
    await run.evaluate((region) => {
      const seen = { sent: false };
      (window as unknown as { sentSeen: typeof seen }).sentSeen = seen;
      new MutationObserver((_, observer) => {
        if (!region.textContent?.includes('Sent. Waiting for the agent…')) return;
        seen.sent = true;
        observer.disconnect();
      }).observe(region, { subtree: true, childList: true, characterData: true });
    });
    await page.keyboard.press('Enter');

    await expect.poll(() => page.evaluate(() => (window as unknown as { sentSeen: { sent: boolean } }).sentSeen.sent), WAIT).toBe(true);
    await run.getByText('Signed in as grace.hopper.').waitFor({ timeout: 60_000 });

    const table = run.getByRole('table', { name: 'Extracted data' });
    await table.waitFor(WAIT);
    expect(await table.getByRole('row').count()).toBeGreaterThan(1);
    await table.getByRole('rowheader', { name: 'Open orders' }).waitFor(WAIT);

    const recording = run.getByRole('img', { name: 'Recording of the run' });
    await recording.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => recording.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { timeout: 30_000 })
      .toBeGreaterThan(0);

    // The service got exactly what was typed.
    const created = playground?.simulator.service
      .listTasks()
      .find((task) => !earlier.has(task.id) && task.text === 'Log in to Acme Shop and show my open orders');
    expect(created?.runs[0]?.status).toBe('completed');
    expect(JSON.parse(created?.runs[0]?.answers[0]?.input ?? '[]')).toEqual([
      expect.objectContaining({ label: 'Username', value: 'grace.hopper' }),
      expect.objectContaining({ label: 'Password', value: 'e2e-password' }),
    ]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('asks for approval through its own renderer of approve_purchase, and the agent buys after “Approve”; the CAPTCHA example gives the agent human_control, and it asks for it', async () => {
    const newTask = page.getByRole('region', { name: 'New task' });
    await newTask.getByRole('button', { name: 'Approve a purchase', exact: true }).click();
    // That example needs the approval tool, so picking it ticks it.
    expect(await newTask.getByRole('checkbox', { name: /approve_purchase/ }).isChecked()).toBe(true);
    await newTask.getByRole('button', { name: 'Create task' }).click();

    const run = page.getByRole('region', { name: 'Buy the ergonomic office chair at Acme Furniture after I approve the purchase' });
    const approval = run.getByRole('region', { name: 'Approve this purchase?' });
    await approval.waitFor(WAIT);
    await waitForText(approval, 'Acme Furniture');
    await approval.getByRole('button', { name: 'Approve', exact: true }).click();

    await run.getByText('Bought the ergonomic office chair from Acme Furniture for €349.00.').waitFor({ timeout: 60_000 });
    const task = playground?.simulator.service.listTasks().find((candidate) => candidate.text.startsWith('Buy the ergonomic office chair'));
    expect(JSON.parse(task?.runs[0]?.answers[0]?.input ?? '{}')).toEqual({ approved: true });

    // The other example of a tool that is not a form, in the same page load (the dev server takes
    // seconds to serve one): the hand-off.
    const text = 'Check out past a CAPTCHA (take control)';
    await newTask.getByRole('group', { name: 'Examples' }).getByRole('button', { name: 'Take control', exact: true }).click();
    expect(await newTask.getByLabel('What should the agent do?').inputValue()).toBe(text);
    // That example needs the hand-off tool, so picking it ticks it.
    expect(await newTask.getByRole('checkbox', { name: /human_control/ }).isChecked()).toBe(true);
    await newTask.getByRole('button', { name: 'Create task' }).click();

    const handOffRun = page.getByRole('region', { name: text });
    const handOff = () => {
      const task = playground?.simulator.service.listTasks().find((candidate) => candidate.text === text);
      return { task, call: task?.runs[0]?.toolCall ?? null };
    };
    await expect.poll(() => handOff().call?.tool.name, WAIT).toBe('human_control');
    expect(handOff().task).toMatchObject({ scenario: 'human-control', tools: expect.arrayContaining(['human_control']) as unknown });

    // Nobody takes over here: the run ends with the agent's reason, and no call is left waiting for later tests.
    const { task: handOffTask, call } = handOff();
    await playground?.simulator.service.client.submitToolInput(handOffTask?.id ?? '', {
      toolCallId: call?.toolCallId ?? '',
      input: JSON.stringify({ done: false }),
    });
    await handOffRun.getByText('Nobody could pass the challenge.', { exact: true }).waitFor({ timeout: 60_000 });
  });

  it('stops a running task after confirmation', async () => {
    const newTask = page.getByRole('region', { name: 'New task' });
    await newTask.getByRole('button', { name: 'Long run', exact: true }).click();
    await newTask.getByRole('button', { name: 'Create task' }).click();

    const run = page.getByRole('region', { name: 'Research and compare lightweight laptops across three shops' });
    await run.getByRole('button', { name: 'Stop run' }).click();
    // Nothing is stopped until the person confirms.
    const confirm = run.getByRole('button', { name: 'Stop the run' });
    await confirm.waitFor(WAIT);
    const task = playground?.simulator.service
      .listTasks()
      .find((candidate) => candidate.text === 'Research and compare lightweight laptops across three shops');
    expect(playground?.simulator.service.getTask(task?.id ?? '')?.runs[0]?.status).toBe('running');
    await confirm.click();

    // The status badge says so, and the change is announced.
    await run.getByText('Stopped', { exact: true }).waitFor(WAIT);
    await waitForText(run.getByRole('status'), 'The run was stopped.');
    expect(playground?.simulator.service.getTask(task?.id ?? '')?.runs[0]?.status).toBe('stopped');
    await expect(run.getByRole('button', { name: 'Stop run' }).count()).resolves.toBe(0);
  });

  it('pages through the task list and back', async () => {
    // A task of its own, made behind the page's back: the newest, so it opens the first page.
    const newest = `Compare train fares to Lyon (${Date.now()})`;
    await playground?.simulator.service.client.createTask({ task: newest, agent: 'BROWSER_AGENT', tools: [] });
    await page.reload();
    const tasks = page.getByRole('region', { name: 'Tasks', exact: true });
    const pages = tasks.getByRole('navigation', { name: 'Task pages' });
    const total = playground?.simulator.service.listTasks().length ?? 0;
    const pageCount = Math.ceil(total / 10);
    expect(pageCount).toBeGreaterThan(2);
    await waitForText(pages, `Page 1 of ${pageCount}`);
    const firstOnPageOne = await tasks.getByRole('listitem').first().textContent();
    expect(firstOnPageOne).toContain(newest);

    await pages.getByRole('button', { name: 'Next' }).click();
    await waitForText(pages, `Page 2 of ${pageCount}`);
    await expect.poll(() => tasks.getByRole('listitem').first().textContent(), WAIT).not.toBe(firstOnPageOne);

    // A task from another page opens in the run panel, with its runs listed.
    const second = tasks.getByRole('listitem').first().getByRole('button');
    const name = (await second.textContent()) ?? '';
    await second.click();
    const run = page.getByRole('region', { name, exact: true });
    await run.getByRole('region', { name: 'Runs' }).waitFor(WAIT);

    await pages.getByRole('button', { name: 'Previous' }).click();
    await waitForText(pages, `Page 1 of ${pageCount}`);
    await expect.poll(() => tasks.getByRole('listitem').first().textContent(), WAIT).toBe(firstOnPageOne);
  });

  it('calls the service only through the proxy, which adds the key the page never sees', async () => {
    const before = playground?.simulator.service.requests.length ?? 0;
    const region = page.getByRole('region', { name: 'API key' });
    await region.getByRole('button', { name: 'Check the key' }).click();
    await waitForText(region.getByRole('status'), 'Key accepted');
    const run = await createFromExample('Log in', 'Log in to Acme Shop and show my open orders');
    await run.getByLabel('Username').waitFor(WAIT);

    // The key-holding calls went through the proxy (the leak check after each test looks at them).
    const requests = await watch.requests();
    expect(requests.some((request) => new URL(request.url).pathname.startsWith('/api/hitl/api/v1/'))).toBe(true);
    // And every API call the service answered carried the key the proxy added. (The live view
    // and the recording are fetched by the page from the service directly; they need no key.)
    const served = (playground?.simulator.service.requests ?? []).slice(before).filter((request) => request.path.startsWith('/api/'));
    expect(served.length).toBeGreaterThan(0);
    expect(served.every((request) => request.key === 'valid')).toBe(true);
  });
});

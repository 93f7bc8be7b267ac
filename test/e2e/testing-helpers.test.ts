/**
 * The Playwright helpers of `hitl-react/testing/playwright`, in Debian's Chromium: a page bundled
 * from source renders `<RunViewer>` against the simulator over real HTTP, and the helpers fill a
 * `form_input` call with one field of every kind, wait for the run's states, and say what went
 * wrong when they cannot. Beside them, the Playwright example of examples/testing runs under
 * Playwright's own test runner, as a user runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { createTaskClient, type TaskClient } from '../../src/client';
import { FORM_INPUT_TOOL_NAME, formInputTool } from '../../src/schema';
import {
  failingRunScenario,
  loginScenario,
  startSimulatorServer,
  type Scenario,
  type ScenarioToolParameters,
  type SimulatorServer,
} from '../../src/testing';
import { answerFormInput, fillFormInput, waitForRunState } from '../../src/testing/playwright';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium';

const repoRoot = resolve(import.meta.dirname, '../..');
const API_KEY = 'sk_testing_helpers_5b1e';

/** One field of each of the 17 kinds, and the two option-list variants (checkbox with options, multiple select). */
const EVERY_FIELD: Array<ScenarioToolParameters & { label: string }> = [
  { type: 'text', label: 'Full name', required: true },
  { type: 'number', label: 'Age', min: 0, max: 150 },
  { type: 'email', label: 'Email' },
  { type: 'tel', label: 'Phone' },
  { type: 'url', label: 'Website' },
  { type: 'password', label: 'Secret' },
  { type: 'date', label: 'Start date' },
  { type: 'time', label: 'Start time' },
  { type: 'datetime-local', label: 'Appointment' },
  { type: 'month', label: 'Billing month' },
  { type: 'week', label: 'Delivery week' },
  { type: 'textarea', label: 'Notes' },
  {
    type: 'select',
    label: 'Delivery window',
    options: [
      { label: 'Any time', value: 'any' },
      { label: 'Morning (8:00–12:00)', value: 'morning' },
      { label: 'Afternoon', value: 'afternoon' },
    ],
    defaultValue: 'any',
  },
  {
    type: 'select',
    label: 'Extras',
    multiple: true,
    options: [
      { label: 'Gift wrap', value: 'gift' },
      { label: 'Insurance', value: 'insurance' },
      { label: 'Receipt', value: 'receipt' },
    ],
  },
  { type: 'checkbox', label: 'Accept the terms', required: true },
  {
    type: 'checkbox',
    label: 'Interests',
    options: [
      { label: 'Books', value: 1 },
      { label: 'Music', value: 2 },
      { label: 'Travel', value: 3 },
    ],
  },
  {
    type: 'radio',
    label: 'Shipping method',
    // Required, so its legend holds a mark beside the name: fillFormInput's error must still list it.
    required: true,
    options: [
      { label: 'Standard', value: 'standard' },
      { label: 'Express', value: 'express' },
    ],
    defaultValue: 'standard',
  },
  { type: 'switch', label: 'Newsletter' },
  { type: 'range', label: 'Satisfaction', min: 0, max: 10, step: 1, defaultValue: 5 },
];
const EVERY_FIELD_LABELS = EVERY_FIELD.map((field) => field.label);

/** Asks for {@link EVERY_FIELD} at once. */
const everyFieldScenario: Scenario = {
  name: 'every-field',
  description: 'Asks for one field of every kind.',
  keywords: ['every field'],
  steps: [
    { type: 'page', title: 'Profile', url: 'https://forms.example/profile', durationMs: 1000 },
    {
      type: 'tool_call',
      tool: FORM_INPUT_TOOL_NAME,
      parameters: {
        heading: 'Tell us everything',
        fields: EVERY_FIELD,
        submitButton: { label: 'Send it all' },
      },
    },
    { type: 'page', title: 'Saved', url: 'https://forms.example/saved', durationMs: 1000 },
  ],
  result: { summary: 'Everything was saved.' },
};

/** The page: the client and the viewer of the task named in the address, nothing else. */
const APP = (src: string) => `
import { createRoot } from 'react-dom/client';
import { createTaskClient, RunViewer, TaskClientProvider } from ${JSON.stringify(join(src, 'index.ts'))};
import ${JSON.stringify(join(src, 'styles.css'))};

const params = new URLSearchParams(location.search);
const client = createTaskClient({ baseUrl: params.get('service') ?? '', apiKey: params.get('key') ?? '' });
createRoot(document.getElementById('root')!).render(
  <TaskClientProvider client={client}>
    <main>
      <h1>Helpers page</h1>
      <RunViewer taskId={params.get('task') ?? ''} pollIntervalMs={200} liveView={false} />
    </main>
  </TaskClientProvider>,
);
`;

const CONTENT_TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Helpers page</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/app.css"></head><body><div id="root"></div><script type="module" src="/app.js"></script></body></html>`;

/** Serves the page and its bundle from `dir` on 127.0.0.1, a free port. */
async function servePage(dir: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const send = (status: number, type: string, body: string | Buffer) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (path === '/') return send(200, 'text/html; charset=utf-8', PAGE);
    if (path !== '/app.js' && path !== '/app.css') return send(404, 'text/plain', 'Not found');
    readFile(join(dir, path.slice(1))).then(
      (body) => send(200, CONTENT_TYPES[extname(path)] ?? 'application/octet-stream', body),
      () => send(404, 'text/plain', 'Not found'),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return server;
}

interface PlaywrightExample {
  child: ChildProcess;
  outputDir: string;
  finished: Promise<{ code: number | null; output: string }>;
}

/**
 * The Playwright example, run as a user runs it: `playwright test`, a process of its own with its
 * own browser, app and simulator. It shares nothing with the helpers' page, so it starts before
 * their tests and runs beside them; its own test below waits for its end.
 */
let example: PlaywrightExample | undefined;

beforeAll(async () => {
  const outputDir = await mkdtemp(join(tmpdir(), 'hitl-playwright-example-'));
  // Without this runner's own settings (NODE_ENV=test, VITEST_*): the example runs as in a user's project.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
  const args = [join(repoRoot, 'node_modules/playwright/cli.js'), 'test', '-c', 'examples/testing/playwright', '--reporter=line'];
  const child = spawn(process.execPath, [...args, '--output', outputDir], { cwd: repoRoot, env });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const finished = new Promise<{ code: number | null; output: string }>((done, fail) => {
    child.on('error', fail);
    child.on('close', (code) => done({ code, output }));
  });
  // Read by its test; a run cut short by a failure elsewhere is not a second failure.
  finished.catch(() => undefined);
  example = { child, outputDir, finished };
});

afterAll(async () => {
  if (example === undefined) return;
  if (example.child.exitCode === null && example.child.signalCode === null) example.child.kill();
  await example.finished.catch(() => undefined);
  await rm(example.outputDir, { recursive: true, force: true });
});

describe('hitl-react/testing/playwright in Chromium', () => {
  let workDir: string | undefined;
  let pageServer: Server | undefined;
  let simulator: SimulatorServer | undefined;
  let browser: Browser | undefined;
  let client: TaskClient;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'hitl-testing-helpers-'));
    await writeFile(join(workDir, 'app.tsx'), APP(join(repoRoot, 'src')));
    await build({
      absWorkingDir: repoRoot,
      // The entry sits in a temporary folder; React and Radix come from ours.
      nodePaths: [join(repoRoot, 'node_modules')],
      entryPoints: { app: join(workDir, 'app.tsx') },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      jsx: 'automatic',
      outdir: join(workDir, 'dist'),
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'error',
    });
    pageServer = await servePage(join(workDir, 'dist'));
    simulator = await startSimulatorServer({
      apiKey: API_KEY,
      timeScale: 0.05,
      scenarios: [everyFieldScenario, failingRunScenario, loginScenario],
      defaultScenario: 'login',
    });
    client = createTaskClient({ baseUrl: simulator.url, apiKey: API_KEY });
    browser = await chromium.launch(chromiumLaunchOptions);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => (pageServer === undefined ? done(undefined) : pageServer.close(done)));
    await simulator?.close();
    if (workDir !== undefined) await rm(workDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    page = await (browser as Browser).newPage();
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterEach(async () => {
    await page.close();
    expect(pageErrors).toEqual([]);
  });

  /** Creates a task and opens the page on its latest run; returns the task and the viewer's region. */
  async function openRun(task: string): Promise<{ taskId: string; viewer: Locator }> {
    const { taskId } = await client.createTask({ task, agent: 'BROWSER_AGENT', tools: [formInputTool()] });
    const query = new URLSearchParams({ service: String(simulator?.url), key: API_KEY, task: taskId });
    await page.goto(`http://127.0.0.1:${(pageServer?.address() as AddressInfo).port}/?${query}`);
    return { taskId, viewer: page.getByRole('region', { name: 'Latest run' }) };
  }

  const answersOf = (taskId: string): unknown[] =>
    (simulator?.service.getTask(taskId)?.runs[0]?.answers ?? []).map((answer) => JSON.parse(answer.input) as unknown);

  it('fills one field of every kind by label, and the simulator receives exactly what was given', async () => {
    const { taskId, viewer } = await openRun('Fill in every field of the profile');
    await expect(waitForRunState(viewer, 'waiting')).resolves.toBe('waiting');

    await fillFormInput(
      viewer,
      {
        'Full name': 'Ada Lovelace',
        Age: 36,
        Email: 'ada@example.com',
        Phone: '+44 20 7946 0000',
        Website: 'https://ada.example',
        Secret: 'correct horse',
        'Start date': '2026-05-01',
        'Start time': '14:30',
        Appointment: '2026-05-01T14:30',
        'Billing month': '2026-05',
        'Delivery week': '2026-W18',
        Notes: 'Line one\nLine two',
        'Delivery window': 'Morning (8:00–12:00)',
        Extras: ['Gift wrap', 'Receipt'],
        'Accept the terms': true,
        Interests: ['Music', 'Travel'],
        'Shipping method': 'Express',
        Newsletter: true,
        Satisfaction: 8,
      },
      { submit: true },
    );
    await expect(waitForRunState(viewer, 'completed')).resolves.toBe('completed');

    expect(answersOf(taskId)).toEqual([
      [
        { label: 'Full name', value: 'Ada Lovelace' },
        { label: 'Age', value: 36 },
        { label: 'Email', value: 'ada@example.com' },
        { label: 'Phone', value: '+44 20 7946 0000' },
        { label: 'Website', value: 'https://ada.example' },
        { label: 'Secret', value: 'correct horse' },
        { label: 'Start date', value: '2026-05-01' },
        { label: 'Start time', value: '14:30' },
        { label: 'Appointment', value: '2026-05-01T14:30' },
        { label: 'Billing month', value: '2026-05' },
        { label: 'Delivery week', value: '2026-W18' },
        { label: 'Notes', value: 'Line one\nLine two' },
        { label: 'Delivery window', value: 'morning' },
        { label: 'Extras', value: ['gift', 'receipt'] },
        { label: 'Accept the terms', value: true },
        { label: 'Interests', value: [2, 3] },
        { label: 'Shipping method', value: 'express' },
        { label: 'Newsletter', value: true },
        { label: 'Satisfaction', value: 8 },
      ],
    ]);
    await viewer.getByText('Everything was saved.').waitFor();
  });

  it('answers a call in the whole page with answerFormInput, then waits for the end', async () => {
    const { taskId } = await openRun('Log in to Acme Shop');
    await answerFormInput(page, { Username: 'grace', Password: 'hopper-password' });
    await expect(waitForRunState(page, ['completed', 'failed'])).resolves.toBe('completed');
    expect(answersOf(taskId)).toEqual([
      [
        { label: 'Username', value: 'grace' },
        { label: 'Password', value: 'hopper-password' },
      ],
    ]);
    await page.getByText('Signed in as grace.').waitFor();
  });

  it('says which field is missing, and what a field takes', async () => {
    const { viewer } = await openRun('Log in to Acme Shop');
    await waitForRunState(viewer, 'waiting');
    // The form is a chunk loaded once the call shows: on a busy machine it may take longer than the
    // 500 ms the missing field is given, and the list would then be empty.
    await viewer.getByLabel('Password', { exact: true }).waitFor();
    await expect(fillFormInput(viewer, { Email: 'a@b.c' }, { timeout: 500 })).rejects.toThrow(
      'fillFormInput: no field labelled "Email" in scope within 500 ms. Fields shown: "Username", "Password"',
    );
    await expect(fillFormInput(viewer, { Username: true })).rejects.toThrow(
      'fillFormInput: field "Username" (text) takes a string or number, got true',
    );
    // A refused answer: the form's own messages.
    await expect(answerFormInput(viewer, { Username: 'ada' })).rejects.toThrow(/^answerFormInput: the form refused the values: .*Password/);
  });

  it('names the options there are when one is not, and refuses values the input would change', async () => {
    const { viewer } = await openRun('Fill in every field of the profile');
    await waitForRunState(viewer, 'waiting');
    // Every kind of field is listed by its name alone: a label, a group's legend, and a legend or
    // label beside a required mark. The last field shown first, as above.
    await viewer.getByLabel('Satisfaction', { exact: true }).waitFor();
    await expect(fillFormInput(viewer, { Nickname: 'ada' }, { timeout: 500 })).rejects.toThrow(
      `fillFormInput: no field labelled "Nickname" in scope within 500 ms. Fields shown: ${EVERY_FIELD_LABELS.map((label) => `"${label}"`).join(', ')}`,
    );
    await expect(fillFormInput(viewer, { 'Shipping method': 'Overnight' })).rejects.toThrow(
      'fillFormInput: field "Shipping method" (radio) has no option "Overnight" (options: "Standard", "Express")',
    );
    await expect(fillFormInput(viewer, { 'Delivery window': 'Evening' })).rejects.toThrow(
      'fillFormInput: field "Delivery window" (select) has no option "Evening" (options: "Any time", "Morning (8:00–12:00)", "Afternoon")',
    );
    await expect(fillFormInput(viewer, { Interests: ['Cooking'] })).rejects.toThrow(
      'fillFormInput: field "Interests" (checkbox) has no option "Cooking" (options: "Books", "Music", "Travel")',
    );
    await expect(fillFormInput(viewer, { Satisfaction: 12 })).rejects.toThrow(
      'fillFormInput: field "Satisfaction" (range) does not take 12: it kept 10 (check min, max and step)',
    );
    await expect(fillFormInput(viewer, { 'Start date': '01/05/2026' })).rejects.toThrow(
      'fillFormInput: field "Start date" (date) did not take "01/05/2026": write it as YYYY-MM-DD',
    );
    await expect(fillFormInput(viewer, { Books: true })).rejects.toThrow(/"Books" labels an option, not a field/);
  });

  it('fails at once when the run ends otherwise, and says where it is on a time-out', async () => {
    const waiting = await openRun('Log in to Acme Shop');
    // The page and the run reach "waiting" first, in their own time: the 1 s that follows times the
    // helper's wait for a state the run will not reach, not how fast a loaded machine paints the page.
    await waitForRunState(waiting.viewer, 'waiting');
    await expect(waitForRunState(waiting.viewer, 'completed', { timeout: 1000 })).rejects.toThrow(
      /^waitForRunState: the <RunViewer> did not reach "completed" within 1000 ms; it is "waiting" \(status running, tool_call\)/,
    );
    const failing = await openRun('A broken booking that will fail');
    await expect(waitForRunState(failing.viewer, 'completed')).rejects.toThrow(
      /^waitForRunState: the run ended "failed" \(status failed, failed\).* while waiting for "completed"/,
    );
    await expect(waitForRunState(page.getByRole('heading', { name: 'Helpers page' }), 'completed', { timeout: 300 })).rejects.toThrow(
      'waitForRunState: no <RunViewer> (an element of class hitl-run-viewer) appeared in scope within 300 ms',
    );
  });
});

describe('the Playwright example (examples/testing/playwright) under Playwright Test', () => {
  it('passes: answers the login by label, waits for the end, and retries a failed send', async () => {
    const { code, output } = await (example as PlaywrightExample).finished;
    expect({ code, output }).toMatchObject({ code: 0, output: expect.stringMatching(/2 passed/) as unknown });
  });
});

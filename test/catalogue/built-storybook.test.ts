/**
 * The catalogue as its readers get it: the static Storybook (`npm run build-storybook`), served as
 * files and opened in Chromium entry by entry, each story (its `play` runs, as in Storybook's
 * canvas) and each docs page (where the JSX source printer prints every story's render). An entry
 * fails, by name, when Storybook shows an error for it or never says it rendered, when the page
 * throws, or when the page's main thread stops answering after it: a story that passed its whole
 * story context as a prop once sent the source printer into a recursion that froze the tab.
 *
 * One page shows every entry, switched through Storybook's preview channel as its manager does: a
 * reload per entry would spend most of the time loading the same bundle again. A page that stops
 * answering is replaced, so one frozen entry does not hide the others.
 */
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium';

const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * How long an entry may take to say it rendered. A story renders in well under a second and its
 * `play` waits 2 s at most for any one state; only a hang (a loader or a render that never ends)
 * or a frozen page takes this long, however busy the machine.
 */
const RENDER_BOUND_MS = 30_000;
/** How long the page may take to run a frame and a timer after an entry: a freeze, not a busy machine, breaks it. */
const ANSWER_BOUND_MS = 10_000;

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.woff2': 'font/woff2',
};

/** The build's files as a static host serves them, nothing else. */
async function serveFolder(folder: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const notFound = () => {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('not found');
    };
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    } catch {
      return notFound();
    }
    const file = resolve(folder, `.${path.endsWith('/') ? `${path}index.html` : path}`);
    if (!file.startsWith(folder + sep)) return notFound();
    stat(file).then(
      (info) => {
        if (!info.isFile()) return notFound();
        response.writeHead(200, {
          'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
          'content-length': String(info.size),
        });
        createReadStream(file).pipe(response);
      },
      () => notFound(),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** `storybook build` into `outDir`; rejects with its output when it fails. */
function buildStorybook(outDir: string): Promise<void> {
  const bin = join(repoRoot, 'node_modules/.bin/storybook');
  // The catalogue is built as `npm run build-storybook` builds it, not in the test's mode.
  const { NODE_ENV: _mode, ...env } = process.env;
  const child = spawn(bin, ['build', '-o', outDir, '--quiet'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`storybook build exited with ${String(code)}:\n${output}`))));
  });
}

/** What happened while the page showed one entry. */
interface Shown {
  /** It said it rendered (a story: finished, its `play` included; a docs page: rendered, its stories too). */
  rendered: boolean;
  /** Errors Storybook reported: a render or `play` that threw, a story it could not find. */
  errors: string[];
}

/**
 * Installed in the page once Storybook's preview is ready: `__showEntry(id, viewMode)` selects the
 * entry as the manager does and resolves when it has rendered, with the errors reported meanwhile.
 * A docs page says it rendered before the stories in it have: it is done once every story render
 * started meanwhile has finished, a frame and a timer later. Runs in the page, so it names
 * Storybook's events by their values (storybook/internal/core-events).
 */
function installProbe(): void {
  interface Channel {
    on(event: string, listener: (...args: unknown[]) => void): void;
    off(event: string, listener: (...args: unknown[]) => void): void;
    emit(event: string, ...args: unknown[]): void;
  }
  const scope = window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel; __showEntry?: unknown };
  const channel = scope.__STORYBOOK_ADDONS_CHANNEL__;
  const text = (value: unknown): string => {
    let whole = JSON.stringify(value) ?? String(value);
    if (typeof value === 'string') whole = value;
    else if (typeof value === 'object' && value !== null) {
      const { message, title, description } = value as Record<string, unknown>;
      const parts = [message, title, description].filter((part) => typeof part === 'string');
      if (parts.length > 0) whole = parts.join(': ');
    }
    // A failed `expect` in a play prints the whole document after its message.
    return whole.length > 400 ? `${whole.slice(0, 400)}…` : whole;
  };
  const frameAndTimer = () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  scope.__showEntry = (id: string, viewMode: 'story' | 'docs') =>
    new Promise<Shown>((done) => {
      const errors: string[] = [];
      // Story renders begun and not yet over: a docs page's stories, each with its own render.
      const open = new Set<number>();
      let docsRendered = false;
      let settled = false;
      const finish = (rendered: boolean) => {
        if (settled) return;
        settled = true;
        for (const [event, listener] of Object.entries(listeners)) channel.off(event, listener);
        done({ rendered, errors });
      };
      const settleDocs = async () => {
        // The stories of a docs page begin to render once it has: a frame lets them begin.
        await frameAndTimer();
        if (open.size === 0) finish(true);
      };
      // A story always ends with `storyFinished`, errors or not; a docs page that throws never says it rendered.
      const failed = (message: string) => {
        errors.push(message);
        if (viewMode === 'docs') finish(false);
      };
      const listeners: Record<string, (...args: unknown[]) => void> = {
        storyErrored: (error) => failed(`Storybook shows an error: ${text(error)}`),
        storyThrewException: (error) => failed(`it threw: ${text(error)}`),
        playFunctionThrewException: (error) => errors.push(`its play function threw: ${text(error)}`),
        unhandledErrorsWhilePlaying: (list) => errors.push(`errors while playing: ${text(list)}`),
        storyMissing: () => {
          errors.push('Storybook cannot find it');
          finish(false);
        },
        storyRenderPhaseChanged: (change) => {
          const { newPhase, renderId } = change as { newPhase: string; renderId: number };
          if (['finished', 'aborted', 'errored'].includes(newPhase)) open.delete(renderId);
          else open.add(renderId);
          if (docsRendered) void settleDocs();
        },
        storyFinished: (result) => {
          const { storyId, status } = result as { storyId: string; status: string };
          // A docs page's story that failed says so only here.
          if (status === 'error' && errors.length === 0) errors.push(`${storyId} ended in an error`);
          if (viewMode === 'story' && storyId === id) finish(true);
        },
        docsRendered: (docsId) => {
          if (viewMode !== 'docs' || docsId !== id) return;
          docsRendered = true;
          void settleDocs();
        },
      };
      for (const [event, listener] of Object.entries(listeners)) channel.on(event, listener);
      channel.emit('setCurrentStory', { storyId: id, viewMode });
    });
}

/** Resolves with `promise`, or with `fallback` once `ms` have passed. */
function orAfter<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<F>((done) => (timer = setTimeout(() => done(fallback), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** One browser context and page showing entries, with the page errors seen since the last entry. */
class Viewer {
  readonly pageErrors: string[] = [];

  private constructor(
    private readonly context: BrowserContext,
    readonly page: Page,
  ) {
    page.on('pageerror', (error) => this.pageErrors.push(`${error.name}: ${error.message}`));
  }

  static async open(browser: Browser, url: string): Promise<Viewer> {
    const context = await browser.newContext();
    const viewer = new Viewer(context, await context.newPage());
    // No entry named: the preview loads its index and waits to be told what to show.
    await viewer.page.goto(`${url}/iframe.html`);
    await viewer.page.waitForFunction(() => '__STORYBOOK_PREVIEW__' in window && '__STORYBOOK_ADDONS_CHANNEL__' in window);
    await viewer.page.evaluate(() =>
      (window as unknown as { __STORYBOOK_PREVIEW__: { ready(): Promise<void> } }).__STORYBOOK_PREVIEW__.ready(),
    );
    await viewer.page.evaluate(installProbe);
    // Axe after every story, for the accessibility panel, is the story run's check
    // (`--project storybook`), not this one's: switched to on demand, as the panel allows.
    await viewer.page.evaluate(() =>
      (
        window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: { emit(event: string, value: unknown): void } }
      ).__STORYBOOK_ADDONS_CHANNEL__.emit('updateGlobals', { globals: { a11y: { manual: true } } }),
    );
    return viewer;
  }

  /** Shows `entry`; the problems found, none when it rendered and the page still answers. */
  async show(entry: IndexEntry): Promise<string[]> {
    this.pageErrors.length = 0;
    const shown = this.page
      .evaluate(
        ({ id, type }) => (window as unknown as { __showEntry(id: string, viewMode: string): Promise<Shown> }).__showEntry(id, type),
        { id: entry.id, type: entry.type },
      )
      .catch((error: unknown) => ({ rendered: false, errors: [`the page failed: ${String(error)}`] }));
    const result = await orAfter(shown, RENDER_BOUND_MS, undefined);
    const problems = result === undefined ? [`did not render within ${RENDER_BOUND_MS / 1000} s`] : result.errors;
    if (result?.rendered === false && result.errors.length === 0) problems.push('did not render');
    const answered = this.page
      .evaluate(() => new Promise<boolean>((done) => requestAnimationFrame(() => setTimeout(() => done(true), 0))))
      .catch(() => false);
    if (!(await orAfter(answered, ANSWER_BOUND_MS, false)))
      problems.push(`the page stopped answering (no frame and timer within ${ANSWER_BOUND_MS / 1000} s)`);
    problems.push(...this.pageErrors.map((error) => `page error: ${error}`));
    return problems;
  }

  /** True when the page could not go on to the next entry. */
  static broken(problems: readonly string[]): boolean {
    return problems.some((problem) => problem.startsWith('did not render within') || problem.startsWith('the page stopped answering'));
  }

  async close(): Promise<void> {
    // A frozen page may never answer a polite close; the context's end takes it down regardless.
    await this.context.close().catch(() => undefined);
  }
}

describe('the built Storybook in Chromium', () => {
  let outDir: string | undefined;
  let site: { server: Server; url: string } | undefined;
  let browser: Browser | undefined;
  let entries: IndexEntry[] = [];

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'hitl-storybook-'));
    const started = performance.now();
    await buildStorybook(outDir);
    console.info(`storybook build: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const index = JSON.parse(await readFile(join(outDir, 'index.json'), 'utf8')) as { entries: Record<string, IndexEntry> };
    entries = Object.values(index.entries);
    site = await serveFolder(outDir);
    browser = await chromium.launch(chromiumLaunchOptions);
  });

  afterAll(async () => {
    await browser?.close();
    site?.server.closeAllConnections();
    await new Promise((done) => (site === undefined ? done(undefined) : site.server.close(done)));
    if (outDir !== undefined) await rm(outDir, { recursive: true, force: true });
  });

  it('renders every story and docs page, and the page answers after each', async () => {
    expect(entries.filter((entry) => entry.type === 'story').length).toBeGreaterThan(100);
    expect(entries.filter((entry) => entry.type === 'docs').length).toBeGreaterThan(20);
    const failures: string[] = [];
    const started = performance.now();
    let viewer = await Viewer.open(browser as Browser, (site as { url: string }).url);
    try {
      for (const entry of entries) {
        const problems = await viewer.show(entry);
        if (problems.length === 0) continue;
        failures.push(`${entry.title} › ${entry.name} (${entry.type} ${entry.id}): ${problems.join('; ')}`);
        if (!Viewer.broken(problems)) continue;
        await viewer.close();
        viewer = await Viewer.open(browser as Browser, (site as { url: string }).url);
      }
    } finally {
      await viewer.close();
    }
    console.info(`${entries.length} entries browsed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    expect(failures).toEqual([]);
    // Each entry is bounded above, so a hang ends there; this bound, for some 240 entries, only backs them up.
  }, 900_000);
});

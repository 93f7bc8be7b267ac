/**
 * The page side of the data-table benchmark and of test/e2e/data-table.test.ts: mounts a table of
 * `rows` offers and scrolls it, timing what the user would feel (see `TableMountResult`,
 * `TableScrollResult` in bench/pages/protocol.ts).
 */
import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { TableBenchApi } from '../protocol';

/** A type, not an interface: it must be assignable to `DataTableEntry`'s index signature. */
export type Offer = {
  title: string;
  value: number;
  shop: string;
  rating: number;
  inStock: boolean;
};

const SHOPS = ['TechHub', 'LapWorld', 'Compuzone', 'BitMart', 'NoteShop'];

/** The rows, made before timing starts: the data arrives with the result. */
export function offers(count: number): Offer[] {
  return Array.from({ length: count }, (_, index) => ({
    title: `Offer ${index + 1}`,
    value: 500 + ((index * 37) % 1500),
    shop: SHOPS[index % SHOPS.length] as string,
    rating: 1 + ((index * 7) % 40) / 10,
    inStock: index % 3 !== 0,
  }));
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

/** Long tasks seen since the page loaded (buffered), from `since` on. */
function longTasksSince(entries: readonly PerformanceEntry[], since: number): number[] {
  return entries.filter((entry) => entry.startTime + entry.duration >= since).map((entry) => entry.duration);
}

/** What makes the browser lay the page out when read after a change: the DOM's layout properties and methods. */
const LAYOUT_GETTERS: ReadonlyArray<[object, string]> = [
  [Element.prototype, 'scrollTop'],
  [Element.prototype, 'scrollLeft'],
  [Element.prototype, 'scrollHeight'],
  [Element.prototype, 'scrollWidth'],
  [Element.prototype, 'clientHeight'],
  [Element.prototype, 'clientWidth'],
  [HTMLElement.prototype, 'offsetHeight'],
  [HTMLElement.prototype, 'offsetWidth'],
  [HTMLElement.prototype, 'offsetTop'],
];
const LAYOUT_METHODS: ReadonlyArray<[object, string]> = [
  [Element.prototype, 'getBoundingClientRect'],
  [Element.prototype, 'getClientRects'],
  [window, 'getComputedStyle'],
];

/**
 * Records every layout property or method read from now until the returned function is called
 * (which stops recording and restores them): within `createRoot` + `flushSync(render)`, each read
 * lays out a page the render has just changed, inside the render. Counted in a load of its own,
 * never in a timed one.
 */
function watchLayoutReads(): () => string[] {
  const reads: string[] = [];
  const restore: Array<() => void> = [];
  for (const [target, name] of LAYOUT_GETTERS) {
    const descriptor = Object.getOwnPropertyDescriptor(target, name) as PropertyDescriptor;
    const get = Reflect.get(descriptor, 'get') as (this: unknown) => unknown;
    Object.defineProperty(target, name, {
      ...descriptor,
      get(this: unknown) {
        reads.push(name);
        return get.call(this);
      },
    });
    restore.push(() => Object.defineProperty(target, name, descriptor));
  }
  for (const [target, name] of LAYOUT_METHODS) {
    const original = Reflect.get(target, name) as (...args: unknown[]) => unknown;
    Reflect.set(target, name, function (this: unknown, ...args: unknown[]) {
      reads.push(name);
      return original.apply(this, args);
    });
    restore.push(() => Reflect.set(target, name, original));
  }
  return () => {
    for (const undo of restore) undo();
    return reads;
  };
}

export function installTableBench(render: (rows: Offer[]) => ReactElement): void {
  // ICU's number formatting, initialised here in every page: the first `Intl.NumberFormat` of a
  // page costs 20–45 ms on a 2-core machine whoever creates it, and an app showing a run's result
  // has formatted numbers or dates before. Both tables create theirs while rendering.
  new Intl.NumberFormat('en-GB').format(1);
  const container = document.getElementById('root') as HTMLElement;
  const longTasks: PerformanceEntry[] = [];
  new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });

  const table = () => container.querySelector('table');
  const scroller = () => container.querySelector<HTMLElement>('[role="region"]') ?? document.scrollingElement;
  const bodyRows = () => [...(table()?.tBodies[0]?.rows ?? [])].filter((row) => row.getAttribute('aria-hidden') !== 'true');

  let prepared: ReactElement | undefined;

  const api: TableBenchApi = {
    async prepare(count) {
      prepared = render(offers(count));
      // Out of the mount's task, and out of its CPU time (bench/sections/data-table.ts).
      await new Promise((resolve) => setTimeout(resolve, 0));
    },

    async mount(options = {}) {
      const element = prepared;
      if (!element) throw new Error('prepare(rows) first');
      const watch = options.countLayoutReads === true ? watchLayoutReads() : undefined;
      const start = performance.now();
      const root = createRoot(container);
      flushSync(() => root.render(element));
      const renderMs = performance.now() - start;
      const layoutReads = watch?.();
      void document.body.offsetHeight;
      const firstRenderMs = performance.now() - start;
      await nextFrame();
      await nextFrame();
      // Long-task entries are delivered in a task after the long task.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const rowCount = table()?.getAttribute('aria-rowcount');
      return {
        renderMs,
        firstRenderMs,
        longestTaskMs: Math.max(0, ...longTasksSince(longTasks, start)),
        ariaRowCount: rowCount ? Number(rowCount) : null,
        renderedRows: bodyRows().length,
        columnHeaders: [...(table()?.tHead?.querySelectorAll('th') ?? [])].map((cell) => cell.textContent ?? ''),
        ...(layoutReads ? { layoutReads } : {}),
      };
    },

    async scroll({ steps, stepPx, jumps }) {
      const element = scroller();
      if (!element) throw new Error('nothing to scroll');
      const start = performance.now();
      const frames: number[] = [await nextFrame()];
      for (let step = 0; step < steps; step++) {
        element.scrollTop += stepPx;
        frames.push(await nextFrame());
      }
      for (let jump = 1; jump <= jumps; jump++) {
        element.scrollTop = (element.scrollHeight * jump) / (jumps + 1);
        frames.push(await nextFrame());
        frames.push(await nextFrame());
      }
      element.scrollTop = element.scrollHeight;
      frames.push(await nextFrame());
      frames.push(await nextFrame());
      await new Promise((resolve) => setTimeout(resolve, 0));
      const intervals = frames.slice(1).map((time, index) => time - (frames[index] as number));
      const sorted = [...intervals].sort((a, b) => a - b);
      const during = longTasksSince(longTasks, start);
      const header = table()?.tHead?.querySelector('th');
      const last = bodyRows().at(-1)?.getAttribute('aria-rowindex');
      return {
        longestFrameMs: sorted.at(-1) ?? 0,
        p95FrameMs: sorted[Math.floor((sorted.length - 1) * 0.95)] ?? 0,
        frames: intervals.length,
        longTasks: during.length,
        longestTaskMs: Math.max(0, ...during),
        lastRowIndex: last ? Number(last) : null,
        headerInView:
          header !== null && header !== undefined && Math.abs(header.getBoundingClientRect().top - element.getBoundingClientRect().top) < 2,
      };
    },
  };
  window.tableBench = api;
}

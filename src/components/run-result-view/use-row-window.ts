import { useCallback, useState, useSyncExternalStore, type RefObject } from 'react';

/** Before anything is laid out (and in jsdom, which lays nothing out): a row and a viewport of usual size. */
const ESTIMATED_ROW_PX = 36;
const ESTIMATED_VIEWPORT_PX = 480;
/** Caption and header above the first body row before they are measured, in rows. */
const ESTIMATED_BODY_OFFSET_ROWS = 2;
/**
 * Rows rendered beyond each edge of the viewport. The window also moves in steps of this many
 * rows, so scrolling renders again once every few rows rather than on every scroll event.
 */
const OVERSCAN_ROWS = 8;

interface RowWindow {
  /** First rendered row (0-based, of the body rows). */
  start: number;
  /** One past the last rendered row. */
  end: number;
  /** Height of one body row, px: what the spacers above and below are made of. */
  rowHeight: number;
}

interface Metrics {
  /** Whether the fields below were read from the page rather than estimated. */
  measured: boolean;
  scrollTop: number;
  viewport: number;
  rowHeight: number;
  /** Caption and header above the first body row, px. */
  bodyOffset: number;
  /** Rows beyond each edge: none until the first paint, `OVERSCAN_ROWS` after. */
  overscan: number;
}

/**
 * What the window is computed from, kept between renders and changed only by the scroller's
 * events: never read from the DOM while React renders, which would force a layout in the middle
 * of the mount.
 */
function createMetrics() {
  const current: Metrics = { measured: false, scrollTop: 0, viewport: 0, rowHeight: 0, bodyOffset: 0, overscan: 0 };
  return {
    read: (): Readonly<Metrics> => current,
    update: (next: Partial<Metrics>) => Object.assign(current, next),
  };
}

/**
 * The rows of a long table to render: those in view in the scrolling element of `scrollerRef`
 * (read when React subscribes, after the commit that attached it), and, from the first paint on,
 * `OVERSCAN_ROWS` on each side. The scroll position is read on each scroll event; the viewport,
 * the height of a rendered row and of the caption and header when the scroller or the table
 * change size (a `ResizeObserver`, whose first call comes after the first layout, so the mount
 * itself never waits for one). React reads the window as an external store, so a scroll renders
 * the new rows before the frame is painted. Every row has the same height (the stylesheet fixes
 * it), which is what makes the positions computable without rendering the rows.
 */
export function useRowWindow(scrollerRef: RefObject<HTMLElement | null>, count: number, enabled: boolean): RowWindow {
  const [metrics] = useState(createMetrics);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const scroller = scrollerRef.current;
      if (!scroller || !enabled) return () => undefined;
      let widen: ReturnType<typeof setTimeout> | undefined;
      const onScroll = () => {
        metrics.update({ scrollTop: scroller.scrollTop, overscan: OVERSCAN_ROWS });
        onChange();
      };
      const onResize = () => {
        const before = windowKey(metrics.read(), count, enabled);
        metrics.update(measure(scroller));
        // A window that only shrinks waits for the overscan below: rendering again now would
        // cost the first frame a render that changes nothing in view.
        if (!covers(before, windowKey(metrics.read(), count, enabled))) onChange();
        // The overscan only matters once the table scrolls: made in a task of its own, after the
        // frame this callback belongs to is painted, it adds nothing to the first render.
        widen ??= setTimeout(() => {
          metrics.update({ overscan: OVERSCAN_ROWS });
          onChange();
        }, 0);
      };
      scroller.addEventListener('scroll', onScroll, { passive: true });
      if (typeof ResizeObserver === 'undefined') {
        // No layout to observe (jsdom): what there is to measure, once, and no paint to wait for.
        metrics.update({ ...measure(scroller), overscan: OVERSCAN_ROWS });
        onChange();
        return () => scroller.removeEventListener('scroll', onScroll);
      }
      const observer = new ResizeObserver(onResize);
      observer.observe(scroller);
      const table = scroller.querySelector('table');
      if (table) observer.observe(table);
      return () => {
        scroller.removeEventListener('scroll', onScroll);
        observer.disconnect();
        clearTimeout(widen);
      };
    },
    [scrollerRef, enabled, metrics, count],
  );
  // A string, so an unchanged window is an equal snapshot and renders nothing.
  const key = useSyncExternalStore(
    subscribe,
    () => windowKey(metrics.read(), count, enabled),
    () => windowKey(undefined, count, enabled),
  );
  const [start = 0, end = count, rowHeight = ESTIMATED_ROW_PX] = key.split(':').map(Number);
  return { start, end, rowHeight };
}

function windowKey(metrics: Readonly<Metrics> | undefined, count: number, enabled: boolean): string {
  if (!enabled) return `0:${count}:${ESTIMATED_ROW_PX}`;
  const measured = metrics?.measured === true;
  const rowHeight = (measured && metrics.rowHeight) || ESTIMATED_ROW_PX;
  const viewport = (measured && metrics.viewport) || ESTIMATED_VIEWPORT_PX;
  const bodyOffset = measured ? metrics.bodyOffset : ESTIMATED_BODY_OFFSET_ROWS * rowHeight;
  // Where the body's rows meet the top and the bottom of the viewport, px from the first row.
  const top = (metrics?.scrollTop ?? 0) - bodyOffset;
  const firstVisible = Math.min(count, Math.floor(Math.max(0, top) / rowHeight));
  const lastVisible = Math.min(count, Math.max(firstVisible + 1, Math.ceil((top + viewport) / rowHeight)));
  const overscan = metrics?.overscan ?? 0;
  if (overscan === 0) return `${firstVisible}:${lastVisible}:${Math.round(rowHeight * 100) / 100}`;
  // Snapped to steps of the overscan: the window changes only when the view nears its edge.
  const start = Math.max(0, Math.floor(firstVisible / overscan) * overscan - overscan);
  const end = Math.min(count, Math.ceil(lastVisible / overscan) * overscan + overscan);
  return `${Math.min(start, end)}:${end}:${Math.round(rowHeight * 100) / 100}`;
}

/** Whether the window of `rendered` holds every row of `needed`, at the same row height. */
function covers(rendered: string, needed: string): boolean {
  const [start = 0, end = 0, rowHeight] = rendered.split(':').map(Number);
  const [nextStart = 0, nextEnd = 0, nextRowHeight] = needed.split(':').map(Number);
  return rowHeight === nextRowHeight && start <= nextStart && end >= nextEnd;
}

function measure(scroller: HTMLElement): Partial<Metrics> {
  const table = scroller.querySelector('table');
  const row = table?.tBodies[0]?.querySelector<HTMLElement>(':scope > tr[aria-rowindex]');
  return {
    measured: true,
    scrollTop: scroller.scrollTop,
    viewport: scroller.clientHeight,
    rowHeight: row?.getBoundingClientRect().height ?? 0,
    // offsetHeight, not a bounding box: the header is sticky, so its box moves as the table scrolls.
    bodyOffset: (table?.caption?.offsetHeight ?? 0) + (table?.tHead?.offsetHeight ?? 0),
  };
}

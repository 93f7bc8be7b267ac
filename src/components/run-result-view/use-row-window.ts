import { useCallback, useState, useSyncExternalStore, type RefObject } from 'react';

/** Before anything is laid out (and in jsdom, which lays nothing out): a row and a viewport of usual size. */
const ESTIMATED_ROW_PX = 36;
const ESTIMATED_VIEWPORT_PX = 480;
/**
 * Rows rendered beyond each edge of the viewport. The window also moves in steps of this many
 * rows, so scrolling renders again once every few rows rather than on every scroll event.
 */
export const OVERSCAN_ROWS = 8;

export interface RowWindow {
  /** First rendered row (0-based, of the body rows). */
  start: number;
  /** One past the last rendered row. */
  end: number;
  /** Height of one body row, px: what the spacers above and below are made of. */
  rowHeight: number;
}

interface Metrics {
  scrollTop: number;
  viewport: number;
  rowHeight: number;
  /** Caption and header above the first body row, px. */
  bodyOffset: number;
}

/**
 * What the window is computed from, kept between renders and changed only by the scroller's
 * events: never read from the DOM while React renders, which would force a layout in the middle
 * of the mount.
 */
function createMetrics() {
  const current: Metrics = { scrollTop: 0, viewport: 0, rowHeight: 0, bodyOffset: 0 };
  return {
    read: (): Readonly<Metrics> => current,
    update: (next: Partial<Metrics>) => Object.assign(current, next),
  };
}

/**
 * The rows of a long table to render: those in view in the scrolling element of `scrollerRef`
 * (read when React subscribes, after the commit that attached it), and `OVERSCAN_ROWS` on each
 * side. The scroll position is read on each scroll event; the viewport,
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
      const onScroll = () => {
        metrics.update({ scrollTop: scroller.scrollTop });
        onChange();
      };
      const onResize = () => {
        metrics.update(measure(scroller));
        onChange();
      };
      scroller.addEventListener('scroll', onScroll, { passive: true });
      if (typeof ResizeObserver === 'undefined') {
        // No layout to observe (jsdom): what there is to measure, once.
        onResize();
        return () => scroller.removeEventListener('scroll', onScroll);
      }
      const observer = new ResizeObserver(onResize);
      observer.observe(scroller);
      const table = scroller.querySelector('table');
      if (table) observer.observe(table);
      return () => {
        scroller.removeEventListener('scroll', onScroll);
        observer.disconnect();
      };
    },
    [scrollerRef, enabled, metrics],
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

function windowKey(measured: Readonly<Metrics> | undefined, count: number, enabled: boolean): string {
  if (!enabled) return `0:${count}:${ESTIMATED_ROW_PX}`;
  const rowHeight = measured?.rowHeight || ESTIMATED_ROW_PX;
  const viewport = measured?.viewport || ESTIMATED_VIEWPORT_PX;
  const scrolled = Math.max(0, (measured?.scrollTop ?? 0) - (measured?.bodyOffset ?? 0));
  const firstVisible = Math.floor(scrolled / rowHeight);
  const lastVisible = Math.ceil((scrolled + viewport) / rowHeight);
  // Snapped to steps of OVERSCAN_ROWS: the window changes only when the view nears its edge.
  const start = Math.max(0, Math.floor(firstVisible / OVERSCAN_ROWS) * OVERSCAN_ROWS - OVERSCAN_ROWS);
  const end = Math.min(count, Math.ceil(lastVisible / OVERSCAN_ROWS) * OVERSCAN_ROWS + OVERSCAN_ROWS);
  return `${Math.min(start, end)}:${end}:${Math.round(rowHeight * 100) / 100}`;
}

function measure(scroller: HTMLElement): Metrics {
  const table = scroller.querySelector('table');
  const row = table?.tBodies[0]?.querySelector<HTMLElement>(':scope > tr[aria-rowindex]');
  return {
    scrollTop: scroller.scrollTop,
    viewport: scroller.clientHeight,
    rowHeight: row?.getBoundingClientRect().height ?? 0,
    // offsetHeight, not a bounding box: the header is sticky, so its box moves as the table scrolls.
    bodyOffset: (table?.caption?.offsetHeight ?? 0) + (table?.tHead?.offsetHeight ?? 0),
  };
}

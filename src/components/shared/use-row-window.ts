import { useCallback, useState, useSyncExternalStore, type RefObject } from 'react';
import { useIsomorphicLayoutEffect } from '../../utils/react';

/**
 * Rows rendered beyond each edge of the view. The window also moves in steps of this many rows,
 * so a scroll renders again once every few rows rather than on every scroll event.
 */
const OVERSCAN_ROWS = 8;
/** A row's height before anything is laid out (and in jsdom, which lays nothing out). */
const ESTIMATED_ROW_PX = 36;

/** Sizes of a scroller's rows, as a `RowSizeObserver` reads them (px). */
export interface RowSizes {
  /** The scroller's inner height. */
  viewport: number;
  /** A row's height (fractional). */
  rowHeight: number;
  /** What sits above the first row inside the scroller (a caption, a header). */
  offset: number;
  /** Whether the rows around the view may be rendered now (see `RowWindowOptions.observe`). */
  overscan: boolean;
}

/** Reads the sizes of `scroller` and hands each change to `resized`; returns what stops it. */
export type RowSizeObserver = (scroller: HTMLElement, resized: (sizes: RowSizes) => void) => () => void;

export interface RowWindowOptions {
  /** Rows in all. Required. */
  count: number;
  /** Whether to window at all: `false` gives every row and listens to nothing. Default: true. */
  enabled?: boolean;
  /** Selects a rendered row inside the scroller, whose height is every row's height. Required. */
  rowSelector: string;
  /** Rows in view until the scroller's height is known (and in jsdom, which lays nothing out). Required. */
  rowsInView: number;
  /**
   * Reads the view's height, the rows' and what sits above them as they change (a
   * `ResizeObserver`), for a scroller whose height or header the page sets. With one, the rows
   * around the view wait for its first `overscan: true`, so a mount of many rows shows sooner.
   * Default: none (`rowsInView` rows in view, a row measured when the list scrolls, the rows
   * around the view from the first render).
   */
  observe?: RowSizeObserver;
}

export interface RowWindow {
  /** First row to render (0-based). */
  start: number;
  /** One past the last row to render. */
  end: number;
  /** A row's height, px (fractional: a rounded height would drift over thousands of rows); the estimate before layout. */
  rowHeight: number;
  /** Scrolls the least that shows row `index` whole, in the frame of the render it causes (layout or not). */
  scrollToRow: (index: number) => void;
}

/** What the last render was given: `rows` is `rowsInView`, `late` whether an observer widens the window. */
interface Settings {
  count: number;
  enabled: boolean;
  rows: number;
  late: boolean;
}

/** The height of the first row `rowSelector` finds in `scroller`, px (fractional), or 0 before layout. */
export const rowHeightIn = (scroller: HTMLElement, rowSelector: string) =>
  scroller.querySelector(rowSelector)?.getBoundingClientRect().height ?? 0;

/**
 * What the window is computed from, in variables of its own, changed only by the scroller's events,
 * `scrollToRow` and effects: never read from the DOM while React renders, which would force a
 * layout in the middle of a mount.
 */
function createRowWindow() {
  let scrollTop = 0;
  let viewport = 0;
  let rowHeight = 0;
  let offset = 0;
  /** With an observer: whether it let the rows around the view in. */
  let widened = false;
  /** A row `scrollToRow` put at the top and not yet scrolled to: the window follows it, layout or not. */
  let anchor: number | undefined;
  let settings: Settings = { count: 0, enabled: false, rows: 1, late: false };
  /** The subscription's, while there is one. */
  let notify = () => {};
  const height = () => rowHeight || ESTIMATED_ROW_PX;
  /** Px from the first row to the top of the view. */
  const top = () => (anchor === undefined ? scrollTop - offset : anchor * height());
  /** The row at the top of the view; a pixel of slack absorbs the rounding of `scrollTop`. */
  const firstInView = () => Math.floor(Math.max(0, top() + 1) / height());
  const rowsShown = (rows: number) => (viewport ? viewport / height() : rows);
  const range = ({ count, enabled, rows, late }: Settings) => {
    if (!enabled) return [0, count];
    const first = Math.min(count, firstInView());
    const last = Math.min(count, Math.max(first + 1, Math.ceil(top() / height() + rowsShown(rows))));
    if (late && !widened) return [first, last];
    // Snapped to steps of the overscan: the window changes only when the view nears its edge.
    const start = Math.max(0, Math.floor(first / OVERSCAN_ROWS) * OVERSCAN_ROWS - OVERSCAN_ROWS);
    return [start, Math.min(count, Math.ceil(last / OVERSCAN_ROWS) * OVERSCAN_ROWS + OVERSCAN_ROWS)];
  };

  return {
    /** `start:end:rowHeight`: a string, so an unchanged window is an equal snapshot and renders nothing. */
    key: (next: Settings) => `${range(next).join(':')}:${height()}`,
    /**
     * After each render: keeps what it was given for the scroller's events, and scrolls to the row
     * of `scrollToRow` once it is rendered, its scroller shown and a row there to measure (the
     * scroll event that follows then finds the view where it already is).
     */
    update: (next: Settings, scroller: HTMLElement | null, rowSelector: string) => {
      settings = next;
      // A hidden scroller forgets where it was scrolled.
      if (!next.enabled) {
        scrollTop = 0;
        anchor = undefined;
      }
      const measured = anchor === undefined || !scroller ? 0 : rowHeightIn(scroller, rowSelector);
      if (scroller && measured > 0) {
        // Kept: the scroll event this causes is read with the height it was made with.
        rowHeight = measured;
        scroller.scrollTop = offset + (anchor as number) * measured;
      }
    },
    listen: (scroller: HTMLElement, rowSelector: string, observe: RowSizeObserver | undefined, onChange: () => void) => {
      const onScroll = () => {
        scrollTop = scroller.scrollTop;
        // Without an observer, read as the list moves (its layout is fresh then): a font or a zoom may change it.
        if (!observe) rowHeight = rowHeightIn(scroller, rowSelector);
        anchor = undefined;
        widened = true;
        onChange();
      };
      // The page may have scrolled before this subscription (a link to a row, a test's script right
      // after the render), and that scroll event reached no one. Reading `scrollTop` lays the page
      // out: React subscribes inside the commit of a synchronous render, so with an observer the
      // position is read at its first call, which comes after the browser's own layout.
      let caughtUp = false;
      const catchUp = () => {
        caughtUp = true;
        if (scroller.scrollTop === scrollTop) return false;
        onScroll();
        return true;
      };
      const resized = (sizes: RowSizes) => {
        const [start = 0, end = 0] = range(settings);
        const before = [rowHeight, widened];
        ({ viewport, rowHeight, offset } = sizes);
        widened ||= sizes.overscan;
        if (!caughtUp && catchUp()) return;
        const [nextStart = 0, nextEnd = 0] = range(settings);
        // A window that only shrinks waits for the overscan: rendering again now would cost the
        // first frame a render that changes nothing in view.
        if (before[0] !== rowHeight || before[1] !== widened || nextStart < start || nextEnd > end) onChange();
      };
      notify = onChange;
      scroller.addEventListener('scroll', onScroll);
      if (!observe) catchUp();
      const stop = observe?.(scroller, resized);
      return () => {
        notify = () => {};
        scroller.removeEventListener('scroll', onScroll);
        stop?.();
      };
    },
    scrollToRow: (index: number) => {
      const first = firstInView();
      const rows = Math.max(1, Math.floor(rowsShown(settings.rows) + 1 / height()));
      const next = index < first ? index : index >= first + rows ? index - rows + 1 : first;
      if (next === first) return;
      anchor = next;
      notify();
    },
  };
}

/**
 * The rows of a long list or table to render: those in view in the scrolling element of
 * `scrollerRef`, and a few on each side. Every row has the same height (the stylesheet fixes it),
 * so positions are computed without rendering the rows. The scroll position and a row's height are
 * read on each scroll event, other sizes by `observe`: never while React renders, which would force
 * a layout in the middle of a mount. React reads the window as an external store, so a scroll
 * renders the new rows before the frame is painted. While `enabled` is false the position is
 * forgotten, as a hidden scroller forgets it.
 */
export function useRowWindow(scrollerRef: RefObject<HTMLElement | null>, options: RowWindowOptions): RowWindow {
  const { rowSelector, observe } = options;
  const settings: Settings = {
    count: options.count,
    enabled: options.enabled ?? true,
    rows: options.rowsInView,
    late: observe !== undefined,
  };
  const [rowWindow] = useState(createRowWindow);
  useIsomorphicLayoutEffect(() => rowWindow.update(settings, scrollerRef.current, rowSelector));
  const subscribe = useCallback(
    (onChange: () => void) => {
      const scroller = scrollerRef.current;
      return scroller && settings.enabled ? rowWindow.listen(scroller, rowSelector, observe, onChange) : () => undefined;
    },
    [scrollerRef, settings.enabled, rowWindow, rowSelector, observe],
  );
  const snapshot = () => rowWindow.key(settings);
  const key = useSyncExternalStore(subscribe, snapshot, snapshot);
  const [start = 0, end = 0, rowHeight = ESTIMATED_ROW_PX] = key.split(':').map(Number);
  return { start, end, rowHeight, scrollToRow: rowWindow.scrollToRow };
}

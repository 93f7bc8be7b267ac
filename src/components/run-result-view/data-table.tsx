import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode, type Ref, type RefObject } from 'react';
import type { DataTableEntry } from '../../client';
import { useMessageGroup, useProvidedLocale } from '../../hooks';
import { enDataTableMessages, numberFormat } from '../../messages';
import { formatValue, rowHeightIn, useRowWindow, type RowSizeObserver } from '../shared';

import type { DataTableMessages } from './messages';
import { useDataTableRows } from './use-data-table-columns';
import { cx, isRecord } from '../../utils';
import { assignRef, withRefProp } from '../../utils/react';

/** Rows up to which every row is rendered; above, only those in view (`windowAbove`'s default). */
const DEFAULT_WINDOW_ABOVE = 200;
const WINDOWED_WRAPPER = { maxHeight: 'var(--hitl-data-table-max-height, 28rem)', overflow: 'auto' } as const;
const ROW_SELECTOR = 'tbody > tr[aria-rowindex]';

/**
 * The sizes of a windowed table, when the wrapper or the table change size: a `ResizeObserver`,
 * whose first call comes after the first layout, so the mount itself never waits for one. The
 * rows around the view come in a task of their own, after the frame that callback belongs to is
 * painted: they add nothing to the first render.
 */
const observeTable: RowSizeObserver = (wrapper, resized) => {
  const measure = (overscan: boolean) => {
    const table = wrapper.querySelector('table');
    resized({
      viewport: wrapper.clientHeight,
      rowHeight: rowHeightIn(wrapper, ROW_SELECTOR),
      // offsetHeight, not a bounding box: the header is sticky, so its box moves as the table scrolls.
      offset: (table?.caption?.offsetHeight ?? 0) + (table?.tHead?.offsetHeight ?? 0),
      overscan,
    });
  };
  if (typeof ResizeObserver === 'undefined') {
    // No layout to observe (jsdom): what there is to measure, once, and no paint to wait for.
    measure(true);
    return () => undefined;
  }
  let widen: ReturnType<typeof setTimeout> | undefined;
  const observer = new ResizeObserver(() => {
    measure(false);
    widen ??= setTimeout(() => measure(true), 0);
  });
  observer.observe(wrapper);
  if (wrapper.firstElementChild) observer.observe(wrapper.firstElementChild);
  return () => {
    observer.disconnect();
    clearTimeout(widen);
  };
};
/**
 * Rows whose text sizes the columns of a windowed table: this many first, as many spread over the
 * rest. Each is formatted while the table mounts, a few times the rows it first shows.
 */
const WIDTH_SAMPLE_ROWS = 30;

export interface DataTableProps {
  /** The rows (`RunResult.dataTable`). Untrusted: every key and value is rendered as text. Required. */
  rows: readonly DataTableEntry[];
  /** The table's `<caption>`. Default: `messages.caption()`, "Extracted data". */
  caption?: string;
  /** Locale(s) for numbers, as `Intl.NumberFormat` takes them. Default: the `locale` of `<MessagesProvider>`'s messages, else the browser's. */
  locale?: string | readonly string[];
  /** Replaces some of the texts. Default: those of `<MessagesProvider>` (`dataTable` group), else English. */
  messages?: Partial<DataTableMessages>;
  /**
   * Above this many rows the table is windowed: it scrolls inside its wrapper (at most
   * `--hitl-data-table-max-height` tall, 28rem by default), renders only the rows in view (and,
   * once it is painted, a few around them), keeps its header in view, and gives every row one line (longer text is cut
   * with an ellipsis). `aria-rowcount` and `aria-rowindex` tell assistive technology the true
   * count and position. `Infinity` renders every row whatever the count. Default: 200.
   */
  windowAbove?: number;
  /** Added to the wrapper's classes (`hitl-data-table`). Default: none. */
  className?: string;
  /** The wrapper `<div>` element. Default: none. */
  ref?: Ref<HTMLDivElement>;
}

function cell(row: unknown, key: string): unknown {
  // Own keys only: a column named "constructor" must not show Object.prototype.constructor. Not an
  // object: a row of a long table not read yet (useDataTableRows), shown empty until it is dropped.
  return isRecord(row) && Object.hasOwn(row, key) ? row[key] : undefined;
}

/**
 * A run's extracted data as an accessible `<table>`: a `<caption>`, `<th scope="col">` headers,
 * the `title` cell of each row as its `<th scope="row">`, numbers formatted with
 * `Intl.NumberFormat` (and aligned by `data-type="number"`), other values as text. Without rows it
 * shows a sentence instead (`data-state="empty"`). The wrapper scrolls sideways and is focusable
 * when the table is wider than the page, so keyboard users can scroll it. Long tables (more than
 * `windowAbove` rows) are windowed (`data-windowed`): see `windowAbove`.
 */
export const DataTable = withRefProp(function DataTable({
  rows,
  caption,
  locale,
  messages,
  windowAbove = DEFAULT_WINDOW_ABOVE,
  className,
  ref,
}: DataTableProps) {
  const resolved = useMessageGroup('dataTable', enDataTableMessages, messages);
  const [overflowing, setOverflowing] = useState(false);
  // A ref, not state: the wrapper is only needed by effects and event handlers, and keeping it in
  // state would render the whole table a second time as soon as it mounted.
  const wrapper = useRef<HTMLDivElement | null>(null);
  const wrapperRef = useCallback(
    (node: HTMLDivElement | null) => {
      wrapper.current = node;
      assignRef(ref, node);
    },
    [ref],
  );
  const captionId = useId();
  const providedLocale = useProvidedLocale();
  const localeKey = typeof locale === 'string' ? locale : (locale?.join(',') ?? providedLocale);
  // Keyed by the joined tags, not the array, which callers often pass inline.
  const numbers = useMemo(() => numberFormat(localeKey?.split(',')), [localeKey]);
  const { objects, columns } = useDataTableRows(rows);
  const windowed = objects.length > windowAbove;
  useOverflowWatch(wrapper, objects.length > 0 && columns.length > 0, setOverflowing);
  const { start, end, rowHeight } = useRowWindow(wrapper, {
    count: objects.length,
    enabled: windowed,
    rowSelector: ROW_SELECTOR,
    // Before layout: a view of 480 px less a caption and a header of about two rows of 36 px.
    rowsInView: 12,
    observe: observeTable,
  });
  const format = useCallback(
    (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? numbers.format(value) : formatValue(value)),
    [numbers],
  );
  const widths = useMemo(() => (windowed ? columnWidths(objects, columns, format) : undefined), [windowed, objects, columns, format]);
  const wrapperClass = cx('hitl-data-table', className);
  const captionText = caption ?? resolved.caption();

  if (objects.length === 0 || columns.length === 0) {
    return (
      <div ref={ref} className={wrapperClass} data-state="empty">
        <p className="hitl-data-table-empty">
          <span className="hitl-data-table-empty-caption">{captionText}: </span>
          {resolved.empty()}
        </p>
      </div>
    );
  }

  const renderRow = (row: unknown, index: number) => (
    <DataRow key={index} row={row} rowIndex={windowed ? index + 2 : undefined} columns={columns} format={format} />
  );
  const body: ReactNode[] = [];
  if (windowed) {
    body.push(spacer('above', start * rowHeight, columns.length));
    for (let index = start; index < end; index++) body.push(renderRow(objects[index], index));
    body.push(spacer('below', (objects.length - end) * rowHeight, columns.length));
  }

  return (
    <div
      ref={wrapperRef}
      className={wrapperClass}
      data-state="filled"
      data-overflowing={overflowing ? '' : undefined}
      data-windowed={windowed ? '' : undefined}
      role="region"
      aria-labelledby={captionId}
      // A Tab stop only while there is something to scroll (a windowed table always scrolls):
      // otherwise it would be a stop for nothing.
      tabIndex={overflowing || windowed ? 0 : undefined}
      // Inline as well as in the stylesheet: without a height of its own the wrapper would not scroll,
      // every row would be "in view", and an app that does not import the stylesheet would render them all.
      style={windowed ? WINDOWED_WRAPPER : undefined}
    >
      <table
        className="hitl-data-table-table"
        // The header row counts: row 1 is the header, data row i is row i + 2.
        aria-rowcount={windowed ? objects.length + 1 : undefined}
        style={widths ? { width: `calc(${widths.total}ch + ${widths.count * 1.5}rem)` } : undefined}
      >
        <caption id={captionId}>{captionText}</caption>
        {widths ? (
          <colgroup>
            {widths.columns.map((width, index) => (
              <col key={columns[index]} style={{ width: `calc(${width}ch + 1.5rem)` }} />
            ))}
          </colgroup>
        ) : null}
        <thead>
          <tr aria-rowindex={windowed ? 1 : undefined}>
            {columns.map((key) => (
              <th key={key} scope="col" data-column={key}>
                <bdi>{resolved.columnHeader({ key })}</bdi>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{windowed ? body : objects.map(renderRow)}</tbody>
      </table>
    </div>
  );
});

interface DataRowProps {
  row: unknown;
  /** `aria-rowindex`, in a windowed table only. */
  rowIndex: number | undefined;
  columns: readonly string[];
  format: (value: unknown) => string;
}

/**
 * One body row. Memoized: when a scroll moves the window of a long table, the rows still in it
 * render nothing again, and only those that came into it are made.
 */
const DataRow = memo(function DataRow({ row, rowIndex, columns, format }: DataRowProps) {
  const rowHeader = columns[0] === 'title';
  return (
    <tr aria-rowindex={rowIndex}>
      {columns.map((key, column) => {
        const value = cell(row, key);
        const content = <bdi>{format(value)}</bdi>;
        const type = typeof value === 'number' ? 'number' : undefined;
        return rowHeader && column === 0 ? (
          <th key={key} scope="row" data-column={key} data-type={type}>
            {content}
          </th>
        ) : (
          <td key={key} data-column={key} data-type={type}>
            {content}
          </td>
        );
      })}
    </tr>
  );
});

/** Stands for the rows not rendered, so the scrollbar and the rendered rows sit where all rows would. */
function spacer(position: 'above' | 'below', height: number, span: number): ReactNode {
  if (height <= 0) return null;
  return (
    <tr key={`spacer-${position}`} className="hitl-data-table-spacer" aria-hidden="true" style={{ height }}>
      <td colSpan={span} />
    </tr>
  );
}

/**
 * Widths of a windowed table's columns, in `ch`: the longest header or text among a sample of
 * rows (the first ones, then rows spread over the rest), between 4 and 40. Fixed, so the columns
 * do not jump as other rows scroll into view.
 */
function columnWidths(
  rows: readonly unknown[],
  columns: readonly string[],
  format: (value: unknown) => string,
): { columns: number[]; total: number; count: number } {
  const step = Math.max(1, Math.floor(rows.length / WIDTH_SAMPLE_ROWS));
  const sample: unknown[] = [];
  for (let index = 0; index < rows.length && sample.length < WIDTH_SAMPLE_ROWS * 2; index += index < WIDTH_SAMPLE_ROWS ? 1 : step) {
    sample.push(rows[index]);
  }
  const widths = columns.map((key) => {
    let longest = key.length;
    for (const row of sample) longest = Math.max(longest, format(cell(row, key)).length);
    return Math.min(40, Math.max(4, longest + 1));
  });
  return { columns: widths, total: widths.reduce((sum, width) => sum + width, 0), count: widths.length };
}

/**
 * Whether the table is wider than its wrapper, now and whenever either changes size, once the
 * wrapper (`filled`) is in the page.
 */
function useOverflowWatch(wrapper: RefObject<HTMLDivElement | null>, filled: boolean, report: (overflowing: boolean) => void) {
  useEffect(() => {
    const element = wrapper.current;
    if (!filled || !element) return undefined;
    const check = () => report(element.scrollWidth > element.clientWidth);
    if (typeof ResizeObserver === 'undefined') {
      check();
      return undefined;
    }
    // Its first call comes after the first layout: reading the widths here instead would force a
    // layout inside the mount (passive effects of a synchronous render run in the same task).
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [wrapper, filled, report]);
}

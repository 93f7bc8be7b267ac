import { useCallback, useEffect, useId, useMemo, useState, type Ref } from 'react';
import type { DataTableEntry } from '../../client';
import { formatValue, useMessages } from '../shared';

import { defaultDataTableMessages, type DataTableMessages } from './messages';
import { cx, isRecord } from '../../utils';
import { assignRef } from '../../utils/react';

export interface DataTableProps {
  /** The rows (`RunResult.dataTable`). Untrusted: every key and value is rendered as text. Required. */
  rows: readonly DataTableEntry[];
  /** The table's `<caption>`. Default: `messages.caption()`, "Extracted data". */
  caption?: string;
  /** Locale(s) for numbers, as `Intl.NumberFormat` takes them. Default: the browser's. */
  locale?: string | readonly string[];
  /** Replaces some of the texts. Default: the English `defaultDataTableMessages`. */
  messages?: Partial<DataTableMessages>;
  /** Added to the wrapper's classes (`hitl-data-table`). Default: none. */
  className?: string;
  /** The wrapper `<div>` element. Default: none. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * The columns, in order: `title` and `value` (the two fields the spec shows) when any row has
 * them, then every other key in the order first seen. Rows that are not objects are skipped.
 */
export function dataTableColumns(rows: readonly unknown[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) {
    if (!isRecord(row)) continue;
    for (const key of Object.keys(row)) seen.add(key);
  }
  const leading = ['title', 'value'].filter((key) => seen.has(key));
  return [...leading, ...[...seen].filter((key) => key !== 'title' && key !== 'value')];
}

function cell(row: Record<string, unknown>, key: string): unknown {
  // Own keys only: a column named "constructor" must not show Object.prototype.constructor.
  return Object.hasOwn(row, key) ? row[key] : undefined;
}

/**
 * A run's extracted data as an accessible `<table>`: a `<caption>`, `<th scope="col">` headers,
 * the `title` cell of each row as its `<th scope="row">`, numbers formatted with
 * `Intl.NumberFormat` (and aligned by `data-type="number"`), other values as text. Without rows it
 * shows a sentence instead (`data-state="empty"`). The wrapper scrolls sideways and is focusable
 * when the table is wider than the page, so keyboard users can scroll it.
 */
export function DataTable({ rows, caption, locale, messages, className, ref }: DataTableProps) {
  const resolved = useMessages(defaultDataTableMessages, messages);
  const [overflowing, setOverflowing] = useState(false);
  const wrapperRef = useOverflowWatch(ref, setOverflowing);
  const captionId = useId();
  const localeKey = typeof locale === 'string' ? locale : locale?.join(',');
  const numbers = useMemo(() => {
    try {
      return new Intl.NumberFormat(localeKey?.split(','));
    } catch {
      // An invalid locale tag: fall back to the browser's rather than fail the whole result.
      return new Intl.NumberFormat();
    }
    // Keyed by the joined tags, not the array, which callers often pass inline.
  }, [localeKey]);
  const objects = useMemo(() => rows.filter(isRecord), [rows]);
  const columns = useMemo(() => dataTableColumns(objects), [objects]);
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

  const format = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? numbers.format(value) : formatValue(value));
  const rowHeader = columns[0] === 'title';
  return (
    <div
      ref={wrapperRef}
      className={wrapperClass}
      data-state="filled"
      data-overflowing={overflowing ? '' : undefined}
      role="region"
      aria-labelledby={captionId}
      // A Tab stop only while there is something to scroll: otherwise it would be a stop for nothing.
      tabIndex={overflowing ? 0 : undefined}
    >
      <table className="hitl-data-table-table">
        <caption id={captionId}>{captionText}</caption>
        <thead>
          <tr>
            {columns.map((key) => (
              <th key={key} scope="col" data-column={key}>
                <bdi>{resolved.columnHeader({ key })}</bdi>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {objects.map((row, index) => (
            <tr key={index}>
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
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The wrapper's ref, forwarded to the caller's, and whether the table is wider than its wrapper,
 * now and whenever either changes size. (No ref cleanup functions: React 18.3 ignores them.)
 */
function useOverflowWatch(outer: Ref<HTMLDivElement> | undefined, report: (overflowing: boolean) => void) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      setElement(node);
      assignRef(outer, node);
    },
    [outer],
  );
  useEffect(() => {
    if (!element) return undefined;
    const check = () => report(element.scrollWidth > element.clientWidth);
    check();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [element, report]);
  return ref;
}

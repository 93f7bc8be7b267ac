import { useEffect, useMemo, useState } from 'react';
import { isRecord } from '../../utils';

/** Rows whose keys are read while rendering; the rest are read after, a chunk per task. */
const FIRST_PASS_ROWS = 1_000;
/** Rows read per task after the first render: a few milliseconds each, so no long task. */
const CHUNK_ROWS = 10_000;

function collectKeys(rows: readonly unknown[], from: number, to: number, seen: Set<string>): void {
  for (let index = from; index < to && index < rows.length; index++) {
    const row = rows[index];
    if (!isRecord(row)) continue;
    for (const key of Object.keys(row)) seen.add(key);
  }
}

function orderColumns(seen: ReadonlySet<string>): string[] {
  const leading = ['title', 'value'].filter((key) => seen.has(key));
  return [...leading, ...[...seen].filter((key) => key !== 'title' && key !== 'value')];
}

/**
 * The columns, in order: `title` and `value` (the two fields the spec shows) when any row has
 * them, then every other key in the order first seen. Rows that are not objects are skipped.
 */
export function dataTableColumns(rows: readonly unknown[]): string[] {
  const seen = new Set<string>();
  collectKeys(rows, 0, rows.length, seen);
  return orderColumns(seen);
}

/**
 * `dataTableColumns(rows)` without blocking the page for long tables: the first
 * `FIRST_PASS_ROWS` rows are read while rendering, the others after it, `CHUNK_ROWS` per task,
 * and a key found there adds its column when the last chunk is read. Reading in row order gives
 * exactly the columns, in exactly the order, of one full pass (sampling rows would be as quick
 * but could miss a key only a few rows have); 100,000 rows of five keys take some tens of
 * milliseconds in all, spread over about ten tasks.
 */
export function useDataTableColumns(rows: readonly unknown[]): string[] {
  const first = useMemo(() => {
    const seen = new Set<string>();
    collectKeys(rows, 0, FIRST_PASS_ROWS, seen);
    return seen;
  }, [rows]);
  const firstColumns = useMemo(() => orderColumns(first), [first]);
  const [complete, setComplete] = useState<{ rows: readonly unknown[]; columns: string[] } | undefined>(undefined);

  useEffect(() => {
    if (rows.length <= FIRST_PASS_ROWS) return undefined;
    const seen = new Set(first);
    let next = FIRST_PASS_ROWS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = () => {
      collectKeys(rows, next, next + CHUNK_ROWS, seen);
      next += CHUNK_ROWS;
      if (next < rows.length) timer = setTimeout(step, 0);
      // Only a key the first pass missed changes anything: otherwise no second render.
      else if (seen.size > first.size) setComplete({ rows, columns: orderColumns(seen) });
    };
    timer = setTimeout(step, 0);
    return () => clearTimeout(timer);
  }, [rows, first]);

  return complete?.rows === rows ? complete.columns : firstColumns;
}

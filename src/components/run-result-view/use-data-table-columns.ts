import { useEffect, useMemo, useState } from 'react';
import { isRecord } from '../../utils';

/**
 * Rows read while rendering; the rest are read after, a chunk per task. As many as a table
 * renders whole by default (`DataTable`'s `windowAbove`), so only a windowed table reads after.
 */
const FIRST_PASS_ROWS = 200;
/** Rows read per task after the first render: a few milliseconds each, so no long task. */
const CHUNK_ROWS = 10_000;

/** Adds the keys of the objects among `rows[from, to)` to `seen`; returns how many were not objects. */
function collectKeys(rows: readonly unknown[], from: number, to: number, seen: Set<string>): number {
  let skipped = 0;
  for (let index = from; index < to && index < rows.length; index++) {
    const row = rows[index];
    if (!isRecord(row)) skipped++;
    else for (const key of Object.keys(row)) seen.add(key);
  }
  return skipped;
}

/**
 * The columns, in order: `title` and `value` (the two fields the spec shows) when any row has
 * them, then every other key in the order first seen.
 */
function orderColumns(seen: ReadonlySet<string>): string[] {
  const leading = ['title', 'value'].filter((key) => seen.has(key));
  return [...leading, ...[...seen].filter((key) => key !== 'title' && key !== 'value')];
}

interface DataTableRows {
  /** The rows to show: those that are objects (see `useDataTableRows` for long tables). */
  objects: readonly unknown[];
  /** The columns of the rows read so far (see `orderColumns`); rows that are not objects have none. */
  columns: string[];
}

/**
 * The rows and their columns without blocking the page for long tables: the first
 * `FIRST_PASS_ROWS` rows are read while rendering, the others after it, `CHUNK_ROWS` per task.
 * Until then the rows not yet read are taken to be objects, as a well-formed result's are: a key
 * found later adds its column, and a row found not to be an object is dropped, when the last chunk
 * is read. Reading in row order gives exactly the columns, in exactly the order, of one full pass
 * (sampling rows would be as quick but could miss a key only a few rows have); 100,000 rows of
 * five keys take some tens of milliseconds in all, spread over about ten tasks.
 */
export function useDataTableRows(rows: readonly unknown[]): DataTableRows {
  const first = useMemo(() => {
    const seen = new Set<string>();
    const skipped = collectKeys(rows, 0, FIRST_PASS_ROWS, seen);
    // Checking or copying every row here would cost the mount of 100,000 rows several milliseconds.
    const objects = skipped === 0 ? rows : rows.filter(isRecord);
    return { seen, objects, columns: orderColumns(seen) };
  }, [rows]);
  const [complete, setComplete] = useState<(DataTableRows & { rows: readonly unknown[] }) | undefined>(undefined);

  useEffect(() => {
    if (rows.length <= FIRST_PASS_ROWS) return undefined;
    const seen = new Set(first.seen);
    let skipped = 0;
    let next = FIRST_PASS_ROWS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = () => {
      skipped += collectKeys(rows, next, next + CHUNK_ROWS, seen);
      next += CHUNK_ROWS;
      if (next < rows.length) timer = setTimeout(step, 0);
      else {
        const stale = skipped > 0 && first.objects === rows;
        // Only a key or a row the first pass could not know of changes anything: otherwise no second render.
        if (seen.size > first.seen.size || stale)
          setComplete({ rows, columns: orderColumns(seen), objects: stale ? rows.filter(isRecord) : first.objects });
      }
    };
    timer = setTimeout(step, 0);
    return () => clearTimeout(timer);
  }, [rows, first]);

  return complete?.rows === rows ? complete : first;
}

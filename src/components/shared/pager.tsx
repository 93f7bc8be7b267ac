import { useState } from 'react';
import { MAX_PAGE_LIMIT } from '../../client';

/** Clamps a page size to what the service allows (1 to `MAX_PAGE_LIMIT`); anything unusable becomes `fallback`. */
export function clampPageSize(value: number | undefined, fallback = 10): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(MAX_PAGE_LIMIT, Math.max(1, Math.floor(value)));
}

function clampPage(value: number | undefined): number | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return Math.max(1, Math.floor(value));
}

/** The controlled/uncontrolled page pair of the lists (`page`/`defaultPage`/`onPageChange`). */
export function usePage(options: {
  page?: number;
  defaultPage?: number;
  onPageChange?: (page: number) => void;
}): [number, (page: number) => void] {
  const [own, setOwn] = useState(() => clampPage(options.defaultPage) ?? 1);
  const controlled = clampPage(options.page);
  const page = controlled ?? own;
  const setPage = (next: number) => {
    if (controlled === undefined) setOwn(next);
    options.onPageChange?.(next);
  };
  return [page, setPage];
}

interface PagerProps {
  page: number;
  pageCount: number;
  /** Names the `<nav>`, e.g. "Task pages". */
  label: string;
  previous: string;
  next: string;
  position: string;
  onPageChange: (page: number) => void;
}

/**
 * Previous / "Page 2 of 5" / Next. The buttons use `aria-disabled` rather than `disabled` at the
 * ends, so focus stays on "Next" when it takes the person to the last page. The position is a
 * polite live region: it changes only when the person turns a page, and then it is worth hearing.
 */
export function Pager({ page, pageCount, label, previous, next, position, onPageChange }: PagerProps) {
  const first = page <= 1;
  const last = page >= pageCount;
  return (
    <nav className="hitl-pager" aria-label={label}>
      <button type="button" className="hitl-button" aria-disabled={first || undefined} onClick={() => !first && onPageChange(page - 1)}>
        {previous}
      </button>
      <span className="hitl-pager-position" aria-live="polite" aria-atomic="true">
        {position}
      </span>
      <button type="button" className="hitl-button" aria-disabled={last || undefined} onClick={() => !last && onPageChange(page + 1)}>
        {next}
      </button>
    </nav>
  );
}

/** Pages of a list: at least 1, so an empty list still reads "Page 1 of 1". */
export function pageCountOf(total: number | undefined, limit: number): number {
  if (total === undefined || !Number.isFinite(total) || total <= 0 || limit <= 0) return 1;
  return Math.max(1, Math.ceil(total / limit));
}

import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useLayoutEffect, useRef } from 'react';
import { useRowWindow } from '../../../src/components/shared';

/** A row height a browser gives at some zoom levels and fonts: a rounded height would drift over 10,000 rows. */
const ROW_PX = 33.6;
const COUNT = 10_000;

function Items({ enabled = true }: { enabled?: boolean }) {
  const ref = useRef<HTMLDivElement | null>(null);
  const rows = useRowWindow(ref, { count: COUNT, enabled, rowSelector: '[role="option"]', rowsInView: 8 });
  const shown = Array.from({ length: rows.end - rows.start }, (_, offset) => rows.start + offset);
  return (
    <>
      <button type="button" onClick={() => rows.scrollToRow(COUNT - 1)}>
        Last
      </button>
      <button type="button" onClick={() => rows.scrollToRow(COUNT - 9)}>
        One above the view
      </button>
      <div ref={ref} role="listbox" aria-label="Items" hidden={!enabled}>
        {/* Disabled, the window is every row: a hidden list renders none. */}
        {(enabled ? shown : []).map((index) => (
          <div key={index} role="option" aria-selected={false}>{`Item ${index}`}</div>
        ))}
      </div>
    </>
  );
}

/**
 * A layout for jsdom, which has none: rows of `ROW_PX`, a view of 8 rows, and a `scrollTop` the
 * browser rounds to whole pixels and announces with a scroll event, as Chromium does.
 */
function layOut(list: HTMLElement) {
  let scrollTop = 0;
  const writes: number[] = [];
  Object.defineProperty(list, 'clientHeight', { configurable: true, get: () => Math.round(8 * ROW_PX) });
  Object.defineProperty(list, 'scrollTop', {
    configurable: true,
    get: () => scrollTop,
    set: (value: number) => {
      writes.push(value);
      scrollTop = Math.round(value);
      fireEvent.scroll(list);
    },
  });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return { height: this.getAttribute('role') === 'option' ? ROW_PX : 0 } as DOMRect;
  });
  return writes;
}

/** A list the page scrolls before React subscribes to it (a layout effect, a script right after the render). */
function ScrolledEarly() {
  const ref = useRef<HTMLDivElement | null>(null);
  const rows = useRowWindow(ref, { count: COUNT, rowSelector: '[role="option"]', rowsInView: 8 });
  useLayoutEffect(() => {
    const list = ref.current as HTMLDivElement;
    layOut(list);
    list.scrollTop = 5000 * ROW_PX;
  }, []);
  return (
    <div ref={ref} role="listbox" aria-label="Items">
      {Array.from({ length: rows.end - rows.start }, (_, offset) => (
        <div key={rows.start + offset} role="option" aria-selected={false}>{`Item ${rows.start + offset}`}</div>
      ))}
    </div>
  );
}

const names = () =>
  within(screen.getByRole('listbox', { hidden: true }))
    .queryAllByRole('option', { hidden: true })
    .map((row) => row.textContent);

describe('useRowWindow: the rows in view of a long list', () => {
  afterEach(() => vi.restoreAllMocks());

  it('scrolls a row into view at fractional row heights, and the view then starts at that row, not one before', () => {
    render(<Items />);
    const writes = layOut(screen.getByRole('listbox'));
    act(() => screen.getByRole('button', { name: 'Last' }).click());
    // The last row at the bottom of a view of 8: row 9,992 at the top, at 9,992 × 33.6 px exactly.
    expect(writes).toEqual([(COUNT - 8) * ROW_PX]);
    expect(names()).toContain('Item 9999');
    expect(names()).toContain('Item 9992');
    // After the browser's scroll (to a rounded 335,731 px), row 9,992 is still the first in view:
    // showing it again moves nothing, and the row above moves the view by one row.
    act(() => screen.getByRole('button', { name: 'Last' }).click());
    expect(writes).toHaveLength(1);
    act(() => screen.getByRole('button', { name: 'One above the view' }).click());
    expect(writes.at(-1)).toBeCloseTo((COUNT - 9) * ROW_PX, 6);
    expect(names()).toContain('Item 9991');
  });

  it('shows where the list was scrolled before it listened to its scroll events', () => {
    render(<ScrolledEarly />);
    expect(names()).toContain('Item 5000');
    expect(names()).not.toContain('Item 0');
  });

  it('renders the rows in view and a few around them, never the whole list', () => {
    render(<Items />);
    expect(names()[0]).toBe('Item 0');
    expect(names().length).toBeGreaterThan(8);
    expect(names().length).toBeLessThanOrEqual(33);
  });

  it('forgets the position while disabled, as a hidden list does', () => {
    const { rerender } = render(<Items />);
    act(() => screen.getByRole('button', { name: 'Last' }).click());
    expect(names()).toContain('Item 9999');
    rerender(<Items enabled={false} />);
    rerender(<Items />);
    expect(names()[0]).toBe('Item 0');
  });
});

import { useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { flushSync } from 'react-dom';

// The catalogue's virtual grid: rows of one fixed height in a list scrolled by the window. This
// is all the grid needs of a virtual list library, so it is these few lines rather than one
// (the one it used, with measuring, lanes and scrolling to an item, cost the catalogue's first
// load about 8 KB of compressed script, docs/rules.md §28). The range is worked out as that
// library did, so the same rows are shown (the server renders the first ones).

export interface RowRangeInput {
  /** Number of rows. */
  count: number;
  /** Height of a row, px. */
  size: number;
  /** Rows rendered beyond each end of the visible ones. */
  overscan: number;
  /** Distance from the top of the document to the list, px. */
  scrollMargin: number;
  /** The window's scroll position and height, px. */
  scrollY: number;
  viewportHeight: number;
}

/** First and last row to render (inclusive), or null when none. */
export function rowRange(input: RowRangeInput): { first: number; last: number } | null {
  const { count, size, overscan, scrollMargin, viewportHeight } = input;
  if (count === 0 || viewportHeight === 0) return null;
  const lastIndex = count - 1;
  // Past the end of the list the window can show no further rows: count from the last screenful.
  const offset = Math.min(input.scrollY, Math.max(count * size + scrollMargin - viewportHeight, 0));
  let start = 0;
  let end = lastIndex;
  if (count > 1) {
    // The last row starting at or above the top of the window, then rows until the bottom.
    start = Math.min(Math.max(Math.floor((offset - scrollMargin) / size), 0), lastIndex);
    end = start;
    while (end < lastIndex && scrollMargin + (end + 1) * size < offset + viewportHeight) end += 1;
  }
  return { first: Math.max(start - overscan, 0), last: Math.min(end + overscan, lastIndex) };
}

export interface WindowRows {
  /** The rows to render: index, and top relative to the list (px). */
  rows: Array<{ index: number; start: number }>;
  /** Height of the whole list, px. */
  totalSize: number;
}

const useIsomorphicLayoutEffect = typeof document !== 'undefined' ? useLayoutEffect : useEffect;

/**
 * The rows of a window-scrolled list of `count` rows `size` px high to render. Until it has run
 * in the browser (server render, tests without layout) the window is taken as `initialHeight`
 * px high; it renders again only when the set of rows changes, at once on a scroll so no blank
 * rows show.
 */
export function useWindowRows({
  count,
  size,
  overscan,
  scrollMargin,
  initialHeight,
}: Omit<RowRangeInput, 'scrollY' | 'viewportHeight'> & { initialHeight: number }): WindowRows {
  const [, rerender] = useReducer((x: number) => x + 1, 0);
  const view = useRef<{ scrollY: number; viewportHeight: number } | null>(null);
  view.current ??= {
    scrollY: typeof document !== 'undefined' ? window.scrollY : 0,
    viewportHeight: initialHeight,
  };
  const input = { count, size, overscan, scrollMargin, ...view.current };
  const range = rowRange(input);
  const latest = useRef({ input, range });
  latest.current = { input, range };

  useIsomorphicLayoutEffect(() => {
    const update = (sync: boolean) => {
      view.current = { scrollY: window.scrollY, viewportHeight: window.innerHeight };
      const next = rowRange({ ...latest.current.input, ...view.current });
      const shown = latest.current.range;
      if (next?.first === shown?.first && next?.last === shown?.last) return;
      if (sync) flushSync(rerender);
      else rerender();
    };
    const onScroll = () => update(true);
    const onResize = () => update(false);
    update(false);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  const rows: WindowRows['rows'] = [];
  if (range)
    for (let index = range.first; index <= range.last; index += 1) rows.push({ index, start: index * size });
  return { rows, totalSize: count * size };
}

import { Fragment, memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { defaultRangeExtractor, measureElement, useWindowVirtualizer, type Range, type VirtualItem } from '@tanstack/react-virtual';
import * as css from './virtual-list.css.ts';

type Key = VirtualItem['key'];

/** An item's place in the whole list, for screen readers: its root element spreads these. */
export interface ListPosition {
  'aria-posinset': number;
  'aria-setsize': number;
}

interface Props<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  /** One item. Its root element has role="listitem" and spreads `position`. */
  renderItem: (item: T, position: ListPosition) => ReactNode;
  /**
   * A light stand-in for an item (role="listitem" too, a few elements), drawn for rows that come
   * into view while the page is scrolling; they become full items when the scroll stops. Mounting
   * a full item costs more than a frame's share on a slow phone.
   */
  renderPlaceholder?: (item: T, position: ListPosition) => ReactNode;
  /** Items side by side as many as fit at this width (CSS grid's auto-fill rule); none: one a row. */
  minColumnRem?: number;
  /** Space between rows and between columns. */
  gapRem: number;
  /** A row's height before any row has been measured (later ones use the measured rows' mean). */
  estimatedRowHeight: number;
  label: string;
  className?: string;
  testId?: string;
}

/** Short lists are rendered whole (find-in-page works, nothing moves): the cost starts in the hundreds. */
const RENDER_ALL_UP_TO = 60;
/** How long after the last scroll event the page counts as still (placeholders become items). */
const SCROLL_SETTLE_MS = 400;
/** Rows kept rendered beyond each edge of the screen, so a fast scroll rarely shows a gap. */
const OVERSCAN_ROWS = 2;

/**
 * A long list that scrolls with the page but holds only the rows near the screen (issue 22's
 * budget: 1,000 items without a dropped frame; with every card in the DOM, each frame's paint
 * walked all of them). Rows are measured as they render, so items may differ in height.
 *
 * It stays a list for assistive technology: role="list" → rows (role="none") → items with
 * aria-setsize / aria-posinset, so a screen reader says "item 500 of 1,000". The focused item's
 * row and its neighbours stay rendered when scrolled away, so focus is never lost and Tab /
 * Shift+Tab reach the next and previous items (the browser scrolls them in). What is lost above
 * RENDER_ALL_UP_TO items: the browser's find-in-page sees only the rendered rows.
 *
 * While the page scrolls, rows coming into view may show placeholders (renderPlaceholder), which
 * become the full items once the page is still for SCROLL_SETTLE_MS: with full items, mounting
 * them during a fast scroll cost more than the frames had (tests/bench/long-list-scroll.ts).
 */
export function VirtualList<T>({ items, getKey, renderItem, renderPlaceholder, minColumnRem, gapRem, estimatedRowHeight, label, className, testId }: Props<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const box = useListBox(listRef);
  const gap = gapRem * box.rem;
  const columns = minColumnRem ? Math.max(1, Math.floor((box.width + gap) / (minColumnRem * box.rem + gap))) : 1;
  const rowCount = Math.ceil(items.length / columns);

  const focusedKey = useFocusedItemKey(listRef, items, columns, getKey);
  const focusedRow = useMemo(() => {
    if (focusedKey === null) return null;
    const index = items.findIndex((item) => getKey(item) === focusedKey);
    return index < 0 ? null : Math.floor(index / columns);
  }, [focusedKey, items, columns, getKey]);

  const renderAll = items.length <= RENDER_ALL_UP_TO;
  const rangeExtractor = useCallback(
    (range: Range) => {
      if (renderAll) return Array.from({ length: range.count }, (_, index) => index);
      const indexes = defaultRangeExtractor(range);
      if (focusedRow === null) return indexes;
      const kept = [focusedRow - 1, focusedRow, focusedRow + 1].filter((row) => row >= 0 && row < range.count);
      return [...new Set([...indexes, ...kept])].sort((a, b) => a - b);
    },
    [renderAll, focusedRow],
  );
  const getItemKey = useCallback((row: number) => `${columns}:${getKey(items[row * columns])}`, [items, columns, getKey]);
  const sizes = useMeasuredSizes(estimatedRowHeight);

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: sizes.estimate,
    measureElement: sizes.measure,
    getItemKey,
    rangeExtractor,
    overscan: OVERSCAN_ROWS,
    // "Still scrolling" until no scroll event for this long: a slow phone's frames can be longer
    // than the default 150 ms, and the placeholders must not turn into full items mid-scroll.
    isScrollingResetDelay: SCROLL_SETTLE_MS,
    gap,
    scrollMargin: box.top,
    initialRect: typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
  });

  const rows = virtualizer.getVirtualItems();
  const fullRows = useFullRows(rows, virtualizer.isScrolling && renderPlaceholder !== undefined, focusedRow);

  return (
    <div ref={listRef} role="list" aria-label={label} className={`${css.list} ${className ?? ''}`} data-testid={testId} style={{ height: `${virtualizer.getTotalSize()}px` }}>
      {rows.map((row) => (
        <Row
          key={row.key}
          measure={virtualizer.measureElement}
          index={row.index}
          offset={row.start - box.top}
          placeholderHeight={fullRows.has(row.key) ? undefined : row.size}
          columns={columns}
          gap={gap}
          items={items}
          getKey={getKey}
          renderItem={(fullRows.has(row.key) ? renderItem : renderPlaceholder!) as (item: unknown, position: ListPosition) => ReactNode}
        />
      ))}
    </div>
  );
}

interface RowProps {
  measure: (element: HTMLDivElement | null) => void;
  index: number;
  offset: number;
  /** A row of placeholders keeps the height its full items had (or are estimated at), unmeasured. */
  placeholderHeight: number | undefined;
  columns: number;
  gap: number;
  items: readonly unknown[];
  getKey: (item: never) => string;
  renderItem: (item: unknown, position: ListPosition) => ReactNode;
}

// Memoised: the list renders again on every scroll step, the rows only when they move or change.
const Row = memo(function Row({ measure, index, offset, placeholderHeight, columns, gap, items, getKey, renderItem }: RowProps) {
  const first = index * columns;
  const placeholder = placeholderHeight !== undefined;
  return (
    <div
      ref={placeholder ? undefined : measure}
      data-index={index}
      role="none"
      className={css.row}
      style={{
        transform: `translateY(${offset}px)`,
        gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
        columnGap: `${gap}px`,
        height: placeholder ? `${placeholderHeight}px` : undefined,
      }}
    >
      {items.slice(first, first + columns).map((item, column) => (
        <Fragment key={(getKey as (item: unknown) => string)(item)}>{renderItem(item, { 'aria-posinset': first + column + 1, 'aria-setsize': items.length })}</Fragment>
      ))}
    </div>
  );
});

/**
 * Which rendered rows show their full items: all of them when the page is still; while it scrolls,
 * those already full stay full (no flicker) and rows coming into view get placeholders — except
 * near the focused row, so that Tab (which scrolls the page too) always finds the next items'
 * links and buttons. Rows that leave are forgotten.
 */
function useFullRows(rows: readonly VirtualItem[], scrolling: boolean, focusedRow: number | null) {
  const full = useRef(new Set<Key>());
  const rendered = new Set(rows.map((row) => row.key));
  for (const key of full.current) if (!rendered.has(key)) full.current.delete(key);
  const nearFocus = (row: VirtualItem) => focusedRow !== null && Math.abs(row.index - focusedRow) <= OVERSCAN_ROWS + 1;
  for (const row of rows) if (!scrolling || nearFocus(row)) full.current.add(row.key);
  return full.current;
}

/** The list's width, its top in the document (the virtualizer's scroll margin) and the root font size. */
function useListBox(ref: RefObject<HTMLElement | null>) {
  const [box, setBox] = useState({ width: 0, top: 0, rem: 16 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const read = () => {
      const rect = element.getBoundingClientRect();
      const next = { width: rect.width, top: Math.round(rect.top + window.scrollY), rem: parseFloat(getComputedStyle(document.documentElement).fontSize) || 16 };
      setBox((current) => (current.width === next.width && current.top === next.top && current.rem === next.rem ? current : next));
    };
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(element);
    // Whatever above the list changes height (a notice appears, the toolbar wraps) moves it: the
    // document's height changes with it.
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return box;
}

/**
 * The key of the item holding focus (null when focus is elsewhere), so its row stays rendered
 * while it is scrolled away: removing it would drop focus to the document's start.
 */
function useFocusedItemKey<T>(ref: RefObject<HTMLElement | null>, items: readonly T[], columns: number, getKey: (item: T) => string) {
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const latest = useRef({ items, columns, getKey });
  latest.current = { items, columns, getKey };
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const list = ref.current;
      const target = event.target instanceof Element ? event.target : null;
      const row = target && list?.contains(target) ? target.closest('[data-index]') : null;
      if (!row || row.parentElement !== list) return setFocusedKey(null);
      const column = Array.from(row.children).findIndex((child) => child.contains(target));
      const { items, columns, getKey } = latest.current;
      const item = items[Number(row.getAttribute('data-index')) * columns + Math.max(column, 0)];
      setFocusedKey(item === undefined ? null : getKey(item));
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [ref]);
  return focusedKey;
}

/** Measures rows as they render, and estimates the rows not seen yet by the mean of those measured. */
function useMeasuredSizes(initialEstimate: number) {
  const [sizes] = useState(() => {
    const measured = new Map<string, number>();
    let total = 0;
    return {
      estimate: () => (measured.size ? total / measured.size : initialEstimate),
      measure: (element: Element, entry: ResizeObserverEntry | undefined, instance: Parameters<typeof measureElement>[2]) => {
        const size = measureElement(element, entry, instance);
        const key = element.getAttribute('data-index') ?? '';
        total += size - (measured.get(key) ?? 0);
        measured.set(key, size);
        return size;
      },
    };
  });
  return sizes;
}

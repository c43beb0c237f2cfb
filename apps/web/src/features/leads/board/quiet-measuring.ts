import type { Rect, Virtualizer } from '@tanstack/react-virtual';

/**
 * Measuring without forcing layout. The library's defaults read `clientHeight` and `offsetHeight`
 * while React commits, and every board list doing so made the browser lay out the whole page again
 * and again before its first paint (most of the board's first-render time in a profile). Here sizes
 * come only from ResizeObserver, which reports them after the browser's own layout, before paint; until
 * then a list assumes the height it was given and its rows their estimates.
 */

/** A list's visible box, from ResizeObserver only. */
export function observeRectQuietly<List extends Element>(
  instance: Virtualizer<List, Element>,
  report: (rect: Rect) => void,
) {
  const element = instance.scrollElement;
  if (!element) return;
  const observer = new ResizeObserver(([entry]) => {
    if (!entry) return;
    report({ width: Math.round(entry.contentRect.width), height: Math.round(entry.contentRect.height) });
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/** A row's height from its ResizeObserver entry; before the first one, the size the list already assumes. */
export function measureRowQuietly<List extends Element>(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<List, Element>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = Number(element.getAttribute('data-index'));
  return instance.measurementsCache[index]?.size ?? instance.options.estimateSize(index);
}

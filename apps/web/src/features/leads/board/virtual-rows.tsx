import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, type ReactNode, useCallback, useRef } from 'react';
import { measureRowQuietly, observeRectQuietly } from './quiet-measuring';

interface VirtualRowsProps<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  estimate: (row: Row) => number;
  render: (row: Row) => ReactNode;
  /** The list's height before it is measured (what its style will make it), so the first render fills it. */
  initialHeight?: number;
  /** A row kept rendered while out of view (the card being dragged: dnd-kit needs its node). */
  keepKey?: string | null;
  label: string;
  style?: CSSProperties;
}

/**
 * A scrolling list that renders only the rows in and near view (@tanstack/react-virtual), so a column
 * of thousands of cards scrolls as lightly as one of ten. Row heights are measured as they appear.
 */
export function VirtualRows<Row>({
  rows,
  rowKey,
  estimate,
  render,
  keepKey,
  label,
  style,
  initialHeight = typeof window === 'undefined' ? 600 : window.innerHeight - 250,
}: VirtualRowsProps<Row>) {
  const scroller = useRef<HTMLDivElement>(null);
  const keepIndex = keepKey ? rows.findIndex((row) => rowKey(row) === keepKey) : -1;
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (keepIndex < 0 || indexes.includes(keepIndex)) return indexes;
      return [...indexes, keepIndex].sort((a, b) => a - b);
    },
    [keepIndex],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => estimate(rows[index] as Row),
    getItemKey: (index) => rowKey(rows[index] as Row),
    overscan: 6,
    rangeExtractor,
    initialRect: { width: 0, height: initialHeight },
    observeElementRect: observeRectQuietly,
    measureElement: measureRowQuietly,
  });
  return (
    <section ref={scroller} aria-label={label} style={{ overflowY: 'auto', overscrollBehavior: 'contain', ...style }}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
          >
            {render(rows[item.index] as Row)}
          </div>
        ))}
      </div>
    </section>
  );
}

import { type HTMLAttributes, useEffect, useRef, useState } from 'react';

/** Rows drawn with the table: about a screenful on a laptop (the rest wait until scrolled near). */
const EAGER_ROWS = 12;
/** The placeholder's height, a one-line row of a middle-sized antd table. */
const PLACEHOLDER_HEIGHT = 55;

type RowProps = HTMLAttributes<HTMLTableRowElement> & { 'data-index'?: number };

/**
 * A table row (antd's `components.body.row`) whose cells are drawn once it is near the screen: a page
 * of 50 rows with buttons, tags and confirmations cost the phone seconds of script before it could
 * answer a tap, though it shows eight. The first rows are drawn at once; the others keep their place
 * with an empty row until the user scrolls near them (then they stay). Give the table
 * `onRow={nearScreenRowIndex}` so a row knows its place. Without IntersectionObserver (tests) all
 * rows are drawn at once.
 */
export function NearScreenRow({ 'data-index': index = 0, children, ...props }: RowProps) {
  const row = useRef<HTMLTableRowElement>(null);
  const [near, setNear] = useState(() => index < EAGER_ROWS || typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    if (near || !row.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(row.current);
    return () => observer.disconnect();
  }, [near]);

  return (
    <tr {...props} ref={row}>
      {near ? children : <td colSpan={99} style={{ height: PLACEHOLDER_HEIGHT, padding: 0 }} />}
    </tr>
  );
}

/** The table's `onRow`: tells each NearScreenRow its place in the page. */
export const nearScreenRowIndex = (_: unknown, index?: number): RowProps => ({ 'data-index': index });

/** The table's `components` for rows drawn when near the screen. */
export const NEAR_SCREEN_ROWS = { body: { row: NearScreenRow } };

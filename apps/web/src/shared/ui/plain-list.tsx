import { Empty, theme } from 'antd';
import type { Key, ReactNode } from 'react';

interface PlainListProps<T> {
  items: readonly T[];
  keyOf: (item: T) => Key;
  render: (item: T) => ReactNode;
  /** Said where there is nothing to list. */
  empty: string;
}

/**
 * A list of rows divided by lines, read as a list (antd's List is deprecated in 6.6, and its successor Listy is a
 * virtual list for long ones: these lists are a page long).
 */
export function PlainList<T>({ items, keyOf, render, empty }: PlainListProps<T>) {
  const { token } = theme.useToken();
  if (items.length === 0) return <Empty description={empty} />;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item, index) => (
        <li
          key={keyOf(item)}
          style={{
            padding: '12px 0',
            borderTop: index === 0 ? undefined : `1px solid ${token.colorSplit}`,
          }}
        >
          {render(item)}
        </li>
      ))}
    </ul>
  );
}

import type { TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * antd copies every column title into a hidden row that measures column widths (`aria-hidden`), the
 * select-all checkbox too, and that copy takes keyboard focus (axe: aria-hidden-focus). Made inert there;
 * the header's own checkbox is untouched.
 */
function OutsideMeasureRow({ children }: { children: ReactNode }) {
  return (
    <span
      ref={(node) => {
        if (node?.closest('[aria-hidden="true"]')) node.inert = true;
      }}
    >
      {children}
    </span>
  );
}

/** The row-selection settings of the select-all checkbox: named in the page's language, focusable once. */
export function useSelectAllTitle<Row>(): Pick<
  NonNullable<TableProps<Row>['rowSelection']>,
  'columnTitle' | 'getTitleCheckboxProps'
> {
  const { t } = useTranslation();
  return {
    columnTitle: (checkbox) => <OutsideMeasureRow>{checkbox}</OutsideMeasureRow>,
    getTitleCheckboxProps: () => ({ 'aria-label': t('common.selectAll') }),
  };
}

import { MoreOutlined } from '@ant-design/icons';
import type { LeadColumn } from '@crm/contracts';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Badge, Button, Dropdown, Flex, Grid, Typography, theme } from 'antd';
import { type CSSProperties, memo, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type BoardColumnState, type BoardSectionState, columnTotal, type ListKey } from './board-lists';
import { DroppableList, EmptyListRow, LoadMoreRow, SectionHeader, SortableCard } from './board-rows';
import { type CardActions, columnName, type MoveOption } from './card-actions';
import { type ColumnRow, columnRows, rowEstimate } from './column-rows';
import { VirtualRows } from './virtual-rows';

/** What a column asks of the board around it. */
export interface ColumnHandlers {
  loadMore(key: ListKey): Promise<void> | void;
  toggleSection(id: number): void;
  addSection(column: LeadColumn): void;
  renameSection(section: BoardSectionState): void;
  deleteSection(section: BoardSectionState): void;
  columnSettings(): void;
}

/**
 * The columns side by side; on a phone (below 768 px) full-width panes that snap as they scroll sideways.
 * The row takes the height the page leaves it (the leads page is a column that fills the window).
 */
export function ColumnsRow({ children }: { children: ReactNode }) {
  const phone = !Grid.useBreakpoint().md;
  return (
    <div
      style={{
        display: 'flex',
        flex: 1,
        minHeight: 0,
        gap: 12,
        overflowX: 'auto',
        paddingBottom: 8,
        scrollSnapType: phone ? 'x mandatory' : undefined,
      }}
    >
      {children}
    </div>
  );
}

/** A column's width, and the height of its scrolling body: all its frame leaves below the column's name. */
export function useColumnSize() {
  const phone = !Grid.useBreakpoint().md;
  return useMemo(() => ({ width: phone ? 'calc(100vw - 48px)' : 300, height: '100%' }), [phone]);
}

/** A column's frame: its name and count on top, its scrolling body below (the live and the filtered board). */
export function ColumnFrame({
  title,
  count,
  menu,
  width,
  children,
}: {
  title: string;
  count: number;
  menu?: ReactNode;
  width: CSSProperties['width'];
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      gap={8}
      style={{
        width,
        flex: '0 0 auto',
        minHeight: 0,
        background: token.colorFillQuaternary,
        borderRadius: token.borderRadiusLG,
        padding: 8,
        scrollSnapAlign: 'start',
      }}
    >
      <Flex align="center" gap={8} style={{ minHeight: 32, paddingInline: 4 }}>
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0, flex: 1 }} ellipsis>
          {title}
        </Typography.Title>
        <Badge count={count} showZero overflowCount={99999} color={token.colorPrimary} />
        {menu}
      </Flex>
      {/* One grid row stretches the body to the height left, so the list inside can be 100% of it. */}
      <div style={{ flex: 1, minHeight: 0, display: 'grid', gridTemplateRows: 'minmax(0, 1fr)' }}>{children}</div>
    </Flex>
  );
}

interface BoardColumnProps {
  column: BoardColumnState;
  country: string;
  actions: CardActions;
  places: MoveOption[];
  handlers: ColumnHandlers;
  collapsed: ReadonlySet<number>;
  activeUuid: string | null;
  width: CSSProperties['width'];
  height: CSSProperties['height'];
}

/** One column of the live board: its cards, its sections, paged and virtualised. */
export const BoardColumn = memo(function BoardColumn({
  column,
  country,
  actions,
  places,
  handlers,
  collapsed,
  activeUuid,
  width,
  height,
}: BoardColumnProps) {
  const { t } = useTranslation();
  const title = columnName(t, column.column, column.title);
  const rows = useMemo(() => columnRows(column, collapsed), [column, collapsed]);
  // Each list is its own sortable list: dnd-kit previews a move inside it, and the drop says where.
  const idsOf = useMemo(() => {
    const ids = new Map<ListKey, string[]>();
    for (const list of [column.list, ...column.sections.map((s) => s.list)]) {
      ids.set(
        list.key,
        list.cards.map((card) => card.uuid),
      );
    }
    return ids;
  }, [column]);

  const render = (row: ColumnRow) => {
    if (row.kind === 'card') {
      return (
        <SortableContext id={row.list} items={idsOf.get(row.list) ?? []} strategy={verticalListSortingStrategy}>
          <SortableCard lead={row.lead} list={row.list} country={country} actions={actions} places={places} />
        </SortableContext>
      );
    }
    if (row.kind === 'more') {
      return <LoadMoreRow onLoad={() => handlers.loadMore(row.list)} loaded={idsOf.get(row.list)?.length ?? 0} />;
    }
    if (row.kind === 'empty') return <EmptyListRow list={row.list} text={t('leads.board.emptyList')} />;
    return (
      <SectionHeader
        section={row.section}
        collapsed={row.collapsed}
        onToggle={handlers.toggleSection}
        onRename={handlers.renameSection}
        onDelete={handlers.deleteSection}
      />
    );
  };

  const menu = (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'section', label: t('leads.sections.add') },
          { key: 'settings', label: t('leads.columnSettings.title') },
        ],
        onClick: ({ key }) => (key === 'section' ? handlers.addSection(column.column) : handlers.columnSettings()),
      }}
    >
      <Button size="small" type="text" icon={<MoreOutlined />} aria-label={t('leads.board.columnActions', { title })} />
    </Dropdown>
  );

  return (
    <ColumnFrame title={title} count={columnTotal(column)} menu={menu} width={width}>
      <DroppableList list={column.list.key}>
        <VirtualRows
          rows={rows}
          rowKey={(row) => row.key}
          estimate={rowEstimate}
          render={render}
          keepKey={activeUuid}
          label={title}
          style={{ height, paddingInline: 2 }}
        />
      </DroppableList>
    </ColumnFrame>
  );
});

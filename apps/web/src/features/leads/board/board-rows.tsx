import { DeleteOutlined, DownOutlined, EditOutlined, MoreOutlined, RightOutlined } from '@ant-design/icons';
import type { Lead } from '@crm/contracts';
import { useDroppable } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, Button, Dropdown, Flex, Spin, Typography, theme } from 'antd';
import { memo, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardSectionState, ListKey } from './board-lists';
import type { CardActions, MoveOption } from './card-actions';
import { CardMenu } from './card-menu';
import { LeadCardBody, useCardStyle } from './lead-card';

/** The drag-and-drop id of a list (a column's own cards or a section's). */
export const listDropId = (key: ListKey) => `list:${key}`;

interface SortableCardProps {
  lead: Lead;
  list: ListKey;
  country: string;
  actions: CardActions;
  places: MoveOption[];
}

/**
 * A card that can be dragged (mouse, long-press on a phone, or Space then the arrow keys) and that
 * others are dropped around. The card itself is the handle; its name and menu stay ordinary buttons.
 */
export const SortableCard = memo(function SortableCard({ lead, list, country, actions, places }: SortableCardProps) {
  const { t } = useTranslation();
  const style = useCardStyle();
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging, isOver } =
    // An article, not a button: the card holds buttons of its own (open, menu), which a button may not.
    useSortable({ id: lead.uuid, data: { kind: 'card', list }, attributes: { role: 'article' } });
  const { token } = theme.useToken();
  return (
    <div style={{ paddingBottom: 8 }}>
      <article
        ref={(node) => {
          setNodeRef(node);
          setActivatorNodeRef(node);
        }}
        {...attributes}
        {...listeners}
        aria-label={t('leads.dnd.cardLabel', { name: lead.name })}
        style={{
          ...style,
          transform: CSS.Translate.toString(transform),
          transition,
          opacity: isDragging ? 0.4 : 1,
          // Pan and pinch still scroll on a phone; a long press picks the card up (TouchSensor delay).
          touchAction: 'manipulation',
          cursor: 'grab',
          outline: isOver && !isDragging ? `2px solid ${token.colorPrimaryBorder}` : undefined,
        }}
      >
        <LeadCardBody
          lead={lead}
          country={country}
          onOpen={() => actions.open(lead)}
          menu={<CardMenu lead={lead} actions={actions} places={places} />}
        />
      </article>
    </div>
  );
});

/** A place to drop on that stands for a whole list (a header, an empty list): the card lands at its top. */
export function DroppableList({ list, children }: { list: ListKey; children: ReactNode }) {
  const { token } = theme.useToken();
  const { setNodeRef, isOver } = useDroppable({ id: listDropId(list), data: { kind: 'list', key: list } });
  return (
    <div
      ref={setNodeRef}
      style={{
        borderRadius: token.borderRadiusLG,
        outline: isOver ? `2px dashed ${token.colorPrimary}` : undefined,
        outlineOffset: -2,
      }}
    >
      {children}
    </div>
  );
}

/** An empty list: a place to drop on (the live board) or just the words (the filtered board). */
export function EmptyListRow({ list, text }: { list?: ListKey; text: string }) {
  const { token } = theme.useToken();
  const box = (
    <div
      style={{
        border: `1px dashed ${token.colorBorder}`,
        borderRadius: token.borderRadiusLG,
        padding: 12,
        textAlign: 'center',
      }}
    >
      <Typography.Text type="secondary">{text}</Typography.Text>
    </div>
  );
  return <div style={{ paddingBottom: 8 }}>{list ? <DroppableList list={list}>{box}</DroppableList> : box}</div>;
}

/**
 * The end of the loaded cards of a list: shown means scrolled to, so the next page loads (again each
 * time `loaded` grows while it is still in view). The button retries after a failure.
 */
export function LoadMoreRow({ onLoad, loaded }: { onLoad: () => Promise<void> | void; loaded: number }) {
  const { t } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per appearance and per page loaded
  useEffect(() => {
    Promise.resolve(onLoad()).catch(() => {});
  }, [loaded]);
  return (
    <Flex justify="center" align="center" gap={8} style={{ padding: 12 }}>
      <Spin size="small" />
      <Button size="small" type="link" onClick={() => Promise.resolve(onLoad()).catch(() => {})}>
        {t('leads.board.loadMore')}
      </Button>
    </Flex>
  );
}

interface SectionHeaderProps {
  section: BoardSectionState;
  collapsed: boolean;
  onToggle: (id: number) => void;
  onRename: (section: BoardSectionState) => void;
  onDelete: (section: BoardSectionState) => void;
}

/** Spec §3 section: a named group of cards inside a column, collapsible, renamed or deleted from its menu. */
export const SectionHeader = memo(function SectionHeader({
  section,
  collapsed,
  onToggle,
  onRename,
  onDelete,
}: SectionHeaderProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div style={{ paddingBottom: 8 }}>
      <DroppableList list={section.list.key}>
        <Flex
          align="center"
          gap={4}
          style={{ background: token.colorFillTertiary, borderRadius: token.borderRadiusLG, padding: '4px 6px' }}
        >
          <Button
            size="small"
            type="text"
            icon={collapsed ? <RightOutlined /> : <DownOutlined />}
            aria-expanded={!collapsed}
            aria-label={t(collapsed ? 'leads.sections.expand' : 'leads.sections.collapse', { title: section.title })}
            onClick={() => onToggle(section.id)}
          />
          <Typography.Text strong ellipsis style={{ flex: 1 }}>
            {section.title}
          </Typography.Text>
          <Badge count={section.list.count} showZero color={token.colorTextTertiary} overflowCount={9999} />
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'rename', icon: <EditOutlined />, label: t('leads.sections.rename') },
                { key: 'delete', icon: <DeleteOutlined />, label: t('leads.sections.delete'), danger: true },
              ],
              onClick: ({ key }) => (key === 'rename' ? onRename(section) : onDelete(section)),
            }}
          >
            <Button
              size="small"
              type="text"
              icon={<MoreOutlined />}
              aria-label={t('leads.sections.actionsFor', { title: section.title })}
            />
          </Dropdown>
        </Flex>
      </DroppableList>
    </div>
  );
});

import type { Lead } from '@crm/contracts';
import {
  type Announcements,
  type CollisionDetection,
  closestCorners,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BoardColumn, type ColumnHandlers, ColumnsRow, useColumnSize } from './board-column';
import { type BoardState, findCard, listKeyOf } from './board-lists';
import type { LeadBoardStore } from './board-store';
import type { CardActions, MoveOption } from './card-actions';
import { type DropOver, dropTarget } from './drop-target';
import { LeadCardBody, useCardStyle } from './lead-card';

/** The pointer's droppable when there is one; for the keyboard (no pointer) the nearest. */
const collision: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length ? within : closestCorners(args);
};

const overOf = (over: DragEndEvent['over']): DropOver | null => {
  const data = over?.data.current as { kind?: string; key?: string } | undefined;
  if (!over || !data) return null;
  return data.kind === 'list' ? { kind: 'list', key: String(data.key) } : { kind: 'card', uuid: String(over.id) };
};

interface BoardViewProps {
  state: BoardState;
  store: LeadBoardStore;
  country: string;
  actions: CardActions;
  places: MoveOption[];
  handlers: ColumnHandlers;
  collapsed: ReadonlySet<number>;
}

/**
 * Spec §4 board: three columns side by side (full-width panes scrolled sideways on a phone), cards
 * dragged between columns, sections and places with the mouse, a long press, or the keyboard.
 */
export function BoardView({ state, store, country, actions, places, handlers, collapsed }: BoardViewProps) {
  const { t } = useTranslation();
  const cardStyle = useCardStyle();
  const [active, setActive] = useState<Lead | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      // Enter stays the key of the card's buttons (open, menu); Space picks a card up.
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  const nameOf = (id: string | number) => findCard(state, String(id))?.lead.name ?? '';
  const placeOf = (over: DropOver | null) => {
    if (!over) return '';
    const key = over.kind === 'list' ? over.key : findCard(state, over.uuid)?.list.key;
    return places.find((p) => listKeyOf(p.column, p.sectionId) === key)?.label ?? '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => t('leads.dnd.picked', { name: nameOf(a.id) }),
    onDragOver: ({ active: a, over }) =>
      over ? t('leads.dnd.over', { name: nameOf(a.id), place: placeOf(overOf(over)) }) : t('leads.dnd.outside'),
    onDragEnd: ({ active: a, over }) =>
      over ? t('leads.dnd.dropped', { name: nameOf(a.id), place: placeOf(overOf(over)) }) : t('leads.dnd.outside'),
    onDragCancel: ({ active: a }) => t('leads.dnd.cancelled', { name: nameOf(a.id) }),
  };

  const finish = (event: DragEndEvent | null) => {
    setActive(null);
    const over = event && overOf(event.over);
    const lead = event && findCard(state, String(event.active.id))?.lead;
    if (lead && over) {
      const target = dropTarget(state, lead.uuid, over);
      // Moved in the store before the queued records are let in, so none lands under the drop.
      if (target) actions.moveTo(lead, target);
    }
    store.endDrag();
  };

  const size = useColumnSize();

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('leads.dnd.instructions') },
      }}
      onDragStart={({ active: a }) => {
        store.beginDrag();
        setActive(findCard(state, String(a.id))?.lead ?? null);
      }}
      onDragEnd={finish}
      onDragCancel={() => finish(null)}
    >
      <ColumnsRow>
        {state.columns.map((column) => (
          <BoardColumn
            key={column.column}
            column={column}
            country={country}
            actions={actions}
            places={places}
            handlers={handlers}
            collapsed={collapsed}
            activeUuid={active?.uuid ?? null}
            width={size.width}
            height={size.height}
          />
        ))}
      </ColumnsRow>
      <DragOverlay>
        {active && (
          <div style={{ ...cardStyle, boxShadow: '0 8px 24px rgba(0,0,0,0.18)', cursor: 'grabbing' }}>
            <LeadCardBody lead={active} country={country} />
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}

import { HolderOutlined } from '@ant-design/icons';
import type { FormField } from '@crm/contracts';
import { closestCenter, DndContext, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Empty, Flex } from 'antd';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { listAnnouncements, useListSensors } from '../../shared/ui/sortable-list';
import type { DraftProblems } from './draft-problems';
import { FieldEditor } from './field-editor';
import type { DraftActions } from './use-form-draft';

interface SortableFieldListProps {
  fields: FormField[];
  /** The field added last: its label box takes the focus. */
  added: string | null;
  problems: DraftProblems['fields'] | null;
  actions: Pick<DraftActions, 'update' | 'duplicate' | 'remove' | 'move'>;
}

/** The builder's fields, dragged into order by their handles (as the course syllabus is: mouse, touch, keyboard). */
export function SortableFieldList({ fields, added, problems, actions }: SortableFieldListProps) {
  const { t } = useTranslation();
  // The same list while only texts change, so typing in one field does not draw every sortable field again.
  const joined = fields.map((field) => field.key).join(' ');
  const keys = useMemo(() => (joined ? joined.split(' ') : []), [joined]);
  const sensors = useListSensors();

  const nameOf = (id: UniqueIdentifier) => {
    const field = fields.find((current) => current.key === id);
    return field ? field.label.trim() || t(`forms.types.${field.type}`) : '';
  };
  const placeOf = (id: UniqueIdentifier) => keys.indexOf(String(id)) + 1;
  const announcements = listAnnouncements(
    (step, name, place) => t(`forms.dnd.${step}`, { label: name, place }),
    nameOf,
    placeOf,
  );

  const drop = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) actions.move(String(active.id), String(over.id));
  };

  if (fields.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('forms.builder.noFields')} />;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('forms.dnd.instructions') } }}
      onDragEnd={drop}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        <Flex vertical gap={12}>
          {fields.map((field, index) => (
            <SortableField
              key={field.key}
              field={field}
              number={index + 1}
              name={nameOf(field.key)}
              added={added === field.key}
              problems={problems?.[field.key]}
              actions={actions}
            />
          ))}
        </Flex>
      </SortableContext>
    </DndContext>
  );
}

interface SortableFieldProps extends Pick<SortableFieldListProps, 'actions'> {
  field: FormField;
  number: number;
  name: string;
  added: boolean;
  problems: DraftProblems['fields'][string] | undefined;
}

const SortableField = memo(function SortableField({
  field,
  number,
  name,
  added,
  problems,
  actions,
}: SortableFieldProps) {
  const { t } = useTranslation();
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({
    id: field.key,
  });
  return (
    <div
      ref={setNodeRef}
      data-field-row={field.key}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      <FieldEditor
        field={field}
        number={number}
        problems={problems}
        autoFocus={added}
        handle={
          <Button
            ref={setActivatorNodeRef}
            type="text"
            size="small"
            icon={<HolderOutlined />}
            {...attributes}
            {...listeners}
            aria-label={t('forms.builder.move', { number, label: name })}
            // Pan and pinch still scroll on a phone; a long press picks the field up (TouchSensor delay).
            style={{ cursor: 'grab', touchAction: 'manipulation' }}
          />
        }
        onChange={actions.update}
        onDuplicate={() => actions.duplicate(field.key)}
        onRemove={() => actions.remove(field.key)}
      />
    </div>
  );
});

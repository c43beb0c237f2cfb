import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import type { LandingBlockType } from '@crm/contracts';
import { closestCenter, DndContext, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Card, Empty, Flex, Form, type FormListFieldData, Popconfirm, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { listAnnouncements, useListSensors } from '../../shared/ui/sortable-list';
import { BlockFields } from './block-fields';

/** dnd-kit's id of a block: the form list's key, which stays with the block when it moves. */
const dragId = (field: FormListFieldData) => `block-${field.key}`;

interface SortableBlockProps {
  field: FormListFieldData;
  type: LandingBlockType;
  number: number;
  onRemove: () => void;
}

/** A block's card; dragged by its handle (mouse, a long press on a phone, or Space and the arrows). */
function SortableBlock({ field, type, number, onRemove }: SortableBlockProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({
    id: dragId(field),
  });
  const name = t(`landingPages.types.${type}`);
  return (
    <div
      ref={setNodeRef}
      data-block-row={number}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        boxShadow: isDragging ? token.boxShadow : undefined,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <Card
        size="small"
        title={
          <Flex align="center" gap={8}>
            <Button
              ref={setActivatorNodeRef}
              type="text"
              size="small"
              icon={<HolderOutlined />}
              {...attributes}
              {...listeners}
              aria-label={t('landingPages.dnd.move', { number, name })}
              // Pan and pinch still scroll on a phone; a long press picks the block up (TouchSensor delay).
              style={{ cursor: 'grab', touchAction: 'manipulation' }}
            />
            <span>{t('landingPages.blocks.title', { number, name })}</span>
          </Flex>
        }
        extra={
          <Popconfirm
            title={t('landingPages.blocks.removeQuestion', { name })}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={onRemove}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('landingPages.blocks.remove', { number, name })}
            />
          </Popconfirm>
        }
      >
        <BlockFields name={field.name} type={type} />
      </Card>
    </div>
  );
}

interface SortableBlocksProps {
  fields: FormListFieldData[];
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}

/** The page's blocks in their order, dragged into a new one by their handles (as the course syllabus is). */
export function SortableBlocks({ fields, move, remove }: SortableBlocksProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const ids = fields.map(dragId);
  const sensors = useListSensors();
  // A block's type never changes, so it is read from the form rather than watched (no redraw per keystroke).
  const typeAt = (index: number): LandingBlockType => form.getFieldValue(['blocks', index, 'type']);
  const placeOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const nameOf = (id: UniqueIdentifier) => t(`landingPages.types.${typeAt(placeOf(id) - 1)}`);
  const announcements = listAnnouncements(
    (step, name, place) => t(`landingPages.dnd.${step}`, { name: name, place }),
    nameOf,
    placeOf,
  );

  const drop = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  if (fields.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('landingPages.blocks.none')} />;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('landingPages.dnd.instructions') } }}
      onDragEnd={drop}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Flex vertical gap={12}>
          {fields.map((field, index) => (
            <SortableBlock
              key={field.key}
              field={field}
              type={typeAt(field.name)}
              number={index + 1}
              onRemove={() => remove(field.name)}
            />
          ))}
        </Flex>
      </SortableContext>
    </DndContext>
  );
}

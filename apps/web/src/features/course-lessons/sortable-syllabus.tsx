import { FormOutlined, HolderOutlined, PaperClipOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { CourseLessonSummary, Syllabus } from '@crm/contracts';
import { closestCenter, DndContext, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Flex, Tooltip, Typography, theme } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listAnnouncements, useListSensors } from '../../shared/ui/sortable-list';
import { moduleSections } from './syllabus-order';

/** What a syllabus line carries besides its title: a video, homework, files. */
export function LessonContentIcons({
  lesson,
}: {
  lesson: Pick<CourseLessonSummary, 'has_video' | 'has_homework'> & { file_count?: number };
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const marks = [
    lesson.has_video && { key: 'video', icon: <PlayCircleOutlined />, label: t('courseLessons.marks.video') },
    lesson.has_homework && { key: 'homework', icon: <FormOutlined />, label: t('courseLessons.marks.homework') },
    !!lesson.file_count && {
      key: 'files',
      icon: <PaperClipOutlined />,
      label: t('courseLessons.marks.files', { files: lesson.file_count }),
      text: lesson.file_count,
    },
  ].filter((mark) => mark !== false);
  return (
    <Flex gap={8} style={{ color: token.colorTextSecondary, flexShrink: 0 }}>
      {marks.map((mark) => (
        <Tooltip key={mark.key} title={mark.label}>
          <span role="img" aria-label={mark.label}>
            {mark.icon}
            {'text' in mark && <span style={{ marginLeft: 2 }}>{mark.text}</span>}
          </span>
        </Tooltip>
      ))}
    </Flex>
  );
}

/** A line of the syllabus; dragged by its handle (mouse, a long press on a phone, or Space and the arrows). */
function SortableLessonRow({ lesson, canReorder }: { lesson: CourseLessonSummary; canReorder: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({
    id: lesson.id,
    disabled: !canReorder,
  });
  return (
    <div
      ref={setNodeRef}
      data-lesson-row={lesson.id}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        background: token.colorBgContainer,
        boxShadow: isDragging ? token.boxShadow : undefined,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        padding: '8px 4px',
      }}
    >
      <Flex align="center" gap={8}>
        {canReorder && (
          <Button
            ref={setActivatorNodeRef}
            type="text"
            size="small"
            icon={<HolderOutlined />}
            {...attributes}
            {...listeners}
            aria-label={t('courseLessons.syllabus.move', { number: lesson.number, title: lesson.title })}
            // Pan and pinch still scroll on a phone; a long press picks the lesson up (TouchSensor delay).
            style={{ cursor: 'grab', touchAction: 'manipulation', flexShrink: 0 }}
          />
        )}
        <Typography.Text type="secondary" style={{ minWidth: 24, textAlign: 'right', flexShrink: 0 }}>
          {lesson.number}.
        </Typography.Text>
        <Link to={`/lessons/${lesson.id}`} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {lesson.title}
        </Link>
        <LessonContentIcons lesson={lesson} />
      </Flex>
    </div>
  );
}

interface SortableSyllabusProps {
  syllabus: Syllabus;
  onReorder: (ids: number[]) => void;
}

/** The syllabus under its module headings; its lessons are dragged into a new order when the server allows it. */
export function SortableSyllabus({ syllabus, onReorder }: SortableSyllabusProps) {
  const { t } = useTranslation();
  const canReorder = syllabus.policies.reorder;
  const ids = syllabus.lessons.map((lesson) => lesson.id);
  const sensors = useListSensors();

  const titleOf = (id: UniqueIdentifier) => syllabus.lessons.find((lesson) => lesson.id === id)?.title ?? '';
  const placeOf = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;
  const announcements = listAnnouncements(
    (step, name, place) => t(`courseLessons.dnd.${step}`, { title: name, place }),
    titleOf,
    placeOf,
  );

  const drop = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('courseLessons.dnd.instructions') } }}
      onDragEnd={drop}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {moduleSections(syllabus.lessons).map((section) => (
          <Fragment key={`${section.module}-${section.lessons[0]?.id}`}>
            {section.module !== null && (
              <Typography.Title level={3} style={{ fontSize: 15, margin: '16px 0 4px' }}>
                {t('courseLessons.module', { number: section.module })}
              </Typography.Title>
            )}
            {section.lessons.map((lesson) => (
              <SortableLessonRow key={lesson.id} lesson={lesson} canReorder={canReorder} />
            ))}
          </Fragment>
        ))}
      </SortableContext>
    </DndContext>
  );
}

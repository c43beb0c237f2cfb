import { ClockCircleOutlined, UserOutlined } from '@ant-design/icons';
import { type Area, canAccess, type Reminder } from '@crm/contracts';
import { Checkbox, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { roleIdsOf } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';
import { RowActions } from '../courses/catalog-ui';
import { dateText } from '../groups/dates';

interface ReminderItemProps {
  task: Reminder;
  onToggle: (task: Reminder) => void;
  onEdit: (task: Reminder) => void;
  onDelete: (task: Reminder) => unknown;
  /** On a profile the task's subject is the page itself: not repeated. */
  hideSubject?: boolean;
}

/** One task: its status box (spec §4: toggles 0/1), what and when, for whom, about whom, and its actions. */
export function ReminderItem({ task, onToggle, onEdit, onDelete, hideSubject }: ReminderItemProps) {
  const { t } = useTranslation();
  const done = task.status === 1;
  const overdue = task.state === 'overdue';
  return (
    <Flex gap={12} align="flex-start" style={{ width: '100%' }} data-testid={`reminder-${task.id}`}>
      <Checkbox
        checked={done}
        disabled={!task.policies.can_change_status}
        aria-label={t(done ? 'reminders.item.markActive' : 'reminders.item.markDone', { title: task.title })}
        onChange={() => onToggle(task)}
        style={{ marginTop: 2 }}
      />
      <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Flex gap={8} wrap align="center">
          <Typography.Text strong delete={done} style={{ overflowWrap: 'anywhere' }}>
            {task.title}
          </Typography.Text>
          {task.tags.map((tag) => (
            <Tag key={tag.id} color={tag.color ?? undefined} style={{ marginInlineEnd: 0 }}>
              {tag.name}
            </Tag>
          ))}
        </Flex>
        <Flex wrap style={{ fontSize: 13, columnGap: 12, rowGap: 2 }}>
          <Typography.Text type={overdue ? 'danger' : 'secondary'}>
            <ClockCircleOutlined /> {dateText(task.date)} {task.time}
            {overdue && ` · ${t('reminders.item.overdue')}`}
          </Typography.Text>
          {task.assigned_to && (
            <Typography.Text type="secondary">
              <UserOutlined /> {t('reminders.item.for', { name: task.assigned_to.name })}
              {task.created_by && task.created_by.id !== task.assigned_to.id
                ? ` · ${t('reminders.item.by', { name: task.created_by.name })}`
                : ''}
            </Typography.Text>
          )}
          {!hideSubject && <Subject task={task} />}
        </Flex>
        {task.description && (
          <Typography.Paragraph
            type="secondary"
            style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {task.description}
          </Typography.Paragraph>
        )}
        {done && task.result_comment && (
          <Typography.Text style={{ overflowWrap: 'anywhere' }}>
            {t('reminders.item.result')}: {task.result_comment}
          </Typography.Text>
        )}
      </Flex>
      {task.policies.can_edit && task.policies.can_delete && (
        <RowActions
          size="small"
          editLabel={t('reminders.item.edit', { title: task.title })}
          deleteLabel={t('reminders.item.delete', { title: task.title })}
          deleteQuestion={t('reminders.item.deleteQuestion', { title: task.title })}
          onEdit={() => onEdit(task)}
          onDelete={() => onDelete(task)}
        />
      )}
    </Flex>
  );
}

/** Where a subject leads and the area that page needs (as the History log's names): no link one cannot open. */
const SUBJECT_LINKS: Record<'student' | 'group', { area: Area; path: (id: number) => string }> = {
  student: { area: 'students', path: (id) => `/students/profile/${id}` },
  group: { area: 'groupPage', path: (id) => `/groups/${id}` },
};

function Subject({ task }: { task: Reminder }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const roles = user ? roleIdsOf(user) : [];
  const linked = (kind: 'student' | 'group', ref: { id: number; name: string }): ReactNode => {
    const link = SUBJECT_LINKS[kind];
    return canAccess(link.area, roles) ? <Link to={link.path(ref.id)}>{ref.name}</Link> : ref.name;
  };
  let label: string;
  let name: ReactNode;
  if (task.student) {
    label = t('reminders.item.student');
    name = linked('student', task.student);
  } else if (task.group) {
    label = t('reminders.item.group');
    name = linked('group', task.group);
  } else if (task.lead) {
    label = t('reminders.item.lead');
    name = task.lead.name;
  } else return null;
  return (
    <Typography.Text type="secondary">
      {label}: {name}
    </Typography.Text>
  );
}

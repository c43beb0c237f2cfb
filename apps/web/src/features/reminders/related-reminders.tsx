import { PlusOutlined } from '@ant-design/icons';
import type { ReminderRef } from '@crm/contracts';
import { Button, Card, Collapse, Empty, Flex, List } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { useSession } from '../../shared/session/use-session';
import { QueryPlaceholder } from '../../shared/ui/query-placeholder';
import { ReminderFormModal, type SubjectKind, type TaskFormTarget } from './reminder-form-modal';
import { ReminderItem } from './reminder-item';
import { useReminderList } from './reminders-api';
import { useTaskActions } from './task-actions';

interface RelatedRemindersProps {
  /** What the page shows: a student's profile, a lead's card or a group's page. */
  kind: SubjectKind;
  subject: ReminderRef;
}

/**
 * The tasks about one student, lead or group (in every branch the user works in), and a "new task" button
 * that fills in whom it concerns. Draws nothing for a user without reminders (spec §6): its list answers 403,
 * which is not announced — the page around it is what he came for.
 */
export function RelatedReminders({ kind, subject }: RelatedRemindersProps) {
  const { t } = useTranslation();
  const { branch } = useSession();
  const [form, setForm] = useState<TaskFormTarget | null>(null);
  const about = (which: SubjectKind) => (kind === which ? subject.id : undefined);
  const list = useReminderList(
    undefined,
    { status: 'all', student_id: about('student'), lead_id: about('lead'), group_id: about('group') },
    { handleErrors: false },
  );
  const actions = useTaskActions();

  if (list.isError && list.error instanceof ApiError && list.error.status === 403) return null;
  const open = list.data ? [...list.data.overdue.data, ...list.data.today.data, ...list.data.future.data] : [];
  const done = list.data?.done.data ?? [];
  const itemProps = {
    onToggle: actions.toggle,
    onEdit: (task: (typeof open)[number]) => setForm({ mode: 'edit', task, subject: { kind, ref: subject } }),
    onDelete: actions.remove,
    hideSubject: true,
  };

  return (
    <Card
      size="small"
      title={t('reminders.related.title')}
      extra={
        branch !== null && (
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => setForm({ mode: 'create', branchId: branch, subject: { kind, ref: subject } })}
          >
            {t('reminders.add')}
          </Button>
        )
      }
    >
      {!list.data ? (
        <QueryPlaceholder query={list} />
      ) : !open.length && !done.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reminders.related.empty')} />
      ) : (
        <Flex vertical gap={8}>
          {open.length > 0 && (
            <List
              size="small"
              dataSource={open}
              rowKey="id"
              renderItem={(task) => (
                <List.Item>
                  <ReminderItem task={task} {...itemProps} />
                </List.Item>
              )}
            />
          )}
          {done.length > 0 && (
            <Collapse
              ghost
              size="small"
              items={[
                {
                  key: 'done',
                  label: t('reminders.related.done', { count: list.data.done.meta.total }),
                  children: (
                    <List
                      size="small"
                      dataSource={done}
                      rowKey="id"
                      renderItem={(task) => (
                        <List.Item>
                          <ReminderItem task={task} {...itemProps} />
                        </List.Item>
                      )}
                    />
                  ),
                },
              ]}
            />
          )}
        </Flex>
      )}
      <ReminderFormModal target={form} policies={list.data?.policies} onClose={() => setForm(null)} />
      {actions.dialogs}
    </Card>
  );
}

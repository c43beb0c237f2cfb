import { REMINDER_COMMENT_MAX, type Reminder } from '@crm/contracts';
import { App, Form, Input } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { FormModal } from '../courses/catalog-ui';
import { dueNoticeKey, useReminderMutations } from './reminders-api';

/**
 * What a list does with its tasks (spec §4): ticking one off asks for its result comment; unticking makes it
 * active again at once; deleting (asked first by the row) removes it. Shared by the page and a profile's list.
 */
export function useTaskActions(): {
  toggle: (task: Reminder) => void;
  remove: (task: Reminder) => Promise<void>;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { setStatus, remove } = useReminderMutations();
  const [completing, setCompleting] = useState<Reminder | null>(null);

  const fail = (error: unknown) => {
    if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
  };

  return {
    toggle: (task) => {
      if (task.status !== 1) return setCompleting(task);
      setStatus.mutate(
        { id: task.id, status: 0 },
        { onSuccess: () => message.success(t('reminders.saved.reopened')), onError: fail },
      );
    },
    remove: async (task) => {
      try {
        await remove.mutateAsync(task.id);
        message.success(t('reminders.saved.deleted'));
      } catch (error) {
        fail(error);
      }
    },
    dialogs: completing && <DoneDialog task={completing} onClose={() => setCompleting(null)} />,
  };
}

function DoneDialog({ task, onClose }: { task: Reminder; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, notification } = App.useApp();
  const [form] = Form.useForm<{ comment: string }>();
  const { setStatus } = useReminderMutations();

  const save = async ({ comment }: { comment: string }) => {
    try {
      await setStatus.mutateAsync({ id: task.id, status: 1, comment: comment.trim() || null });
      message.success(t('reminders.saved.done'));
      // The bell's notice of this task (reminders-badge.tsx), if still open, has been answered.
      notification.destroy(dueNoticeKey(task.id));
      onClose();
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  return (
    <FormModal
      open
      title={t('reminders.status.doneTitle', { title: task.title })}
      form={form}
      saving={setStatus.isPending}
      onClose={onClose}
      okText={t('reminders.status.submit')}
    >
      <Form form={form} layout="vertical" initialValues={{ comment: '' }} onFinish={save}>
        <Form.Item name="comment" label={t('reminders.status.comment')}>
          <Input.TextArea
            autoFocus
            rows={3}
            maxLength={REMINDER_COMMENT_MAX}
            placeholder={t('reminders.status.commentPlaceholder')}
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

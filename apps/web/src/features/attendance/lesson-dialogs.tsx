import { CANCEL_REASON_MAX, type Group, LESSON_THEME_MAX, type Lesson } from '@crm/contracts';
import { Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { showFieldErrors } from '../../shared/forms/field-rules';
import { useTeacherOptions } from '../groups/groups-api';
import { useLessonChanges } from './attendance-api';
import { lessonDayText } from './lesson-text';
import { MoveLessonDialog } from './move-lesson-dialog';
import { type LessonDialogProps as DialogProps, useDialogSubmit } from './use-dialog-submit';

export type LessonDialog = { kind: 'cancel' | 'move' | 'theme' | 'teacher'; lesson: Lesson };

/** The dialog a column's menu asked for (each is mounted only while open, so it starts from the lesson). */
export function LessonDialogs({
  dialog,
  group,
  onClose,
}: {
  dialog: LessonDialog | null;
  group: Group;
  onClose: () => void;
}) {
  if (!dialog) return null;
  const props = { lesson: dialog.lesson, group, onClose };
  if (dialog.kind === 'cancel') return <CancelLessonDialog {...props} />;
  if (dialog.kind === 'move') return <MoveLessonDialog {...props} />;
  if (dialog.kind === 'theme') return <ThemeDialog {...props} />;
  return <TeacherDialog {...props} />;
}

/** Spec §2: cancel a lesson, with a reason (it stays in the grid, greyed, with the reason). */
function CancelLessonDialog({ lesson, group, onClose }: DialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const { cancel } = useLessonChanges(group.id);
  const { submit, alert } = useDialogSubmit(onClose);
  const day = lessonDayText(t, lesson);
  return (
    <Modal
      open
      title={t('attendance.cancel.title', { day })}
      okText={t('attendance.actions.cancel')}
      okButtonProps={{ danger: true }}
      cancelText={t('attendance.dialogs.back')}
      confirmLoading={cancel.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {alert}
      <Typography.Paragraph type="secondary">{t('attendance.cancel.warning')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={({ reason }) =>
          submit(
            () => cancel.mutateAsync({ date: lesson.date, reason: reason.trim() }),
            t('attendance.cancel.done', { day }),
            (error) => showFieldErrors(t, form, ['reason'], error),
          )
        }
      >
        <Form.Item
          name="reason"
          label={t('attendance.cancel.reason')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
        >
          <Input.TextArea autoFocus rows={3} maxLength={CANCEL_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The lesson's theme (teachers too): empty clears it. */
function ThemeDialog({ lesson, group, onClose }: DialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ theme: string }>();
  const { setTheme } = useLessonChanges(group.id);
  const { submit, alert } = useDialogSubmit(onClose);
  return (
    <Modal
      open
      title={t('attendance.theme.title', { day: lessonDayText(t, lesson) })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={setTheme.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {alert}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ theme: lesson.theme ?? '' }}
        onFinish={({ theme }) =>
          submit(
            () => setTheme.mutateAsync({ date: lesson.date, theme: theme.trim() || null }),
            t('attendance.theme.done'),
            (error) => showFieldErrors(t, form, ['theme'], error),
          )
        }
      >
        <Form.Item name="theme" label={t('attendance.lesson.theme')} extra={t('attendance.theme.hint')}>
          <Input.TextArea autoFocus rows={3} maxLength={LESSON_THEME_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface TeacherValues {
  teacher_id: number;
  scope: 'lesson' | 'from_date';
}

/** Spec §4: replace the teacher for this lesson only, or for every lesson from this day on. */
function TeacherDialog({ lesson, group, onClose }: DialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TeacherValues>();
  const teachers = useTeacherOptions(group.branch_id);
  const { changeTeacher } = useLessonChanges(group.id);
  const { submit, alert } = useDialogSubmit(onClose);
  const day = lessonDayText(t, lesson);
  return (
    <Modal
      open
      title={t('attendance.teacher.title', { day })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={changeTeacher.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {alert}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ teacher_id: lesson.teacher.id, scope: 'lesson' }}
        onFinish={(values) =>
          submit(
            () => changeTeacher.mutateAsync({ ...values, date: lesson.date }),
            t('attendance.teacher.done'),
            (error) => {
              if (error.code === 'not_a_teacher') {
                form.setFields([{ name: 'teacher_id', errors: [errorMessage(t, error)] }]);
                return true;
              }
              return showFieldErrors(t, form, ['teacher_id', 'scope'], error);
            },
          )
        }
      >
        <Form.Item
          name="teacher_id"
          label={t('attendance.teacher.teacher')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Select showSearch={{ optionFilterProp: 'label' }} options={teachers.data} loading={teachers.isPending} />
        </Form.Item>
        <Form.Item name="scope" label={t('attendance.teacher.scope')}>
          <Radio.Group
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={[
              { value: 'lesson', label: t('attendance.teacher.scopeLesson', { day }) },
              { value: 'from_date', label: t('attendance.teacher.scopeFromDate', { day }) },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

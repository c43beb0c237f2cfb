import {
  REMINDER_DESCRIPTION_MAX,
  type Reminder,
  type ReminderInput,
  type ReminderListPolicies,
  type ReminderRef,
  reminderInputSchema,
  TagType,
} from '@crm/contracts';
import { App, Col, DatePicker, Form, Input, Row, Segmented, Select, TimePicker } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { fieldProblemMessage, schemaRule } from '../../shared/forms/field-rules';
import { companyTodayDayjs } from '../../shared/session/company-today';
import { FormModal } from '../courses/catalog-ui';
import { type Dayjs, dayjs } from '../groups/dates';
import { useTags } from '../tags/tags-api';
import { OptionPicker } from './option-picker';
import { useReminderMutations } from './reminders-api';

export type SubjectKind = 'student' | 'lead' | 'group';
export interface TaskSubject {
  kind: SubjectKind;
  ref: ReminderRef;
}

export type TaskFormTarget =
  | { mode: 'create'; branchId: number; subject?: TaskSubject }
  | { mode: 'edit'; task: Reminder; subject?: TaskSubject };

interface TaskFormValues {
  title: string;
  description: string;
  date: Dayjs | null;
  time: Dayjs | null;
  assigned_to: number | undefined;
  tag_ids: number[];
  kind: SubjectKind | 'none';
  subject: number | undefined;
}

const DATE_FORMAT = 'DD.MM.YYYY';

/** The server's field names as this form's (one picker holds the student, lead or group). */
const FORM_FIELD: Record<string, keyof TaskFormValues> = {
  title: 'title',
  description: 'description',
  date: 'date',
  time: 'time',
  assigned_to: 'assigned_to',
  tag_ids: 'tag_ids',
  student_id: 'subject',
  lead_id: 'subject',
  group_id: 'subject',
};

const subjectOf = (task: Reminder): TaskSubject | undefined =>
  task.student
    ? { kind: 'student', ref: task.student }
    : task.lead
      ? { kind: 'lead', ref: task.lead }
      : task.group
        ? { kind: 'group', ref: task.group }
        : undefined;

interface ReminderFormModalProps {
  target: TaskFormTarget | null;
  policies: ReminderListPolicies | undefined;
  onClose: () => void;
}

export function ReminderFormModal({ target, policies, onClose }: ReminderFormModalProps) {
  return target ? <OpenTaskForm target={target} policies={policies} onClose={onClose} /> : null;
}

/** Spec §5: title and date required; the assignee, tags and what the task concerns are optional. */
function OpenTaskForm({
  target,
  policies,
  onClose,
}: { target: TaskFormTarget } & Omit<ReminderFormModalProps, 'target'>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TaskFormValues>();
  const { create, update } = useReminderMutations();
  const tags = useTags();
  const editing = target.mode === 'edit' ? target.task : null;
  const branchId = target.mode === 'create' ? target.branchId : (editing?.branch_id ?? undefined);
  // A profile's "new task" fixes what it concerns; an edit shows what it concerned.
  const fixedSubject = target.subject;
  const subject = fixedSubject ?? (editing ? subjectOf(editing) : undefined);
  const kind: TaskFormValues['kind'] = Form.useWatch('kind', form) ?? subject?.kind ?? 'none';
  const canAssign = policies?.can_assign_others ?? false;

  const initialValues = useMemo<TaskFormValues>(
    () => ({
      title: editing?.title ?? '',
      description: editing?.description ?? '',
      date: editing ? dayjs(editing.date) : companyTodayDayjs(),
      time: editing ? dayjs(editing.time, 'HH:mm') : null,
      assigned_to: editing?.assigned_to?.id,
      tag_ids: editing?.tags.map((tag) => tag.id) ?? [],
      kind: subject?.kind ?? 'none',
      subject: subject?.ref.id,
    }),
    [editing, subject],
  );

  const save = async (values: TaskFormValues) => {
    const about = (which: SubjectKind) => (values.kind === which ? (values.subject ?? null) : null);
    const input: ReminderInput = {
      title: values.title.trim(),
      description: values.description.trim() || null,
      date: values.date?.format('YYYY-MM-DD') ?? '',
      time: values.time?.format('HH:mm') ?? null,
      assigned_to: values.assigned_to ?? null,
      tag_ids: values.tag_ids,
      student_id: about('student'),
      lead_id: about('lead'),
      group_id: about('group'),
    };
    try {
      if (editing) await update.mutateAsync({ id: editing.id, ...input });
      else if (target.mode === 'create') await create.mutateAsync({ ...input, branchId: target.branchId });
      message.success(t(editing ? 'reminders.saved.updated' : 'reminders.saved.created'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.some((problem) => FORM_FIELD[problem.field])) {
        form.setFields(
          error.fieldErrors
            .filter((problem) => FORM_FIELD[problem.field])
            .map((problem) => {
              const name = FORM_FIELD[problem.field] as keyof TaskFormValues;
              return { name, errors: [fieldProblemMessage(t, problem, form.getFieldValue(name))] };
            }),
        );
        return;
      }
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  const kinds: SubjectKind[] =
    policies?.can_attach_leads === false ? ['student', 'group'] : ['student', 'lead', 'group'];
  const taskTags = (tags.data?.data ?? []).filter((tag) => tag.type === TagType.task);
  const required = { required: true, message: t('validation.required') };
  return (
    <FormModal
      open
      title={t(editing ? 'reminders.form.editTitle' : 'reminders.form.createTitle')}
      form={form}
      saving={create.isPending || update.isPending}
      onClose={onClose}
      width={600}
    >
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={save}>
        <Form.Item
          name="title"
          label={t('reminders.form.title')}
          required
          rules={[schemaRule(t, reminderInputSchema.shape.title)]}
        >
          <Input autoFocus autoComplete="off" placeholder={t('reminders.form.titlePlaceholder')} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="date" label={t('reminders.form.date')} rules={[required]}>
              <DatePicker format={DATE_FORMAT} allowClear={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="time" label={t('reminders.form.time')} extra={t('reminders.form.timeHint')}>
              <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="assigned_to" label={t('reminders.form.assignee')}>
              <OptionPicker
                kind="assignee"
                branchId={branchId}
                chosen={editing?.assigned_to}
                disabled={!canAssign}
                allowClear
                placeholder={t('reminders.form.assigneeSelf')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="tag_ids" label={t('reminders.form.tags')}>
              <Select
                mode="multiple"
                showSearch={{ optionFilterProp: 'label' }}
                loading={tags.isPending}
                options={taskTags.map((tag) => ({ value: tag.id, label: tag.name }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="kind" label={t('reminders.form.concerns')}>
          <Segmented
            block
            disabled={!!fixedSubject}
            options={(['none', ...kinds] as const).map((value) => ({
              value,
              label: t(`reminders.form.kinds.${value}`),
            }))}
            onChange={() => form.setFieldValue('subject', undefined)}
          />
        </Form.Item>
        {kind !== 'none' && (
          <Form.Item name="subject" rules={[required]}>
            <OptionPicker
              key={kind}
              kind={kind}
              branchId={branchId}
              chosen={subject?.kind === kind ? subject.ref : null}
              disabled={!!fixedSubject}
              aria-label={t(`reminders.form.kinds.${kind}`)}
              placeholder={t('reminders.form.searchHint')}
            />
          </Form.Item>
        )}
        <Form.Item name="description" label={t('reminders.form.description')}>
          <Input.TextArea rows={3} maxLength={REMINDER_DESCRIPTION_MAX} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

import {
  DAY_TYPES,
  type DayType,
  type FieldError,
  type Group,
  type GroupCreate,
  GroupStatus,
  groupScheduleProblems,
  lessonStepOf,
  type ScheduleConflict,
} from '@crm/contracts';
import { Alert, App, Checkbox, Col, DatePicker, Form, Input, Modal, Row, Select, TimePicker } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { fieldProblemMessage } from '../../shared/forms/field-rules';
import { companyTodayDayjs } from '../../shared/session/company-today';
import { useSession } from '../../shared/session/use-session';
import { type InlineForm, InlineFormFrame } from '../../shared/ui/inline-form-frame';
import { type Dayjs, dayjs } from './dates';
import { useCourseOptions, useGroupMutations, useRoomOptions, useTeacherOptions } from './groups-api';

/** A new group (its course, teacher and room may be chosen beforehand), or an existing one. */
export type GroupFormTarget =
  | { mode: 'create'; defaults?: Partial<Pick<FormValues, 'course_id' | 'teacher_id' | 'room_id'>> }
  | { mode: 'edit'; group: Group };

interface FormValues {
  course_id?: number;
  teacher_id?: number;
  room_id?: number | null;
  name?: string;
  day_type: DayType;
  exact_days?: number[];
  start_time?: Dayjs;
  end_time?: Dayjs;
  start_date?: Dayjs;
  end_date?: Dayjs | null;
  status?: number;
}

const FIELDS = [
  'course_id',
  'teacher_id',
  'room_id',
  'name',
  'day_type',
  'exact_days',
  'start_time',
  'end_time',
  'start_date',
  'end_date',
  'status',
] as const;

/** The words for a broken rule of a group's fields: the group's own rules first, then the common ones. */
export function groupProblemText(t: TFunction, problem: Pick<FieldError, 'rule' | 'limit'>, value: unknown): string {
  if (problem.rule === 'time_step' || problem.rule === 'end_before_start') {
    return t(`groups.problems.${problem.rule}`, { limit: problem.limit });
  }
  return fieldProblemMessage(t, problem, value);
}

/**
 * Spec §8 schedule conflict in words: each group once, with whether its room, its
 * teacher or both clash («X» (same room, same teacher, 20:00–21:30)). An answer
 * without `reasons` (an older server) still reads by its single `reason`.
 */
export function conflictText(t: TFunction, conflicts: readonly ScheduleConflict[]): string {
  const named = conflicts.map((c) => {
    const reasons = (c.reasons?.length ? c.reasons : [c.reason]).map((r) => t(`groups.conflictReason.${r}`));
    return `«${c.title}» (${[...reasons, `${c.start_time}–${c.end_time}`].join(', ')})`;
  });
  return t('groups.conflict', { groups: named.join('; ') });
}

/** The clashing groups of a 409 schedule_conflict. */
export const conflictsOf = (error: ApiError): ScheduleConflict[] => {
  const details = error.details as { conflicts?: ScheduleConflict[] } | undefined;
  return Array.isArray(details?.conflicts) ? details.conflicts : [];
};

const initialValues = (target: GroupFormTarget | null): FormValues => {
  if (target?.mode !== 'edit') return { day_type: 'odd', start_date: companyTodayDayjs(), ...target?.defaults };
  const { group } = target;
  return {
    course_id: group.course.id,
    teacher_id: group.teacher.id,
    room_id: group.room?.id ?? null,
    name: group.name ?? '',
    day_type: group.day_type,
    exact_days: group.exact_days ?? [],
    start_time: dayjs(group.start_time, 'HH:mm'),
    end_time: dayjs(group.end_time, 'HH:mm'),
    start_date: dayjs(group.start_date),
    end_date: group.end_date ? dayjs(group.end_date) : null,
    status: group.status,
  };
};

export function GroupFormModal({
  target,
  branchId,
  onClose,
  onSaved,
  inline,
}: {
  target: GroupFormTarget | null;
  branchId: number;
  onClose: () => void;
  onSaved?: (group: Group) => void;
  /** Drawn in place rather than in a dialog (the onboarding wizard). */
  inline?: InlineForm;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { company } = useSession();
  const [form] = Form.useForm<FormValues>();
  const [conflict, setConflict] = useState<string | null>(null);
  const { create, update } = useGroupMutations();
  const editing = target?.mode === 'edit' ? target.group : null;
  const open = target !== null;
  // The choices load when the form opens, not with every page that can open it.
  const courses = useCourseOptions(open);
  const teachers = useTeacherOptions(branchId, open);
  const rooms = useRoomOptions(branchId, open);
  const step = lessonStepOf(company?.datas.lesson_start_time_step_five_minutes ?? true);
  const dayType = Form.useWatch('day_type', form);

  const showProblems = (problems: readonly FieldError[]) => {
    const fields = problems.filter((p) => (FIELDS as readonly string[]).includes(p.field));
    form.setFields(
      fields.map((p) => ({
        name: p.field as keyof FormValues,
        errors: [groupProblemText(t, p, form.getFieldValue(p.field as keyof FormValues))],
      })),
    );
    return fields.length > 0;
  };

  const save = async (values: FormValues) => {
    setConflict(null);
    const input = {
      course_id: values.course_id as number,
      teacher_id: values.teacher_id as number,
      room_id: values.room_id ?? null,
      name: values.name?.trim() || null,
      day_type: values.day_type,
      exact_days: values.day_type === 'other' ? (values.exact_days ?? []) : null,
      start_time: values.start_time?.format('HH:mm') ?? '',
      end_time: values.end_time?.format('HH:mm') ?? '',
      start_date: values.start_date?.format('YYYY-MM-DD') ?? '',
      // Empty: the server takes the course's duration (spec §3).
      ...(values.end_date ? { end_date: values.end_date.format('YYYY-MM-DD') } : editing ? { end_date: null } : {}),
    };
    // The same rules as the server (contracts), so a mistake is explained before anything is sent.
    if (showProblems(groupScheduleProblems(input, step))) return;
    try {
      const group = editing
        ? await update.mutateAsync({ id: editing.id, ...input, status: values.status })
        : await create.mutateAsync({ ...input, branch_id: branchId } satisfies GroupCreate);
      message.success(t(editing ? 'groups.updated' : 'groups.created'));
      onSaved?.(group);
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.code === 'schedule_conflict') return setConflict(conflictText(t, conflictsOf(error)));
        if (error.code === 'not_a_teacher')
          return form.setFields([{ name: 'teacher_id', errors: [errorMessage(t, error)] }]);
        if (showProblems(error.fieldErrors)) return;
      }
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  const required = [{ required: true, message: t('validation.required') }];
  const saving = create.isPending || update.isPending;
  const fields = (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues(target)}
      onFinish={save}
      onValuesChange={() => setConflict(null)}
    >
      {conflict && <Alert type="error" showIcon title={conflict} style={{ marginBottom: 16 }} role="alert" />}
      <Form.Item name="course_id" label={t('groups.fields.course')} rules={required}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={courses.data}
          loading={courses.isPending}
          placeholder={t('groups.fields.course')}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="teacher_id" label={t('groups.fields.teacher')} rules={required}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={teachers.data} loading={teachers.isPending} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="room_id" label={t('groups.fields.room')}>
            <Select
              allowClear
              placeholder={t('groups.fields.noRoom')}
              loading={rooms.isPending}
              options={rooms.data?.map((room) => ({ value: room.value, label: `${room.label} (${room.capacity})` }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="name" label={t('groups.fields.name')} extra={t('groups.fields.nameHint')} rules={[{ max: 100 }]}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="day_type" label={t('groups.fields.dayType')} rules={required}>
        <Select options={DAY_TYPES.map((value) => ({ value, label: t(`groups.dayType.${value}`) }))} />
      </Form.Item>
      {dayType === 'other' && (
        <Form.Item name="exact_days" label={t('groups.fields.exactDays')} rules={required}>
          <Checkbox.Group
            options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: t(`groups.weekdays.${d}`) }))}
          />
        </Form.Item>
      )}
      <Row gutter={12}>
        <Col xs={12}>
          <Form.Item
            name="start_time"
            label={t('groups.fields.startTime')}
            rules={required}
            extra={t('groups.stepHint', { step })}
          >
            <TimePicker format="HH:mm" minuteStep={step} needConfirm={false} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item name="end_time" label={t('groups.fields.endTime')} rules={required}>
            <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item name="start_date" label={t('groups.fields.startDate')} rules={required}>
            <DatePicker format="DD.MM.YYYY" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item name="end_date" label={t('groups.fields.endDate')} extra={t('groups.fields.endDateHint')}>
            <DatePicker format="DD.MM.YYYY" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      {editing && (
        <Form.Item name="status" label={t('groups.fields.status')}>
          <Select
            options={Object.values(GroupStatus).map((value) => ({ value, label: t(`groups.status.${value}`) }))}
          />
        </Form.Item>
      )}
    </Form>
  );
  if (inline)
    return (
      <InlineFormFrame form={form} saving={saving} {...inline}>
        {fields}
      </InlineFormFrame>
    );
  return (
    <Modal
      open={open}
      title={t(editing ? 'groups.editTitle' : 'groups.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      afterOpenChange={(visible) => !visible && setConflict(null)}
      destroyOnHidden
      width={640}
    >
      {fields}
    </Modal>
  );
}

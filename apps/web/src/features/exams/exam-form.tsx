import { EXAM_KINDS, type Exam, type ExamInput, type ExamKind } from '@crm/contracts';
import { App, Col, DatePicker, Form, Input, InputNumber, Radio, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { companyTodayDayjs } from '../../shared/session/company-today';
import { FormModal } from '../courses/catalog-ui';
import { saveForm } from '../courses/form-errors';
import { dayjs } from '../groups/dates';
import { useExamWrites } from './exams-api';

interface ExamFormValues {
  title: string;
  kind: ExamKind;
  date: Dayjs;
  module: number | null;
  duration_minutes: number | null;
  question_count: number | null;
}

const FIELDS = ['title', 'kind', 'date', 'module', 'duration_minutes', 'question_count'];

/**
 * An online exam's minutes as it has them: the server answers the course's exam duration where the exam sets none,
 * so a changed exam keeps the minutes it was taken with rather than following the course later.
 */
const examFormValues = (exam: Exam | null): Partial<ExamFormValues> =>
  exam
    ? {
        title: exam.title,
        kind: exam.kind,
        date: dayjs(exam.date),
        module: exam.module,
        duration_minutes: exam.kind === 'online' ? exam.duration_minutes : null,
        question_count: exam.question_count,
      }
    : { kind: 'offline', date: companyTodayDayjs(), module: null, duration_minutes: null, question_count: null };

/** What is sent: an offline exam has no minutes and no questions of its own. */
const examInput = (values: ExamFormValues): ExamInput => {
  const online = values.kind === 'online';
  return {
    title: values.title.trim(),
    kind: values.kind,
    date: values.date.format('YYYY-MM-DD'),
    module: values.module ?? null,
    duration_minutes: online ? (values.duration_minutes ?? null) : null,
    question_count: online ? (values.question_count ?? null) : null,
  };
};

interface CountFieldProps {
  name: 'module' | 'duration_minutes' | 'question_count';
  label: string;
  hint?: string;
  /** The contracts' bounds (examInputSchema). */
  range: [number, number];
  /** What an empty field means (none, the course's minutes, all questions). */
  placeholder: string;
}

/** A whole number the exam may leave empty, half a row wide. */
function CountField({ name, label, hint, range, placeholder }: CountFieldProps) {
  return (
    <Col xs={24} sm={12}>
      <Form.Item name={name} label={label} extra={hint}>
        <InputNumber
          min={range[0]}
          max={range[1]}
          precision={0}
          inputMode="numeric"
          placeholder={placeholder}
          style={{ width: '100%' }}
        />
      </Form.Item>
    </Col>
  );
}

export type ExamTarget = { mode: 'add' } | { mode: 'edit'; exam: Exam };

interface ExamFormModalProps {
  groupId: number;
  target: ExamTarget;
  /** Questions in the course's bank (known once the group has an exam): "all" says how many. */
  bankSize: number | null;
  onClose: () => void;
}

/** An exam on the group's roadmap, new or changed (the server refuses a change once results exist). */
export function ExamFormModal({ groupId, target, bankSize, onClose }: ExamFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ExamFormValues>();
  const online = Form.useWatch('kind', form) === 'online';
  const { add, update } = useExamWrites(groupId);
  const editing = target.mode === 'edit' ? target.exam : null;

  const save = (values: ExamFormValues) => {
    const body = examInput(values);
    return saveForm(
      t,
      message,
      form,
      () => (editing ? update.mutateAsync({ examId: editing.id, body }) : add.mutateAsync(body)),
      { fields: FIELDS, success: t(editing ? 'exams.form.saved' : 'exams.form.added'), onSaved: onClose },
    );
  };

  return (
    <FormModal
      open
      title={t(editing ? 'exams.form.editTitle' : 'exams.form.addTitle')}
      form={form}
      saving={add.isPending || update.isPending}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" initialValues={examFormValues(editing)} onFinish={save}>
        <Form.Item
          name="title"
          label={t('exams.form.title')}
          rules={[{ required: true, whitespace: true, message: t('exams.form.titleRequired') }]}
        >
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="kind"
          label={t('exams.form.kind')}
          extra={t(online ? 'exams.form.onlineHint' : 'exams.form.offlineHint')}
        >
          <Radio.Group
            optionType="button"
            options={EXAM_KINDS.map((value) => ({ value, label: t(`exams.kind.${value}`) }))}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="date"
              label={t('exams.form.date')}
              rules={[{ required: true, message: t('validation.required') }]}
            >
              <DatePicker format="DD.MM.YYYY" allowClear={false} inputReadOnly style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <CountField
            name="module"
            label={t('exams.form.module')}
            range={[1, 100]}
            placeholder={t('exams.form.noModule')}
          />
          {online && (
            <>
              <CountField
                name="duration_minutes"
                label={t('exams.form.minutes')}
                hint={t('exams.form.minutesHint')}
                range={[5, 600]}
                placeholder={t('exams.form.courseMinutes')}
              />
              <CountField
                name="question_count"
                label={t('exams.form.questionCount')}
                hint={t('exams.form.questionCountHint')}
                range={[1, 200]}
                placeholder={
                  bankSize === null ? t('exams.form.allQuestions') : t('exams.form.allOf', { count: bankSize })
                }
              />
            </>
          )}
        </Row>
      </Form>
    </FormModal>
  );
}

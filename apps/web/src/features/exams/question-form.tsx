import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { QUESTION_KINDS, QUESTION_OPTIONS_MAX, type Question, type QuestionKind } from '@crm/contracts';
import { App, Button, Checkbox, Flex, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { FormModal } from '../courses/catalog-ui';
import { useQuestionWrites } from './exams-api';
import {
  marksFor,
  marksWithout,
  type QuestionFormValues,
  questionFormValues,
  questionInput,
  questionRuleMessage,
  showQuestionFieldErrors,
} from './question-form-values';

/** What the marks say under the options: which are right, or that none is marked yet. */
function MarksSummary({ value = [] }: { value?: number[] }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
      {value.length === 0
        ? t('exams.questionForm.noMark')
        : t('exams.questionForm.marked', { options: value.map((index) => index + 1).join(', ') })}
    </Typography.Text>
  );
}

/** The mark beside an option: a radio for single choice, a checkbox for multiple, the place for ordering. */
function OptionMark({ kind, index, checked, onChange }: OptionMarkProps) {
  const { t } = useTranslation();
  const label = t('exams.questionForm.rightOption', { number: index + 1 });
  if (kind === 'ordering') {
    return <Typography.Text style={{ width: 24, paddingTop: 5, textAlign: 'right' }}>{index + 1}.</Typography.Text>;
  }
  const style = { paddingTop: 5, marginInlineEnd: 0 };
  return kind === 'single' ? (
    <Radio name="right-option" aria-label={label} checked={checked} onChange={() => onChange(true)} style={style} />
  ) : (
    <Checkbox aria-label={label} checked={checked} onChange={(event) => onChange(event.target.checked)} style={style} />
  );
}

interface OptionMarkProps {
  kind: QuestionKind;
  index: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** The options, added and removed, with the right one(s) marked (ordering: written in their right order). */
function OptionsField({ kind }: { kind: Exclude<QuestionKind, 'short'> }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<QuestionFormValues>();
  const correct: number[] = Form.useWatch('correct', form) ?? [];
  const setMarks = (next: number[]) => {
    form.setFieldValue('correct', next);
    void form.validateFields(['correct']).catch(() => {});
  };
  const mark = (index: number, on: boolean) =>
    setMarks(kind === 'single' ? [index] : on ? [...correct, index] : correct.filter((i) => i !== index));
  const hint = kind === 'ordering' ? 'orderingHint' : kind === 'single' ? 'singleHint' : 'multipleHint';
  return (
    <>
      <Form.List
        name="options"
        rules={[
          {
            validator: async (_rule, options: string[] | undefined) => {
              if ((options ?? []).length < 2) throw new Error(questionRuleMessage(t, 'options', kind));
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <Form.Item label={t('exams.questionForm.options')} extra={t(`exams.questionForm.${hint}`)} required>
            <Flex vertical gap={8}>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="start">
                  <OptionMark
                    kind={kind}
                    index={index}
                    checked={correct.includes(index)}
                    onChange={(on) => mark(index, on)}
                  />
                  <Form.Item
                    name={field.name}
                    rules={[{ required: true, whitespace: true, message: t('exams.questionForm.optionRequired') }]}
                    style={{ flex: 1, marginBottom: 0 }}
                  >
                    <Input aria-label={t('exams.questionForm.option', { number: index + 1 })} maxLength={500} />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('exams.questionForm.removeOption', { number: index + 1 })}
                    title={t('exams.questionForm.removeOption', { number: index + 1 })}
                    disabled={fields.length <= 2}
                    onClick={() => {
                      remove(field.name);
                      setMarks(marksWithout(correct, index));
                    }}
                  />
                </Flex>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add('')}
                disabled={fields.length >= QUESTION_OPTIONS_MAX}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('exams.questionForm.addOption')}
              </Button>
              <Form.ErrorList errors={errors} />
            </Flex>
          </Form.Item>
        )}
      </Form.List>
      {kind !== 'ordering' && (
        <Form.Item
          name="correct"
          rules={[
            {
              validator: async (_rule, marks: number[] | undefined) => {
                const count = (marks ?? []).length;
                if (kind === 'single' ? count !== 1 : count < 1)
                  throw new Error(questionRuleMessage(t, 'correct', kind));
              },
            },
          ]}
        >
          <MarksSummary />
        </Form.Item>
      )}
    </>
  );
}

/** A short answer's accepted answers, as tags (typed, then Enter). */
function AcceptedField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="accepted"
      label={t('exams.questionForm.accepted')}
      extra={t('exams.questionForm.acceptedHint')}
      required
      rules={[
        {
          validator: async (_rule, accepted: string[] | undefined) => {
            if (!(accepted ?? []).some((text) => text.trim())) {
              throw new Error(questionRuleMessage(t, 'accepted', 'short'));
            }
          },
        },
      ]}
    >
      <Select mode="tags" open={false} suffixIcon={null} maxCount={20} aria-label={t('exams.questionForm.accepted')} />
    </Form.Item>
  );
}

export type QuestionTarget = { mode: 'add' } | { mode: 'edit'; question: Question };

interface QuestionFormModalProps {
  courseId: number;
  target: QuestionTarget;
  onClose: () => void;
}

/** A question of the course's bank, new or changed, in a dialog (drawn afresh for each question). */
export function QuestionFormModal({ courseId, target, onClose }: QuestionFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<QuestionFormValues>();
  const kind: QuestionKind = Form.useWatch('kind', form) ?? 'single';
  const { add, update } = useQuestionWrites(courseId);
  const editing = target.mode === 'edit' ? target.question : null;

  const submit = async () => {
    // Every value, also the other kinds' (kept while hidden): questionInput sends the chosen kind's only.
    const body = questionInput(form.getFieldsValue(true) as QuestionFormValues);
    try {
      if (editing) await update.mutateAsync({ id: editing.id, body });
      else await add.mutateAsync(body);
      message.success(t(editing ? 'exams.questions.saved' : 'exams.questions.added'));
      onClose();
    } catch (error) {
      if (showQuestionFieldErrors(t, form, error)) return;
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  return (
    <FormModal
      open
      title={t(editing ? 'exams.questions.editTitle' : 'exams.questions.addTitle')}
      form={form}
      saving={add.isPending || update.isPending}
      onClose={onClose}
      width={640}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={questionFormValues(editing ?? undefined)}
        onFinish={submit}
        scrollToFirstError
      >
        <Form.Item name="kind" label={t('exams.questionForm.kind')}>
          <Radio.Group
            optionType="button"
            options={QUESTION_KINDS.map((value) => ({ value, label: t(`exams.questionKind.${value}`) }))}
            onChange={(event) =>
              form.setFieldValue('correct', marksFor(event.target.value, form.getFieldValue('correct')))
            }
          />
        </Form.Item>
        <Form.Item
          name="text"
          label={t('exams.questionForm.text')}
          rules={[{ required: true, whitespace: true, message: t('exams.questionForm.textRequired') }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={2000} />
        </Form.Item>
        <Form.Item
          name="points"
          label={t('exams.questionForm.points')}
          extra={t('exams.questionForm.pointsHint')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <InputNumber min={1} max={10} precision={0} inputMode="numeric" style={{ width: 120 }} />
        </Form.Item>
        {kind === 'short' ? <AcceptedField /> : <OptionsField kind={kind} />}
      </Form>
    </FormModal>
  );
}

import {
  HOMEWORK_ANSWER_KINDS,
  HOMEWORK_DUE_DAYS_MAX,
  HOMEWORK_TEXT_MAX,
  LESSON_TITLE_MAX,
  type LessonFile,
} from '@crm/contracts';
import { App, Button, Card, Flex, Form, Input, InputNumber, Radio, Space, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { ButtonLink } from '../../shared/ui/button-link';
import { LessonFilesField, LessonFilesUnavailable } from './lesson-files-field';
import { type LessonFormValues, showLessonFieldErrors } from './lesson-form-values';
import { RichTextEditor } from './rich-text-editor';
import { VideoField } from './video-field';

/** Homework: off, or instructions, the days it is due after the lesson, and what an answer may be. */
function HomeworkFields() {
  const { t } = useTranslation();
  const on = Form.useWatch('homework_on', Form.useFormInstance());
  return (
    <>
      <Form.Item name="homework_on" label={t('courseLessons.editor.homework.label')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {on && (
        <>
          <Form.Item
            name={['homework', 'instructions']}
            label={t('courseLessons.editor.homework.instructions')}
            rules={[
              { required: true, whitespace: true, message: t('courseLessons.editor.homework.instructionsRequired') },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={HOMEWORK_TEXT_MAX} showCount />
          </Form.Item>
          <Form.Item
            name={['homework', 'due_days']}
            label={t('courseLessons.editor.homework.dueDays')}
            extra={t('courseLessons.editor.homework.dueDaysHint')}
            rules={[{ required: true, message: t('courseLessons.editor.homework.dueDaysRequired') }]}
          >
            <InputNumber min={0} max={HOMEWORK_DUE_DAYS_MAX} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name={['homework', 'answer']} label={t('courseLessons.editor.homework.answer')}>
            <Radio.Group
              options={HOMEWORK_ANSWER_KINDS.map((kind) => ({
                value: kind,
                label: t(`courseLessons.answerKind.${kind}`),
              }))}
            />
          </Form.Item>
        </>
      )}
    </>
  );
}

interface LessonFormProps {
  /** The course the video is uploaded to and the files are chosen from. */
  courseId: number;
  /** Whether the viewer may list the course's folders and upload a video to them (the course staff). */
  courseFiles: boolean;
  initialValues: LessonFormValues;
  /** The lesson's files as it has them (one may have left the folders since). */
  knownFiles?: readonly LessonFile[];
  /** Fields above the title (a group lesson's place). */
  before?: ReactNode;
  /** Buttons beside Save (delete). */
  actions?: ReactNode;
  submitLabel: string;
  cancelTo: string;
  saving: boolean;
  /** Rejects with the server's refusal; its field problems go under the fields. */
  onSave: (values: LessonFormValues) => Promise<unknown>;
}

/** The lesson editor's fields (spec §2 courses/{courseId}/add-lesson, lessons/{lessonId}, groups/{id}/add-lesson). */
export function LessonForm(props: LessonFormProps) {
  const { courseId, courseFiles, initialValues, knownFiles = [], before, actions, submitLabel, cancelTo } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<LessonFormValues>();

  const submit = async () => {
    // Every value, also those of hidden choices: the conversion keeps only the chosen video and homework.
    const values = form.getFieldsValue(true) as LessonFormValues;
    try {
      await props.onSave(values);
    } catch (error) {
      if (showLessonFieldErrors(t, form, error)) return;
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      scrollToFirstError
      style={{ maxWidth: 880 }}
    >
      <Card>
        {before}
        <Form.Item
          name="title"
          label={t('courseLessons.editor.title')}
          rules={[{ required: true, whitespace: true, message: t('courseLessons.editor.titleRequired') }]}
        >
          <Input maxLength={LESSON_TITLE_MAX} />
        </Form.Item>
        <Form.Item name="body_html" label={t('courseLessons.editor.body')}>
          <RichTextEditor label={t('courseLessons.editor.body')} />
        </Form.Item>
        <VideoField courseId={courseId} canUpload={courseFiles} form={form} />
        {courseFiles ? <LessonFilesField courseId={courseId} knownFiles={knownFiles} /> : <LessonFilesUnavailable />}
        <HomeworkFields />
        <Flex justify="space-between" wrap gap={8}>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={props.saving}>
              {submitLabel}
            </Button>
            <ButtonLink to={cancelTo}>{t('common.cancel')}</ButtonLink>
          </Space>
          {actions}
        </Flex>
      </Card>
    </Form>
  );
}

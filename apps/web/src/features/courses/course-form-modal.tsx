import {
  type Course,
  type CourseInput,
  courseInputSchema,
  fromMinorUnits,
  minorDigitsOf,
  toMinorUnits,
} from '@crm/contracts';
import { App, Col, Form, Input, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../shared/forms/field-rules';
import { type InlineForm, InlineFormFrame } from '../../shared/ui/inline-form-frame';
import { FormModal } from './catalog-ui';
import { useCourseMutations } from './courses-api';
import { saveForm } from './form-errors';
import { groupThousands, ungroup, useCurrency } from './money';

/** A new course, a new level of a course, or an existing course or level. */
export type CourseFormTarget =
  | { mode: 'create'; parent?: Pick<Course, 'id' | 'name'> }
  | { mode: 'edit'; course: Course; parent?: Pick<Course, 'id' | 'name'> };

interface CourseFormValues {
  name: string;
  code: string;
  price: number | null;
  lesson_duration: number | null;
  course_duration: number | null;
  exam_duration: number | null;
  lessons_per_module: number | null;
  description: string;
}

const FIELDS = [
  'name',
  'code',
  'price',
  'lesson_duration',
  'course_duration',
  'exam_duration',
  'lessons_per_module',
  'description',
];
const shape = courseInputSchema.shape;

const initialValues = (course: Course | null, currency: string): Partial<CourseFormValues> =>
  course
    ? {
        name: course.name,
        code: course.code ?? '',
        price: fromMinorUnits(course.price, currency),
        lesson_duration: course.lesson_duration,
        course_duration: course.course_duration,
        exam_duration: course.exam_duration,
        lessons_per_module: course.lessons_per_module,
        description: course.description ?? '',
      }
    : { price: 0, lesson_duration: 90 };

interface CourseFormModalProps {
  target: CourseFormTarget | null;
  onClose: () => void;
  /** After a save, with the course as the server answered it. */
  onSaved?: (course: Course) => void;
  /** Drawn in place rather than in a dialog (the onboarding wizard). */
  inline?: InlineForm;
}

export function CourseFormModal({ target, onClose, onSaved, inline }: CourseFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CourseFormValues>();
  const currency = useCurrency();
  const { create, update } = useCourseMutations();
  const editing = target?.mode === 'edit' ? target.course : null;
  const parent = target?.parent ?? null;
  const isLevel = parent !== null;
  // The form speaks whole sum (or tenge with tiyn); the API stores minor units.
  const priceRule = schemaRule(t, {
    safeParse: (value: unknown) =>
      shape.price.safeParse(typeof value === 'number' ? toMinorUnits(value, currency) : value),
  });

  const save = (values: CourseFormValues) => {
    const input: CourseInput = {
      name: values.name.trim(),
      code: values.code.trim(),
      description: values.description?.trim() || null,
      price: toMinorUnits(values.price ?? 0, currency),
      parent_id: parent?.id ?? null,
      lesson_duration: values.lesson_duration ?? 0,
      course_duration: values.course_duration ?? null,
      exam_duration: values.exam_duration ?? null,
      lessons_per_module: values.lessons_per_module ?? null,
    };
    let saved: Course | undefined;
    return saveForm(
      t,
      message,
      form,
      async () => {
        saved = editing ? await update.mutateAsync({ id: editing.id, ...input }) : await create.mutateAsync(input);
      },
      {
        fields: FIELDS,
        // The level rules (one level deep) are the server's: say them in words rather than "invalid".
        explain: (error) => (error.fieldErrors.some((e) => e.field === 'parent_id') ? t('courses.levelRule') : null),
        success: t(editing ? 'courses.updated' : 'courses.created'),
        onSaved: () => {
          if (saved) onSaved?.(saved);
          onClose();
        },
      },
    );
  };

  const title = editing
    ? t(isLevel ? 'courses.editLevelTitle' : 'courses.editTitle')
    : t(isLevel ? 'courses.createLevelTitle' : 'courses.createTitle');
  const count = (name: keyof CourseFormValues, label: string, hint?: string, required = false) => (
    <Form.Item
      name={name}
      label={label}
      extra={hint}
      required={required}
      rules={[schemaRule(t, shape[name as keyof typeof shape])]}
    >
      <InputNumber inputMode="numeric" style={{ width: '100%' }} />
    </Form.Item>
  );

  const saving = create.isPending || update.isPending;
  const fields = (
    <Form form={form} layout="vertical" initialValues={initialValues(editing, currency)} onFinish={save}>
      <Row gutter={16}>
        <Col xs={24} sm={14}>
          <Form.Item name="name" label={t('courses.name')} required rules={[schemaRule(t, shape.name)]}>
            <Input autoFocus autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item
            name="code"
            label={t('courses.code')}
            extra={t('courses.codeHint')}
            required
            rules={[schemaRule(t, shape.code)]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="price" label={t('courses.price', { currency })} required rules={[priceRule]}>
            <InputNumber
              inputMode="decimal"
              style={{ width: '100%' }}
              precision={minorDigitsOf(currency)}
              formatter={groupThousands}
              parser={(text) => ungroup(text) as unknown as number}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          {count('lesson_duration', t('courses.lessonDuration'), t('courses.minutes'), true)}
        </Col>
        <Col xs={24} sm={8}>
          {count('course_duration', t('courses.courseDuration'), t('courses.months'))}
        </Col>
        <Col xs={24} sm={8}>
          {count('exam_duration', t('courses.examDuration'), t('courses.minutes'))}
        </Col>
        <Col xs={24} sm={8}>
          {count('lessons_per_module', t('courses.lessonsPerModule'))}
        </Col>
      </Row>
      <Form.Item name="description" label={t('courses.description')} rules={[schemaRule(t, shape.description)]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </Form>
  );
  if (inline)
    return (
      <InlineFormFrame form={form} saving={saving} {...inline}>
        {fields}
      </InlineFormFrame>
    );
  return (
    <FormModal open={target !== null} title={title} form={form} saving={saving} onClose={onClose} width={640}>
      {parent && <p style={{ marginTop: 0 }}>{t('courses.levelOf', { name: parent.name })}</p>}
      {fields}
    </FormModal>
  );
}

import {
  fromMinorUnits,
  SALARY_BASES,
  SALARY_TYPE_OF_BASE,
  type SalaryBase,
  type SalarySetting,
  type SalarySettingList,
  toMinorUnits,
} from '@crm/contracts';
import { App, Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../courses/catalog-ui';
import { saveForm } from '../courses/form-errors';
import { useCurrency } from '../courses/money';
import { MoneyInput } from '../expenses/money-input';
import { useSalarySettingMutations } from './salaries-api';

/** The rule being edited, or a new one (`setting` null). */
export interface SettingTarget {
  setting: SalarySetting | null;
}

interface Values {
  teacher_id: number;
  course_id: number;
  base: SalaryBase;
  amount: number | null;
  percent: number | null;
}

const FIELDS = ['teacher_id', 'course_id', 'type', 'base', 'amount', 'percent'];
/** The select value of "every teacher" and "any course" (a select shows no label for null). */
const ALL = 0;

/**
 * A rule of pay: whom (a teacher, or every teacher: the company default, which only owner and
 * CEO set), for which course (or any), the basis and its rate. The type follows the basis.
 */
export function SettingFormModal({
  companyId,
  target,
  options,
  companyWide,
  onClose,
}: {
  companyId: number;
  target: SettingTarget | null;
  options: Pick<SalarySettingList, 'teachers' | 'courses'>;
  /** Whether the caller may set rules for every teacher (owner and CEO). */
  companyWide: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const currency = useCurrency();
  const [form] = Form.useForm<Values>();
  const { create, update } = useSalarySettingMutations(companyId);
  const base = Form.useWatch('base', form) ?? 'per_student_month';
  const setting = target?.setting ?? null;

  const save = (values: Values) => {
    const type = SALARY_TYPE_OF_BASE[values.base];
    const input = {
      teacher_id: values.teacher_id || null,
      course_id: values.course_id || null,
      type,
      base: values.base,
      amount: type === 'fixed' ? toMinorUnits(values.amount ?? 0, currency) : null,
      percent: type === 'percentage' ? values.percent : null,
    };
    return saveForm(
      t,
      message,
      form,
      () => (setting ? update.mutateAsync({ id: setting.id, ...input }) : create.mutateAsync(input)),
      {
        fields: FIELDS,
        fieldOfCode: { not_a_teacher: 'teacher_id' },
        success: t('salaries.settings.saved'),
        onSaved: onClose,
      },
    );
  };

  return (
    <FormModal
      open={target !== null}
      title={t(setting ? 'salaries.settings.edit' : 'salaries.settings.add')}
      form={form}
      saving={create.isPending || update.isPending}
      onClose={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{
          teacher_id: setting?.teacher?.id ?? (companyWide ? ALL : undefined),
          course_id: setting?.course?.id ?? ALL,
          base: setting?.base ?? 'per_student_month',
          amount: setting?.amount != null ? fromMinorUnits(setting.amount, currency) : null,
          percent: setting?.percent ?? null,
        }}
      >
        <Form.Item
          name="teacher_id"
          label={t('salaries.settings.teacher')}
          rules={companyWide ? [] : [{ required: true, message: t('validation.required') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={[
              ...(companyWide ? [{ value: ALL, label: t('salaries.settings.everyTeacher') }] : []),
              ...options.teachers.map((p) => ({ value: p.id, label: p.name })),
            ]}
          />
        </Form.Item>
        <Form.Item name="course_id" label={t('salaries.settings.course')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={[
              { value: ALL, label: t('salaries.settings.anyCourse') },
              ...options.courses.map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
        </Form.Item>
        <Form.Item name="base" label={t('salaries.settings.base')} rules={[{ required: true }]}>
          <Select options={SALARY_BASES.map((b) => ({ value: b, label: t(`salaries.bases.${b}`) }))} />
        </Form.Item>
        {SALARY_TYPE_OF_BASE[base] === 'fixed' ? (
          <Form.Item
            name="amount"
            label={t('salaries.settings.amount')}
            rules={[{ required: true, type: 'number', min: 1, message: t('validation.required') }]}
          >
            <MoneyInput currency={currency} />
          </Form.Item>
        ) : (
          <Form.Item
            name="percent"
            label={t('salaries.settings.percent')}
            rules={[{ required: true, type: 'number', min: 0.01, max: 100, message: t('validation.required') }]}
          >
            <InputNumber<number> min={0.01} max={100} precision={2} suffix="%" style={{ width: '100%' }} />
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}

import { type Holiday, holidayInputSchema } from '@crm/contracts';
import { App, DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../shared/forms/field-rules';
import { FormModal } from '../courses/catalog-ui';
import { saveForm } from '../courses/form-errors';
import { useHolidayMutations } from './holidays-api';

export type HolidayFormTarget = { mode: 'create'; year: number } | { mode: 'edit'; holiday: Holiday };

interface HolidayFormValues {
  name: string;
  date: Dayjs | null;
}

export const DATE_FORMAT = 'DD.MM.YYYY';

export function HolidayFormModal({ target, onClose }: { target: HolidayFormTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<HolidayFormValues>();
  const { create, update } = useHolidayMutations();
  const editing = target?.mode === 'edit' ? target.holiday : null;
  // A new holiday opens its calendar in the year being looked at.
  const pickerYear = target?.mode === 'create' ? dayjs().year(target.year) : undefined;

  const save = (values: HolidayFormValues) => {
    const input = { name: values.name.trim(), date: values.date?.format('YYYY-MM-DD') ?? '' };
    return saveForm(
      t,
      message,
      form,
      () => (editing ? update.mutateAsync({ id: editing.id, ...input }) : create.mutateAsync(input)),
      {
        fields: ['name', 'date'],
        // Spec §8 "Holiday already exists on that date": said under the date.
        fieldOfCode: { holiday_exists: 'date' },
        success: t(editing ? 'holidays.updated' : 'holidays.created'),
        onSaved: onClose,
      },
    );
  };

  return (
    <FormModal
      open={target !== null}
      title={t(editing ? 'holidays.editTitle' : 'holidays.createTitle')}
      form={form}
      saving={create.isPending || update.isPending}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={editing ? { name: editing.name, date: dayjs(editing.date) } : undefined}
        onFinish={save}
      >
        <Form.Item
          name="name"
          label={t('holidays.name')}
          required
          rules={[schemaRule(t, holidayInputSchema.shape.name)]}
        >
          <Input autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="date"
          label={t('holidays.date')}
          required
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <DatePicker format={DATE_FORMAT} defaultPickerValue={pickerYear} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

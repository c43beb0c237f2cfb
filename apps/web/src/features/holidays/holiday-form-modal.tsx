import { type Holiday, holidayInputSchema } from '@crm/contracts';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../shared/forms/field-rules';
import { companyTodayDayjs } from '../../shared/session/company-today';
import { CatalogueFormModal, type CatalogueTarget } from '../catalogue/catalogue-form-modal';
import { useHolidayMutations } from './holidays-api';

export type HolidayFormTarget = CatalogueTarget<Holiday, { year: number }>;

interface HolidayFormValues {
  name: string;
  date: Dayjs | null;
}

export const DATE_FORMAT = 'DD.MM.YYYY';

export function HolidayFormModal({ target, onClose }: { target: HolidayFormTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  // A new holiday opens its calendar in the year being looked at.
  const pickerYear = target?.mode === 'create' ? companyTodayDayjs().year(target.year) : undefined;
  return (
    <CatalogueFormModal<Holiday, HolidayFormValues, { name: string; date: string }>
      target={target}
      onClose={onClose}
      writes={useHolidayMutations()}
      title={{ create: t('holidays.createTitle'), edit: t('holidays.editTitle') }}
      saved={{ create: t('holidays.created'), edit: t('holidays.updated') }}
      initialValues={(editing) => (editing ? { name: editing.name, date: dayjs(editing.date) } : undefined)}
      toInput={(values) => ({ name: values.name.trim(), date: values.date?.format('YYYY-MM-DD') ?? '' })}
      fields={['name', 'date']}
      // Spec §8 "Holiday already exists on that date": said under the date.
      fieldOfCode={{ holiday_exists: 'date' }}
    >
      <Form.Item name="name" label={t('holidays.name')} required rules={[schemaRule(t, holidayInputSchema.shape.name)]}>
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
    </CatalogueFormModal>
  );
}

import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { companyTodayDayjs } from '../../shared/session/company-today';
import { monthText } from './salary-detail';

/** The month a salary page shows, `YYYY-MM`; the previous month by default (salaries are paid after it ends). */
export const lastMonth = (): string => companyTodayDayjs().subtract(1, 'month').format('YYYY-MM');

export function MonthPicker({ value, onChange }: { value: string; onChange: (month: string) => void }) {
  const { t } = useTranslation();
  return (
    <DatePicker
      picker="month"
      aria-label={t('salaries.month')}
      allowClear={false}
      value={dayjs(`${value}-01`)}
      format={(month) => monthText(month.format('YYYY-MM'))}
      onChange={(month) => month && onChange(month.format('YYYY-MM'))}
      style={{ width: 180 }}
    />
  );
}

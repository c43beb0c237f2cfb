import { DatePicker, Flex, Segmented } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyTodayDayjs } from '../session/company-today';

const ISO = 'YYYY-MM-DD';

/** A period of whole days, both ends included, as `YYYY-MM-DD`. */
export interface Period {
  from: string;
  till: string;
}

/** The month of a day (the current month by default): report and finance pages open on it. */
export const monthPeriod = (month: Dayjs = companyTodayDayjs()): Period => ({
  from: month.startOf('month').format(ISO),
  till: month.endOf('month').format(ISO),
});

const isWholeMonth = ({ from, till }: Period) => {
  const month = monthPeriod(dayjs(from));
  return month.from === from && month.till === till;
};

// dayjs names some months in lower case ("ноябрь"): a picker's value reads better capitalised.
const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

interface PeriodPickerProps {
  value: Period;
  onChange: (period: Period) => void;
  /** The longest range the server answers, in days: the calendar does not offer more. */
  maxDays?: number;
}

/** A month (the usual question), or any range of days. */
export function PeriodPicker({ value, onChange, maxDays }: PeriodPickerProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'month' | 'range'>(isWholeMonth(value) ? 'month' : 'range');
  return (
    <Flex wrap gap={8}>
      <Segmented<'month' | 'range'>
        aria-label={t('period.period')}
        value={mode}
        onChange={(next) => {
          setMode(next);
          if (next === 'month') onChange(monthPeriod(dayjs(value.from)));
        }}
        options={[
          { value: 'month', label: t('period.month') },
          { value: 'range', label: t('period.range') },
        ]}
      />
      {mode === 'month' ? (
        <DatePicker
          picker="month"
          aria-label={t('period.month')}
          allowClear={false}
          value={dayjs(value.from)}
          format={(month) => capitalised(month.format('MMMM YYYY'))}
          onChange={(month) => month && onChange(monthPeriod(month))}
          style={{ width: 170 }}
        />
      ) : (
        <DatePicker.RangePicker
          aria-label={t('period.range')}
          allowClear={false}
          value={[dayjs(value.from), dayjs(value.till)]}
          format="DD.MM.YYYY"
          disabledDate={(day, info) =>
            maxDays !== undefined && info.from ? Math.abs(day.diff(info.from, 'day')) >= maxDays : false
          }
          onChange={(range) =>
            range?.[0] && range[1] && onChange({ from: range[0].format(ISO), till: range[1].format(ISO) })
          }
          style={{ width: 250, maxWidth: '100%' }}
        />
      )}
    </Flex>
  );
}

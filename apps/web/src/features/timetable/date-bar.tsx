import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { companyToday } from '../../shared/session/company-today';
import { dayjs } from '../groups/dates';
import { shiftDate } from './timetable-model';

const DATE_FORMAT = 'DD.MM.YYYY';

/** The day the dated timetable shows: previous and next day, a calendar, back to today. */
export function DateBar({
  date,
  onChange,
  loading,
}: {
  date: string;
  onChange: (date: string) => void;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const today = companyToday();
  const day = dayjs(date);
  return (
    <Flex align="center" gap={8} wrap>
      <Flex align="center" gap={4}>
        <Button
          icon={<LeftOutlined />}
          aria-label={t('timetable.date.previous')}
          title={t('timetable.date.previous')}
          onClick={() => onChange(shiftDate(date, -1))}
        />
        <DatePicker
          value={day}
          format={DATE_FORMAT}
          allowClear={false}
          aria-label={t('timetable.date.pick')}
          onChange={(value) => value && onChange(value.format('YYYY-MM-DD'))}
          style={{ width: 136 }}
        />
        <Button
          icon={<RightOutlined />}
          aria-label={t('timetable.date.next')}
          title={t('timetable.date.next')}
          onClick={() => onChange(shiftDate(date, 1))}
        />
      </Flex>
      <Typography.Text style={{ textTransform: 'capitalize' }}>{day.format('dddd')}</Typography.Text>
      {date !== today && (
        <Button type="link" size="small" onClick={() => onChange(today)}>
          {t('timetable.date.today')}
        </Button>
      )}
      {loading && <Spin size="small" />}
    </Flex>
  );
}

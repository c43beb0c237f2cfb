import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../groups/dates';
import { shiftMonth } from './attendance-model';

/** A month (`YYYY-MM`) picked from a calendar, or stepped back and forth one at a time. */
export function MonthStepper({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={4}>
      <Button
        icon={<LeftOutlined />}
        aria-label={t('attendance.month.previous')}
        onClick={() => onChange(shiftMonth(month, -1))}
      />
      <DatePicker
        picker="month"
        allowClear={false}
        format="MMMM YYYY"
        value={dayjs(`${month}-01`)}
        onChange={(value) => value && onChange(value.format('YYYY-MM'))}
        aria-label={t('attendance.month.pick')}
        style={{ width: 170 }}
      />
      <Button
        icon={<RightOutlined />}
        aria-label={t('attendance.month.next')}
        onClick={() => onChange(shiftMonth(month, 1))}
      />
    </Flex>
  );
}

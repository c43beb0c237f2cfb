import { Flex, Form, TimePicker } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

interface HourMinutePickerProps {
  /** `HH:mm`, as the API stores it. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  'aria-label'?: string;
  allowClear?: boolean;
}

const dayjsOf = (value: string | null | undefined) => {
  const match = value ? /^(\d{2}):(\d{2})$/.exec(value) : null;
  return match ? dayjs().hour(Number(match[1])).minute(Number(match[2])).second(0).millisecond(0) : null;
};

/**
 * A time picker whose value is the `HH:mm` text itself, so a form compares and sends it as the API
 * has it (a dayjs value would differ from the saved one by identity alone).
 */
export function HourMinutePicker({ value, onChange, allowClear = false, ...rest }: HourMinutePickerProps) {
  return (
    <TimePicker
      {...rest}
      value={dayjsOf(value)}
      onChange={(time) => onChange?.(time ? time.format('HH:mm') : null)}
      format="HH:mm"
      minuteStep={5}
      needConfirm={false}
      allowClear={allowClear}
      style={{ width: '100%' }}
    />
  );
}

export const WORKING_HOURS_FIELDS = ['start_of_working_day', 'end_of_working_day'] as const;

/**
 * The start and the end of a working day. The end must come after the start (the API refuses it too:
 * end_before_start); `required` for the company, optional for a branch, where both or neither are given.
 */
export function WorkingHoursFields({ required }: { required: boolean }) {
  const { t } = useTranslation();
  const start = t('settings.hours.start');
  const end = t('settings.hours.end');
  const requiredRule: Rule = { required, message: t('validation.required') };
  const endRule: Rule = ({ getFieldValue }) => ({
    validator: async (_rule, value: string | null | undefined) => {
      const from: string | null | undefined = getFieldValue('start_of_working_day');
      if (!from && !value) return;
      if (!from || !value) throw new Error(t('settings.hours.both'));
      if (value <= from) throw new Error(t('settings.hours.endAfterStart', { start: from }));
    },
  });
  return (
    <Flex gap={16} wrap>
      <Form.Item name="start_of_working_day" label={start} rules={[requiredRule]} style={{ flex: '1 1 160px' }}>
        <HourMinutePicker aria-label={start} allowClear={!required} />
      </Form.Item>
      <Form.Item
        name="end_of_working_day"
        label={end}
        dependencies={['start_of_working_day']}
        rules={[requiredRule, endRule]}
        style={{ flex: '1 1 160px' }}
      >
        <HourMinutePicker aria-label={end} allowClear={!required} />
      </Form.Item>
    </Flex>
  );
}

import { Alert, Button, DatePicker, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { companyTodayDayjs } from '../../shared/session/company-today';

/** A span of whole months, `YYYY-MM` both ends included (the monthly reports' `from` and `till`). */
export interface MonthSpan {
  from: string;
  till: string;
}

/** The last `count` months up to this one. */
export function lastMonths(count: number): MonthSpan {
  const today = companyTodayDayjs();
  return { from: today.subtract(count - 1, 'month').format('YYYY-MM'), till: today.format('YYYY-MM') };
}

/** The server answers at most this many months (contracts REPORT_MAX_MONTHS). */
const MAX_MONTHS = 24;

/** A month range picker that offers at most two years. */
export function MonthRangePicker({ value, onChange }: { value: MonthSpan; onChange: (span: MonthSpan) => void }) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      picker="month"
      aria-label={t('reports.filters.months')}
      allowClear={false}
      value={[dayjs(`${value.from}-01`), dayjs(`${value.till}-01`)]}
      format="MM.YYYY"
      disabledDate={(month, info) =>
        info.from ? Math.abs(month.startOf('month').diff(info.from.startOf('month'), 'month')) >= MAX_MONTHS : false
      }
      onChange={(range) =>
        range?.[0] && range[1] && onChange({ from: range[0].format('YYYY-MM'), till: range[1].format('YYYY-MM') })
      }
      style={{ width: 220, maxWidth: '100%' }}
    />
  );
}

/** A failed report: what went wrong and a button to ask again (nothing when the app already said it). */
export function ReportError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (isHandledGlobally(error)) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={errorMessage(t, error)}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

/** A month-on-month change: "+3" in green, "−2" in red, "0" grey. */
export function ChangeText({ change }: { change: number }) {
  return (
    <Typography.Text
      type={change > 0 ? 'success' : change < 0 ? 'danger' : 'secondary'}
      style={{ fontSize: 12, whiteSpace: 'nowrap' }}
    >
      {change > 0 ? `+${change}` : change < 0 ? `−${-change}` : '0'}
    </Typography.Text>
  );
}

/** "Mar 2026" in the interface's language. */
export const monthTitle = (month: string) => {
  const text = dayjs(`${month}-01`).format('MMM YYYY');
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
};

/** A figure with its label under it, for a report's summary line. */
export function Figure({ label, value, danger }: { label: string; value: string | number; danger?: boolean }) {
  return (
    <Flex vertical style={{ minWidth: 120 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <Typography.Text strong type={danger ? 'danger' : undefined} style={{ fontSize: 20 }}>
        {value}
      </Typography.Text>
    </Flex>
  );
}

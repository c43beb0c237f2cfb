import { exceptionDatesProblem, fromMinorUnits, toMinorUnits } from '@crm/contracts';
import { DatePicker, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { groupThousands, ungroup, useCurrency } from '../courses/money';
import { type Dayjs, dayjs } from './dates';
import { useGroupStudentMutations } from './groups-api';
import { type RowDialogProps, useSave } from './use-dialog-save';

interface PriceValues {
  exception_sum?: number;
  exception_sum_reason?: string;
  period?: [Dayjs, Dayjs];
}

/** Spec §3 individual price; §5 "Discount start and end dates must fall in the same year". */
export function PriceDialog({ row, groupId, onClose }: RowDialogProps) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const [form] = Form.useForm<PriceValues>();
  const { setPrice, removePrice } = useGroupStudentMutations(groupId);
  const save = useSave(onClose);
  const hasPrice = row.exception_sum !== null;
  const initial: PriceValues = hasPrice
    ? {
        exception_sum: row.exception_sum === null ? undefined : fromMinorUnits(row.exception_sum, currency),
        exception_sum_reason: row.exception_sum_reason ?? '',
        period: [dayjs(row.exception_sum_start_date), dayjs(row.exception_sum_end_date)],
      }
    : {};

  return (
    <Modal
      open
      title={t('groups.students.priceTitle', { name: row.student.name })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={setPrice.isPending}
      footer={(buttons) => (
        <Space wrap>
          {hasPrice && (
            <Typography.Link
              type="danger"
              onClick={() => save(() => removePrice.mutateAsync(row.student.id), t('groups.students.priceRemoved'))}
            >
              {t('groups.students.removePrice')}
            </Typography.Link>
          )}
          {buttons}
        </Space>
      )}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => {
          const [from, to] = values.period ?? [];
          if (!from || !to) return;
          const start = from.format('YYYY-MM-DD');
          const end = to.format('YYYY-MM-DD');
          if (exceptionDatesProblem(start, end) === 'exception_dates_same_year') {
            form.setFields([{ name: 'period', errors: [t('errors.exception_dates_same_year')] }]);
            return;
          }
          void save(
            () =>
              setPrice.mutateAsync({
                studentId: row.student.id,
                exception_sum: toMinorUnits(values.exception_sum ?? 0, currency),
                exception_sum_reason: values.exception_sum_reason?.trim() || null,
                exception_sum_start_date: start,
                exception_sum_end_date: end,
              }),
            t('groups.students.priceSaved'),
            (error) => {
              if (error.code !== 'exception_dates_same_year') return false;
              form.setFields([{ name: 'period', errors: [errorMessage(t, error)] }]);
              return true;
            },
          );
        }}
      >
        <Form.Item
          name="exception_sum"
          label={`${t('groups.students.priceSum')} (${currency})`}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <InputNumber<number>
            min={0}
            inputMode="decimal"
            formatter={(value) => groupThousands(value)}
            parser={(text) => Number(ungroup(text))}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          name="period"
          label={t('groups.students.pricePeriod')}
          extra={t('groups.students.priceSameYear')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <DatePicker.RangePicker format="DD.MM.YYYY" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="exception_sum_reason" label={t('groups.students.priceReason')} rules={[{ max: 500 }]}>
          <Input maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

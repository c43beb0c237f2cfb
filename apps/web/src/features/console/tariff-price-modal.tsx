import {
  AMOUNT_MAX,
  bandMinOf,
  type Country,
  formatAmount,
  fromMinorUnits,
  type Tariff,
  type TariffBand,
  type TariffPeriod,
  toMinorUnits,
} from '@crm/contracts';
import { App, Button, Flex, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { MoneyInput } from '../expenses/money-input';
import { useTariffChanges } from './console-licence-api';

/** A cell of the grid: its band and period, and its price when one is offered. */
export interface PriceCell {
  band: TariffBand;
  period: TariffPeriod;
  tariff?: Tariff;
}

/**
 * Sets one price (typed in the currency's main unit, sent in its minor one), or removes it after a second
 * confirmation: centres of the country can no longer order that band and period.
 */
export function TariffPriceModal({
  country,
  currency,
  cell,
  onClose,
}: {
  country: Country;
  currency: string;
  cell: PriceCell;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ price?: number | null }>();
  const { save, remove } = useTariffChanges(country);
  const { band, period, tariff } = cell;
  const title = t('console.prices.modalTitle', {
    band: t('console.prices.bandStudents', { min: bandMinOf(band), max: band }),
    period: t(`console.prices.periods.${period}`),
  });
  const fail = (error: unknown) => void message.error(errorMessage(t, error));

  const submit = ({ price }: { price?: number | null }) =>
    save.mutate(
      { country, max_students: band, period_months: period, price: toMinorUnits(price ?? 0, currency) },
      {
        onSuccess: () => {
          void message.success(t('console.prices.saved'));
          onClose();
        },
        onError: fail,
      },
    );

  const confirmRemoval = (offered: Tariff) =>
    modal.confirm({
      title: t('console.prices.removeTitle', { title }),
      content: t('console.prices.removeExplain'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(offered.id).then(() => {
          void message.success(t('console.prices.removed'));
          onClose();
        }, fail),
    });

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="space-between" gap={8} wrap>
          {tariff ? (
            <Button danger onClick={() => confirmRemoval(tariff)} loading={remove.isPending}>
              {t('console.prices.remove')}
            </Button>
          ) : (
            <span />
          )}
          <Flex gap={8}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" onClick={() => form.submit()} loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      {tariff && tariff.period_months > 1 && (
        <Typography.Paragraph type="secondary">
          {t('console.prices.currentDiscount', { percent: tariff.discount_percent })}
        </Typography.Paragraph>
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ price: tariff ? fromMinorUnits(tariff.price, currency) : null }}
        onFinish={submit}
      >
        <Form.Item
          name="price"
          label={t('console.prices.price', { currency })}
          extra={t('console.prices.priceHint')}
          rules={[
            {
              validator: (_, value: number | null | undefined) => {
                const minor = typeof value === 'number' ? toMinorUnits(value, currency) : 0;
                return minor > 0 && minor <= AMOUNT_MAX
                  ? Promise.resolve()
                  : Promise.reject(
                      new Error(t('console.prices.priceInvalid', { max: formatAmount(AMOUNT_MAX, currency) })),
                    );
              },
            },
          ]}
        >
          <MoneyInput currency={currency} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

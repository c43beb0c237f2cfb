import type { StudentCheckoutList, UserGroup } from '@crm/contracts';
import { Empty, Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../courses/money';
import { dayjs } from '../groups/dates';
import { CheckoutStatusTag } from './checkout-status-tag';

/** A student's recent online payments, newest first: when, how much, through whom, for what, and how it went. */
export function StudentCheckoutsList({
  checkouts,
  groups,
}: {
  checkouts: StudentCheckoutList['data'];
  groups: readonly Pick<UserGroup, 'id' | 'name'>[];
}) {
  const { t } = useTranslation();
  const groupName = (id: number | null) =>
    id === null ? null : (groups.find((group) => group.id === id)?.name ?? null);
  if (checkouts.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('onlinePayments.student.noPayments')} />;
  }
  return (
    <List
      dataSource={checkouts}
      rowKey="token"
      renderItem={(checkout) => (
        <List.Item extra={<CheckoutStatusTag status={checkout.status} />}>
          <Flex vertical gap={2} style={{ minWidth: 0 }}>
            <Typography.Text strong>{formatMoney(checkout.amount, checkout.currency)}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {[
                dayjs(checkout.paid_at ?? checkout.created_at).format('DD.MM.YYYY HH:mm'),
                t(`finance.methods.${checkout.provider}`),
                groupName(checkout.group_id) ?? t('onlinePayments.student.balanceTopUp'),
              ].join(' · ')}
            </Typography.Text>
          </Flex>
        </List.Item>
      )}
    />
  );
}

import { GiftOutlined } from '@ant-design/icons';
import {
  type CoinEntry,
  ORDER_STATUS_KEYS,
  type OrderStatusId,
  PRODUCT_STATUS_KEYS,
  type ProductStatusId,
} from '@crm/contracts';
import { Flex, Statistic, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** Coins are counted, not money: a whole number with the language's grouping, and the word "coins". */
export function Coins({ amount, signed = false }: { amount: number; signed?: boolean }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language).format(Math.abs(amount));
  const sign = amount < 0 ? '−' : signed && amount > 0 ? '+' : '';
  return <>{t('gamification.coins', { amount: `${sign}${number}` })}</>;
}

/** A history entry's amount: green when coins came, red when they went. */
export function CoinMove({ amount }: { amount: number }) {
  return (
    <Typography.Text strong type={amount < 0 ? 'danger' : 'success'} style={{ whiteSpace: 'nowrap' }}>
      <Coins amount={amount} signed />
    </Typography.Text>
  );
}

/** What moved a student's coins, in words: the rule that gave them, an employee's gift, an order. */
export function useEntryLabel() {
  const { t } = useTranslation();
  return (entry: Pick<CoinEntry, 'kind' | 'rule' | 'amount'>): string => {
    if (entry.kind === 'rule' && entry.rule) return t(`gamification.rules.${entry.rule}.label`);
    if (entry.kind === 'manual') return t(entry.amount < 0 ? 'gamification.kinds.taken' : 'gamification.kinds.given');
    return t(`gamification.kinds.${entry.kind}`);
  };
}

const PRODUCT_COLORS: Record<ProductStatusId, string> = { 1: 'green', 2: 'orange', 3: 'default' };
const ORDER_COLORS: Record<OrderStatusId, string> = { 0: 'gold', 1: 'green', 2: 'default' };

const productStatusOf = (status: number) => (status in PRODUCT_STATUS_KEYS ? (status as ProductStatusId) : 2);
const orderStatusOf = (status: number) => (status in ORDER_STATUS_KEYS ? (status as OrderStatusId) : 0);

export function ProductStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const id = productStatusOf(status);
  return <Tag color={PRODUCT_COLORS[id]}>{t(`gamification.productStatus.${PRODUCT_STATUS_KEYS[id]}`)}</Tag>;
}

export function OrderStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const id = orderStatusOf(status);
  return <Tag color={ORDER_COLORS[id]}>{t(`gamification.orderStatus.${ORDER_STATUS_KEYS[id]}`)}</Tag>;
}

/** A product's photo in a square, or a gift where it has none. */
export function ProductThumb({ photo, name, size }: { photo: string | null; name: string; size: number }) {
  const { token } = theme.useToken();
  const frame = { width: size, height: size, borderRadius: token.borderRadius, flex: 'none' } as const;
  if (photo) return <img src={photo} alt={name} style={{ ...frame, objectFit: 'cover' }} />;
  return (
    <span
      aria-hidden
      style={{
        ...frame,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: token.colorFillQuaternary,
        color: token.colorTextTertiary,
        fontSize: size / 2.5,
      }}
    >
      <GiftOutlined />
    </span>
  );
}

/** The coins a student holds, and those his pending orders hold (already out of the balance). */
export function CoinBalance({ balance, reserved }: { balance: number; reserved: number }) {
  const { t } = useTranslation();
  return (
    <Flex gap={32} wrap>
      <Statistic title={t('gamification.balance')} value={balance} suffix={t('gamification.coinsWord')} />
      <Statistic title={t('gamification.reserved')} value={reserved} suffix={t('gamification.coinsWord')} />
    </Flex>
  );
}

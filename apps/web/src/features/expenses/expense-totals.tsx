import type { ExpenseTotals } from '@crm/contracts';
import { Card, Col, Flex, Progress, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../courses/money';
import { bucketLabel, methodLabel } from './expense-labels';

interface Share {
  key: string;
  label: string;
  amount: number;
  count: number;
}

const LIST = { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 } as const;

/** One line of a breakdown: the name, the sum and its share of the total as a bar. */
function ShareList({
  title,
  shares,
  total,
  currency,
}: {
  title: string;
  shares: Share[];
  total: number;
  currency: string;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={title} style={{ height: '100%' }}>
      {shares.length === 0 ? (
        <Typography.Text type="secondary">{t('expenses.totals.none')}</Typography.Text>
      ) : (
        <ul aria-label={title} style={LIST}>
          {shares.map((share) => (
            <li key={share.key}>
              <Flex justify="space-between" gap={8}>
                <Typography.Text ellipsis>
                  {share.label} <Typography.Text type="secondary">({share.count})</Typography.Text>
                </Typography.Text>
                <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(share.amount, currency)}
                </Typography.Text>
              </Flex>
              <Progress
                percent={total ? Math.round((share.amount * 100) / total) : 0}
                size="small"
                showInfo={false}
                aria-hidden
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The period's total, and its split by category and by method (GET /expense/totals). */
export function ExpenseTotalsPanel({ totals, currency }: { totals: ExpenseTotals | undefined; currency: string }) {
  const { t } = useTranslation();
  const total = totals?.total ?? 0;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={6}>
        <Card size="small" style={{ height: '100%' }}>
          <Statistic
            title={t('expenses.totals.total')}
            value={formatMoney(total, currency)}
            loading={totals === undefined}
          />
          <Typography.Text type="secondary">
            {t('expenses.totals.count', { count: totals?.count ?? 0 })}
          </Typography.Text>
        </Card>
      </Col>
      <Col xs={24} md={10}>
        <ShareList
          title={t('expenses.totals.byCategory')}
          total={total}
          currency={currency}
          shares={(totals?.by_category ?? []).map((row) => ({
            key: row.type ? `type:${row.type.id}` : `category:${row.category}`,
            label: bucketLabel(t, row),
            amount: row.amount,
            count: row.count,
          }))}
        />
      </Col>
      <Col xs={24} md={8}>
        <ShareList
          title={t('expenses.totals.byMethod')}
          total={total}
          currency={currency}
          shares={(totals?.by_method ?? []).map((row) => ({
            key: row.method,
            label: methodLabel(t, row.method),
            amount: row.amount,
            count: row.count,
          }))}
        />
      </Col>
    </Row>
  );
}

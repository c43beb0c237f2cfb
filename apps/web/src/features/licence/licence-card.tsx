import type { LicenceAnswer, LicenceState } from '@crm/contracts';
import { Card, Descriptions, Flex, Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../shared/ui/button-link';
import { dateText } from '../groups/dates';
import { BILLING_ORDER_PATH } from './licence-paths';

const STATE_COLORS: Record<LicenceState, string> = {
  active: 'green',
  ending: 'orange',
  grace: 'volcano',
  expired: 'red',
  none: 'blue',
};

export function LicenceStateTag({ state }: { state: LicenceState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLORS[state]}>{t(`licence.state.${state}`)}</Tag>;
}

/** /billing's head: where the licence stands, its plan against the active students, and the way to renew. */
export function LicenceCard({ answer }: { answer: LicenceAnswer }) {
  const { t } = useTranslation();
  const { licence, policies } = answer;
  const { max_students: max, active_students: active } = licence;
  const items = [
    {
      key: 'ends',
      label: t('licence.card.lastDay'),
      children: licence.ends_on ? dateText(licence.ends_on) : t('licence.card.noEnd'),
    },
    // Once it is over the grace row says until when it can be read instead.
    ...(licence.days_left !== null && licence.days_left >= 0
      ? [{ key: 'days', label: t('licence.card.daysLeft'), children: licence.days_left }]
      : []),
    ...(licence.grace_ends_on
      ? [{ key: 'grace', label: t('licence.card.readOnlyUntil'), children: dateText(licence.grace_ends_on) }]
      : []),
    {
      key: 'plan',
      label: t('licence.card.plan'),
      children: (
        <Flex vertical style={{ width: '100%', maxWidth: 360 }}>
          <span>{max === null ? t('licence.card.noLimit') : t('licence.upTo', { count: max })}</span>
          {max !== null && (
            <Progress
              percent={Math.min(100, Math.round((active / Math.max(max, 1)) * 100))}
              status={active > max ? 'exception' : 'normal'}
              format={() => `${active} / ${max}`}
              aria-label={t('licence.card.active', { active, max })}
            />
          )}
          {max === null && <span>{t('licence.card.activeOnly', { count: active })}</span>}
        </Flex>
      ),
    },
  ];
  return (
    <Card
      title={
        <Flex align="center" gap={8} wrap>
          <span>{t('licence.card.title')}</span>
          <LicenceStateTag state={licence.state} />
        </Flex>
      }
    >
      <Descriptions column={1} items={items} size="small" />
      {policies.can_order && (
        <Flex justify="flex-end" style={{ marginTop: 16 }}>
          <ButtonLink type="primary" to={BILLING_ORDER_PATH}>
            {t('licence.card.renew')}
          </ButtonLink>
        </Flex>
      )}
    </Card>
  );
}

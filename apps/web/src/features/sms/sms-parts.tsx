import {
  canAccess,
  companyTimeZone,
  normalizePhone,
  type SmsMessage,
  type SmsState,
  type SmsUsage,
  zonedDateTime,
} from '@crm/contracts';
import { Alert, Flex, Progress, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { phoneText } from '../../shared/format/phone';
import { roleIdsOf } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';

/** Spec §4 delivery states: green delivered, blue on its way, orange not delivered, red refused or broken. */
const STATE_COLOR: Record<SmsState, string> = {
  stored: 'default',
  accepted: 'processing',
  delivered: 'success',
  not_delivered: 'warning',
  failed: 'error',
  rejected: 'error',
  error: 'error',
};

/** "21.03.2026 14:05" in the company's time zone (the day the date filter counts it on). */
export function useSmsTime(): (iso: string) => string {
  const { company } = useSession();
  const timeZone = companyTimeZone(company?.datas ?? { country: 'uz' });
  return useCallback(
    (iso: string) => {
      const { date, time } = zonedDateTime(new Date(iso), timeZone);
      return `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)} ${time}`;
    },
    [timeZone],
  );
}

/** A message's delivery state as a coloured tag; when it changed and the operator's reason on hover. */
export function SmsStateTag({
  message,
}: {
  message: Pick<SmsMessage, 'state' | 'state_at' | 'error'> & Partial<Pick<SmsMessage, 'delivered_by'>>;
}) {
  const { t } = useTranslation();
  const time = useSmsTime();
  const details = [message.state_at && time(message.state_at), message.error].filter(Boolean).join(' · ');
  const tag = (
    <Tag color={STATE_COLOR[message.state]} style={{ marginInlineEnd: 0 }}>
      {t(`sms.states.${message.state}`)}
    </Tag>
  );
  const state = details ? <Tooltip title={details}>{tag}</Tooltip> : tag;
  // Issue 24: an automatic message to someone who linked the bot went by Telegram (no SMS was paid).
  if (message.delivered_by !== 'telegram') return state;
  return (
    <Flex vertical align="start">
      {state}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('sms.viaTelegram')}
      </Typography.Text>
    </Flex>
  );
}

/** Written by a person, or sent by an automatic rule (named). */
export function SmsKindText({ message }: { message: Pick<SmsMessage, 'kind' | 'rule'> }) {
  const { t } = useTranslation();
  if (message.kind === 'manual') return <>{t('sms.kinds.manual')}</>;
  return (
    <Flex vertical>
      <span>{t('sms.kinds.auto')}</span>
      {message.rule && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(`sms.rules.${message.rule}.name`)}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The text cut to two lines; the whole on hover, or opened in place (phones have no hover). */
export function SmsTextCell({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph
      style={{ margin: 0, maxWidth: 360, whiteSpace: 'pre-wrap' }}
      ellipsis={{
        rows: 2,
        expandable: 'collapsible',
        symbol: (expanded) => (expanded ? t('sms.log.less') : t('sms.log.more')),
        tooltip: { title: text, placement: 'topLeft' },
      }}
    >
      {text}
    </Typography.Paragraph>
  );
}

/** Who got it: the student (his profile where the user may open it), his parent, a lead or a staff member. */
export function SmsRecipientCell({ message }: { message: SmsMessage }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const mayOpen = canAccess('students', user ? roleIdsOf(user) : []);
  const person = message.person;
  let name: ReactNode = message.lead?.name ?? person?.name ?? '—';
  if (person && message.recipient !== 'staff' && mayOpen) {
    name = <Link to={`/students/profile/${person.id}`}>{person.name}</Link>;
  }
  return (
    <Flex vertical>
      <span>{name}</span>
      {message.recipient !== 'student' && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(`sms.recipients.${message.recipient}`)}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** An SMS's phone as people read it; the log keeps it as the operator got it, with the country code. */
export function useSmsPhone(): (phone: string) => string {
  const { company } = useSession();
  const country = company?.datas.country ?? 'uz';
  return useCallback((phone: string) => phoneText(normalizePhone(phone, country), country) || phone, [country]);
}

/**
 * The month's use of the shared sender against its limit, and the bonus left (spec §8); a company with its
 * own operator has no limit. `month_parts` are the parts paid from the limit, `month_cost_parts` all of them.
 */
export function SmsUsageSummary({ usage }: { usage: SmsUsage }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      {usage.log_only && !usage.own_operator && <Alert type="warning" showIcon title={t('sms.usage.logOnly')} />}
      <UsageFigures usage={usage} />
    </Flex>
  );
}

function UsageFigures({ usage }: { usage: SmsUsage }) {
  const { t } = useTranslation();
  if (usage.own_operator) {
    return (
      <Flex vertical gap={4}>
        <Typography.Text strong>{t('sms.usage.ownOperator')}</Typography.Text>
        <Typography.Text type="secondary">
          {t('sms.usage.monthParts', { count: usage.month_cost_parts })}
        </Typography.Text>
      </Flex>
    );
  }
  const limit = Math.max(usage.monthly_limit, 0);
  const percent = limit ? Math.min(100, Math.round((usage.month_parts / limit) * 100)) : 100;
  const over = usage.month_parts >= limit;
  return (
    <Flex vertical gap={4} style={{ minWidth: 0 }}>
      <Typography.Text strong>
        {t('sms.usage.ofLimit', { used: usage.month_parts, limit: usage.monthly_limit })}
      </Typography.Text>
      <Progress
        percent={percent}
        status={over ? 'exception' : 'normal'}
        showInfo={false}
        aria-label={t('sms.usage.title')}
      />
      <Typography.Text type={usage.bonus_left > 0 ? 'secondary' : 'danger'}>
        {t('sms.usage.bonusLeft', { count: usage.bonus_left })}
      </Typography.Text>
      {usage.month_cost_parts > usage.month_parts && (
        <Typography.Text type="secondary">{t('sms.usage.allParts', { count: usage.month_cost_parts })}</Typography.Text>
      )}
      {over && usage.bonus_left <= 0 && <Typography.Text type="danger">{t('sms.usage.exhausted')}</Typography.Text>}
    </Flex>
  );
}

import type { SmsMessage } from '@crm/contracts';
import { Alert, Divider, Empty, Flex, Pagination, Skeleton, Typography } from 'antd';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSmsHistory } from './sms-api';
import { SmsKindText, SmsStateTag, useSmsPhone, useSmsTime } from './sms-parts';
import { WriteSmsButton } from './write-sms-button';

/**
 * The student profile's SMS (spec §7 GET /user/{id}/sms_history): what was sent to him or his parent, with
 * the delivery states as they change, and the way to write a new one.
 */
export function SmsHistoryTab({ userId, userName }: { userId: number; userName?: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useSmsHistory(userId, page);
  const pagination = history.data?.pagination;
  return (
    <Flex vertical gap={12}>
      <Flex justify="flex-end">
        <WriteSmsButton
          audience={{ kind: 'students', student_ids: [userId] }}
          audienceLabel={userName ?? `#${userId}`}
        />
      </Flex>
      {history.isError && !isHandledGlobally(history.error) && (
        <Alert type="error" showIcon title={errorMessage(t, history.error)} />
      )}
      {history.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
      {history.data && !history.data.data.length && <Empty description={t('sms.history.empty')} />}
      <Flex vertical style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
        {history.data?.data.map((message, index) => (
          <Fragment key={message.id}>
            {index > 0 && <Divider style={{ margin: '10px 0' }} />}
            <HistoryItem message={message} />
          </Fragment>
        ))}
      </Flex>
      {pagination && pagination.total_pages > 1 && (
        <Pagination
          align="end"
          current={page}
          pageSize={pagination.per_page}
          total={pagination.total}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </Flex>
  );
}

function HistoryItem({ message }: { message: SmsMessage }) {
  const { t } = useTranslation();
  const time = useSmsTime();
  const phone = useSmsPhone();
  return (
    <Flex vertical gap={4} style={{ width: '100%', minWidth: 0 }}>
      <Flex gap={8} wrap align="center" justify="space-between">
        <Flex gap={8} wrap align="center">
          <SmsStateTag message={message} />
          <Typography.Text type="secondary">{time(message.created_at)}</Typography.Text>
        </Flex>
        <Typography.Text type="secondary">
          {t(`sms.recipients.${message.recipient}`)} · {phone(message.phone)}
        </Typography.Text>
      </Flex>
      <Typography.Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <SmsKindInline message={message} /> · {t('sms.preview.itemParts', { count: message.parts })}
        {message.author && ` · ${message.author.name}`}
      </Typography.Text>
    </Flex>
  );
}

/** "Manual" or "Automatic: Birthday" on one line. */
function SmsKindInline({ message }: { message: SmsMessage }) {
  const { t } = useTranslation();
  if (message.kind === 'auto' && message.rule) {
    return <>{`${t('sms.kinds.auto')}: ${t(`sms.rules.${message.rule}.name`)}`}</>;
  }
  return <SmsKindText message={message} />;
}

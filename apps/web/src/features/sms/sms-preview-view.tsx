import type { SmsPreview } from '@crm/contracts';
import { Alert, Card, Divider, Flex, Statistic, Typography } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useSmsPhone } from './sms-parts';

const SKIPPED = ['no_phone', 'archived', 'not_own'] as const;

/** What a send would do: how many SMS and parts, a few texts as they will read, and who is left out and why. */
export function SmsPreviewView({ preview }: { preview: SmsPreview }) {
  const { t } = useTranslation();
  const phone = useSmsPhone();
  const skipped = SKIPPED.filter((reason) => preview.skipped[reason] > 0);
  return (
    <Flex vertical gap={12}>
      <Flex gap={32} wrap>
        <Statistic title={t('sms.preview.messages')} value={preview.messages} />
        <Statistic title={t('sms.preview.parts')} value={preview.parts} />
      </Flex>
      {preview.messages === 0 && <Alert type="warning" showIcon title={t('sms.preview.nobody')} />}
      {skipped.length > 0 && (
        <Alert
          type="info"
          showIcon
          title={t('sms.preview.skippedTitle')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {skipped.map((reason) => (
                <li key={reason}>{t(`sms.preview.skipped.${reason}`, { count: preview.skipped[reason] })}</li>
              ))}
            </ul>
          }
        />
      )}
      {preview.sample.length > 0 && (
        <Card size="small" title={t('sms.preview.sample', { count: Math.min(preview.sample.length, 5) })}>
          {preview.sample.slice(0, 5).map((item, index) => (
            <Fragment key={`${item.recipient}-${item.phone}-${item.name}`}>
              {index > 0 && <Divider style={{ margin: '8px 0' }} />}
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Flex gap={8} wrap justify="space-between">
                  <Typography.Text strong>
                    {item.name}
                    {item.recipient !== 'student' && item.recipient !== 'lead' && (
                      <Typography.Text type="secondary"> · {t(`sms.recipients.${item.recipient}`)}</Typography.Text>
                    )}
                  </Typography.Text>
                  <Typography.Text type="secondary">{phone(item.phone)}</Typography.Text>
                </Flex>
                <Typography.Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {item.text}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('sms.preview.itemParts', { count: item.parts })}
                </Typography.Text>
              </Flex>
            </Fragment>
          ))}
        </Card>
      )}
    </Flex>
  );
}

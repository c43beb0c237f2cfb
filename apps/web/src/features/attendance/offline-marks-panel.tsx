import { CloudUploadOutlined, DisconnectOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayMonth } from './attendance-model';
import type { useOfflineMarks } from './use-offline-marks';

type OfflineMarks = ReturnType<typeof useOfflineMarks>;

/**
 * Issue 24: what the phone holds of the roll call — that the connection is gone and marks are kept here, how
 * many wait to be sent, and each mark the server refused once it could be sent, with its reason, until the
 * teacher puts it away.
 */
export function OfflineMarksPanel({ offline }: { offline: OfflineMarks }) {
  const { t } = useTranslation();
  const { online, waiting, refused } = offline;
  return (
    <Flex vertical gap={8}>
      {!online && (
        <Alert type="warning" showIcon icon={<DisconnectOutlined />} title={t('attendance.offline.noConnection')} />
      )}
      {waiting.length > 0 && (
        <Alert
          type="info"
          showIcon
          icon={<CloudUploadOutlined />}
          title={t('attendance.offline.waiting', { count: waiting.length })}
          action={
            online && (
              <Button size="small" onClick={() => void offline.send()}>
                {t('attendance.offline.sendNow')}
              </Button>
            )
          }
        />
      )}
      {refused.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('attendance.offline.refusedTitle', { count: refused.length })}
          description={
            <List
              size="small"
              dataSource={refused}
              renderItem={(mark) => (
                <List.Item
                  actions={[
                    <Button key="ok" size="small" onClick={() => void offline.dismiss(mark)}>
                      {t('attendance.offline.dismiss')}
                    </Button>,
                  ]}
                >
                  <Flex vertical>
                    <Typography.Text strong>
                      {`${mark.student_name} · ${dayMonth(mark.date)} · ${t(`attendance.mark.${mark.status}`)}`}
                    </Typography.Text>
                    <Typography.Text type="secondary">{mark.error_text}</Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          }
        />
      )}
    </Flex>
  );
}

import type { Reminder, ReminderBucket, ReminderList } from '@crm/contracts';
import { Badge, Card, Flex, List, Pagination, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReminderItem } from './reminder-item';

interface ReminderBucketsProps {
  list: ReminderList;
  buckets: readonly ReminderBucket[];
  onPage: (bucket: ReminderBucket, page: number) => void;
  onToggle: (task: Reminder) => void;
  onEdit: (task: Reminder) => void;
  onDelete: (task: Reminder) => unknown;
  hideSubject?: boolean;
  size?: 'small' | 'default';
}

/** Spec §3: the buckets a filter shows, each a card with its count, its tasks and its own pager (100 a page). */
export function ReminderBuckets({ list, buckets, onPage, size, ...itemProps }: ReminderBucketsProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const colour: Record<ReminderBucket, string> = {
    overdue: token.colorError,
    today: token.colorWarning,
    future: token.colorPrimary,
    done: token.colorSuccess,
  };
  return (
    <Flex vertical gap={16}>
      {buckets.map((bucket) => {
        const { data, meta } = list[bucket];
        return (
          <Card
            key={bucket}
            size={size}
            data-testid={`bucket-${bucket}`}
            title={
              <Flex align="center" gap={8}>
                <span>{t(`reminders.buckets.${bucket}`)}</span>
                <Badge
                  count={meta.total}
                  showZero
                  overflowCount={9999}
                  color={meta.total ? colour[bucket] : token.colorTextQuaternary}
                />
              </Flex>
            }
            styles={{ body: { paddingBlock: data.length ? 4 : 12 } }}
          >
            {data.length ? (
              <List
                dataSource={data}
                rowKey="id"
                renderItem={(task) => (
                  <List.Item>
                    <ReminderItem task={task} {...itemProps} />
                  </List.Item>
                )}
              />
            ) : (
              <Typography.Text type="secondary">{t('reminders.bucketEmpty')}</Typography.Text>
            )}
            {meta.last_page > 1 && (
              <Flex justify="flex-end" style={{ paddingBlock: 12 }}>
                <Pagination
                  size="small"
                  current={meta.current_page}
                  pageSize={meta.per_page}
                  total={meta.total}
                  showSizeChanger={false}
                  onChange={(page) => onPage(bucket, page)}
                />
              </Flex>
            )}
          </Card>
        );
      })}
    </Flex>
  );
}

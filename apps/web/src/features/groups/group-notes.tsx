import type { HistoryItem } from '@crm/contracts';
import { App, Button, Empty, Flex, Input, List, Pagination, Skeleton, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { dayjs } from './dates';
import { useAddGroupComment, useGroupComments, useGroupHistory } from './groups-api';

const when = (iso: string) => dayjs(iso).format('DD.MM.YYYY HH:mm');

/** Notes on a group (spec §7 groupComments), newest first. */
export function GroupComments({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const comments = useGroupComments(groupId, true);
  const add = useAddGroupComment(groupId);

  const submit = async () => {
    if (!text.trim()) return;
    try {
      await add.mutateAsync(text.trim());
      setText('');
      message.success(t('groups.comments.added'));
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  return (
    <Flex vertical gap={12}>
      <Input.TextArea
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('groups.comments.placeholder')}
        aria-label={t('groups.comments.placeholder')}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={2000}
      />
      <Button
        type="primary"
        onClick={submit}
        loading={add.isPending}
        disabled={!text.trim()}
        style={{ alignSelf: 'flex-end' }}
      >
        {t('groups.comments.add')}
      </Button>
      {comments.isPending ? (
        <Skeleton active />
      ) : (
        <List
          dataSource={comments.data?.data ?? []}
          locale={{ emptyText: <Empty description={t('groups.comments.empty')} /> }}
          renderItem={(comment) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {comment.author?.name ?? '—'} · {when(comment.created_at)}
                  </Typography.Text>
                }
                description={
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                    {comment.text}
                  </Typography.Paragraph>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}

/** One line about an event: whom it concerns and what changed. */
function eventDetails(t: TFunction, event: HistoryItem): string {
  const data = event.data as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof data.student_name === 'string') parts.push(data.student_name);
  if (typeof data.from === 'number' && typeof data.to === 'number') {
    parts.push(`${t(`groups.students.status.${data.from}`)} → ${t(`groups.students.status.${data.to}`)}`);
  }
  if (typeof data.from_group_title === 'string' && typeof data.to_group_title === 'string') {
    parts.push(`${data.from_group_title} → ${data.to_group_title}`);
  }
  if (event.name.startsWith('group') && typeof data.title === 'string') parts.push(data.title);
  if (data.after && typeof data.after === 'object') parts.push(Object.keys(data.after).join(', '));
  return parts.join(' · ');
}

/** GET /group/{id}/history, newest first. */
export function GroupHistory({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useGroupHistory(groupId, page, true);
  const pagination = history.data?.pagination;
  if (history.isPending) return <Skeleton active />;
  return (
    <Flex vertical gap={12}>
      <List
        loading={history.isFetching}
        dataSource={history.data?.data ?? []}
        locale={{ emptyText: <Empty description={t('groups.history.empty')} /> }}
        renderItem={(event) => (
          <List.Item>
            <List.Item.Meta
              title={t(`groups.history.events.${event.name}`, { defaultValue: event.name })}
              description={
                <Flex vertical>
                  <span>{eventDetails(t, event)}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {event.actor?.name ?? '—'} · {when(event.created_at)}
                  </Typography.Text>
                </Flex>
              }
            />
          </List.Item>
        )}
      />
      {pagination && pagination.total_pages > 1 && (
        <Pagination
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

import { App, Button, Empty, Flex, Input, List, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { HistoryList } from '../history/history-line';
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

/** GET /group/{id}/history, newest first, in the History page's sentences. */
export function GroupHistory({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useGroupHistory(groupId, page, true);
  return (
    <HistoryList
      history={history}
      page={page}
      onPage={setPage}
      empty={t('groups.history.empty')}
      more={`/history?group_id=${groupId}`}
    />
  );
}

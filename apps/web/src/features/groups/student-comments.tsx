import { ArrowLeftOutlined, EyeOutlined } from '@ant-design/icons';
import type { GroupComment, StudentComment } from '@crm/contracts';
import { Alert, App, Button, Card, Checkbox, Empty, Flex, Input, List, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { usePageTitle } from '../../shared/ui/page-title';
import { dayjs } from './dates';
import { useGroup, useGroupStudents } from './groups-api';
import { useAddStudentComment, useGroupStudentComments, useStudentComments } from './student-comments-api';

const when = (iso: string) => dayjs(iso).format('DD.MM.YYYY HH:mm');

/**
 * One comment: who wrote it and when, whether the student sees it (not said to a parent, who reads only those),
 * and the text as written.
 */
function CommentItem({
  comment,
  group,
  marksShown = true,
}: {
  comment: GroupComment | StudentComment;
  group?: string;
  marksShown?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <List.Item>
      <List.Item.Meta
        title={
          <Flex gap={8} wrap align="center">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[group, comment.author?.name ?? '—', when(comment.created_at)].filter(Boolean).join(' · ')}
            </Typography.Text>
            {marksShown && comment.visible_to_student && (
              <Tag icon={<EyeOutlined />} color="blue">
                {t('groups.studentComments.shown')}
              </Tag>
            )}
          </Flex>
        }
        description={
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{comment.text}</Typography.Paragraph>
        }
      />
    </List.Item>
  );
}

/** Spec §2 groups/{id}/comments/{studentId}: a teacher's dated comments about one student of his group. */
export function StudentCommentsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const params = useParams();
  const groupId = Number(params.id);
  const studentId = Number(params.studentId);
  const group = useGroup(groupId);
  const students = useGroupStudents(groupId);
  const comments = useGroupStudentComments(groupId, studentId);
  const add = useAddStudentComment(groupId, studentId);
  const [text, setText] = useState('');
  const [shown, setShown] = useState(false);
  const student = students.data?.data.find((row) => row.student.id === studentId)?.student;
  // The breadcrumb's last crumb: the student's name, not his id.
  usePageTitle(student?.name);

  const submit = () =>
    add.mutate(
      { text: text.trim(), visible_to_student: shown },
      {
        onSuccess: () => {
          setText('');
          setShown(false);
          message.success(t('groups.studentComments.added'));
        },
        onError: (error) => {
          if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
        },
      },
    );

  if (comments.isError && !isHandledGlobally(comments.error)) {
    return <Alert type="error" showIcon title={errorMessage(t, comments.error)} />;
  }
  return (
    <Flex vertical gap={16}>
      <Link to={`/groups/${groupId}?tab=students`}>
        <ArrowLeftOutlined /> {group.data?.title ?? t('groups.studentComments.group')}
      </Link>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('groups.studentComments.title', { name: student?.name ?? '…' })}
      </Typography.Title>
      <Card>
        <Flex vertical gap={12}>
          <Input.TextArea
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('groups.studentComments.placeholder')}
            aria-label={t('groups.studentComments.placeholder')}
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={2000}
            showCount
          />
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Checkbox checked={shown} onChange={(event) => setShown(event.target.checked)}>
              {t('groups.studentComments.showToStudent')}
            </Checkbox>
            <Button type="primary" onClick={submit} loading={add.isPending} disabled={!text.trim()}>
              {t('groups.studentComments.add')}
            </Button>
          </Flex>
        </Flex>
      </Card>
      <Card>
        {comments.isPending ? (
          <Skeleton active />
        ) : (
          <List
            dataSource={comments.data?.data ?? []}
            locale={{ emptyText: <Empty description={t('groups.studentComments.empty')} /> }}
            renderItem={(comment) => <CommentItem comment={comment} />}
          />
        )}
      </Card>
    </Flex>
  );
}

/** The profile's tab: what his teachers wrote about the student in each group (he sees those shown to him). */
export function StudentCommentsTab({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const comments = useStudentComments(studentId);
  if (comments.isError) {
    return isHandledGlobally(comments.error) ? null : (
      <Alert type="error" showIcon title={errorMessage(t, comments.error)} />
    );
  }
  if (comments.isPending) return <Skeleton active />;
  return <StudentCommentList comments={comments.data.data} />;
}

/** A student's comments, each with its group (the profile's tab, and a parent's page of his child). */
export function StudentCommentList({ comments, marksShown }: { comments: StudentComment[]; marksShown?: boolean }) {
  const { t } = useTranslation();
  return (
    <List
      dataSource={comments}
      locale={{ emptyText: <Empty description={t('groups.studentComments.empty')} /> }}
      renderItem={(comment) => <CommentItem comment={comment} group={comment.group_title} marksShown={marksShown} />}
    />
  );
}

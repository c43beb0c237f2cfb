import { CheckOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { Meeting } from '@crm/contracts';
import { Alert, App, Button, Card, Empty, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useMarkLesson } from '../attendance/attendance-api';
import { PageHeader, QueryGate } from '../course-lessons/page-parts';
import { dateText } from '../groups/dates';
import { useJoinMeeting, useMeeting } from './meetings-api';

/**
 * Spec §2 meeting/{roomName}: the group's online lesson of a day. Joining opens the company's Jitsi Meet room in
 * a new tab with the person's own token (the page of this app stays, so the teacher can come back and mark who
 * joined); without a server configured, the page says how to set one up.
 */
export function MeetingPage() {
  const { roomName = '' } = useParams();
  const { t } = useTranslation();
  const meeting = useMeeting(roomName);
  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <QueryGate query={meeting} back={{ to: '/', label: t('meetings.home') }}>
        {(data) => <MeetingView meeting={data} />}
      </QueryGate>
    </Flex>
  );
}

function MeetingView({ meeting }: { meeting: Meeting }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const join = useJoinMeeting(meeting.room_name);
  const when = [dateText(meeting.date), meeting.lesson && `${meeting.lesson.start_time}–${meeting.lesson.end_time}`]
    .filter(Boolean)
    .join(' · ');
  const open = async () => {
    try {
      const { join_url } = await join.mutateAsync();
      window.open(join_url, '_blank', 'noopener');
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };
  return (
    <>
      <PageHeader
        back={{ to: `/groups/${meeting.group.course_id}/${meeting.group.id}/lessons`, label: meeting.group.title }}
        title={t('meetings.title', { group: meeting.group.title })}
      />
      <Card>
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{when}</Typography.Text>
          {!meeting.lesson && <Alert type="warning" showIcon title={t('meetings.noLesson')} />}
          {meeting.configured ? (
            <Button
              type="primary"
              size="large"
              icon={<VideoCameraOutlined />}
              loading={join.isPending}
              disabled={!meeting.policies.join}
              onClick={open}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('meetings.join')}
            </Button>
          ) : (
            <Alert type="info" showIcon title={t('meetings.notConfigured')} description={t('meetings.howToSetUp')} />
          )}
          <Typography.Text type="secondary">{t('meetings.newTab')}</Typography.Text>
        </Flex>
      </Card>
      {meeting.joined && <JoinedCard meeting={meeting} />}
    </>
  );
}

/** The teacher's view of who opened the room, and one click to mark the students among them present. */
function JoinedCard({ meeting }: { meeting: Meeting }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mark = useMarkLesson(meeting.group.id);
  const joined = meeting.joined ?? [];
  const students = joined.filter((person) => person.student).map((person) => person.user_id);
  const markPresent = async () => {
    try {
      await mark.mutateAsync({ date: meeting.date, status: 1, student_ids: students });
      message.success(t('meetings.marked', { count: students.length }));
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };
  return (
    <Card
      title={t('meetings.joined')}
      extra={
        meeting.policies.mark_attendance &&
        students.length > 0 && (
          <Button icon={<CheckOutlined />} loading={mark.isPending} onClick={markPresent}>
            {t('meetings.markPresent', { count: students.length })}
          </Button>
        )
      }
    >
      {joined.length === 0 ? (
        <Empty description={t('meetings.nobody')} />
      ) : (
        <List
          dataSource={joined}
          renderItem={(person) => (
            <List.Item>
              <Flex justify="space-between" wrap gap={8} style={{ width: '100%' }}>
                <span>
                  {person.name} {!person.student && <Tag>{t('meetings.staff')}</Tag>}
                </span>
                <Typography.Text type="secondary">
                  {new Date(person.joined_at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

import { VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../shared/ui/button-link';
import { useGroupMeeting } from './meetings-api';

/** A group's way into today's online lesson (issue 19); nothing when the room cannot be read. */
export function OnlineLessonButton({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const meeting = useGroupMeeting(groupId);
  if (!meeting.data) return null;
  return (
    <ButtonLink to={`/meeting/${meeting.data.room_name}`} icon={<VideoCameraOutlined />}>
      {t('meetings.open')}
    </ButtonLink>
  );
}

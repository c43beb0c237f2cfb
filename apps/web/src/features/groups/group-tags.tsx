import { type DayType, type Group, type GroupCapacity, GroupStatus, StudentStatus } from '@crm/contracts';
import { Space, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const GROUP_STATUS_COLOR: Record<number, string> = {
  [GroupStatus.selection]: 'blue',
  [GroupStatus.active]: 'green',
  [GroupStatus.archive]: 'default',
  [GroupStatus.completed]: 'purple',
};

const STUDENT_STATUS_COLOR: Record<number, string> = {
  [StudentStatus.inactive]: 'gold',
  [StudentStatus.cameToTrial]: 'cyan',
  [StudentStatus.missedTrial]: 'volcano',
  [StudentStatus.frozen]: 'geekblue',
  [StudentStatus.active]: 'green',
  [StudentStatus.archived]: 'default',
};

export function GroupStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={GROUP_STATUS_COLOR[status]}>{t(`groups.status.${status}`)}</Tag>;
}

export function StudentStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={STUDENT_STATUS_COLOR[status]}>{t(`groups.students.status.${status}`)}</Tag>;
}

type Timing = Pick<Group, 'day_type' | 'days' | 'start_time' | 'end_time'>;

/** "Mon, Wed, Fri": the day type by name, 'other' by its weekdays. */
export const daysText = (t: TFunction, group: Pick<Group, 'day_type' | 'days'>): string =>
  group.day_type === 'other'
    ? group.days.map((d) => t(`groups.weekdays.${d}`)).join(', ')
    : t(`groups.dayType.${group.day_type as DayType}`);

/** "Mon, Wed, Fri · 09:00–10:30". */
export const scheduleText = (t: TFunction, group: Timing): string =>
  `${daysText(t, group)} · ${group.start_time}–${group.end_time}`;

/** Spec §9 badges: new, start in N days, N days left; an ended running group prompts archiving. */
export function GroupBadges({ badges }: { badges: Group['badges'] }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {badges.is_new && <Tag color="green">{t('groups.badges.new')}</Tag>}
      {badges.starts_in_days !== null && (
        <Tag color="blue">{t('groups.badges.startsIn', { count: badges.starts_in_days })}</Tag>
      )}
      {badges.days_left !== null && (
        <Tag color="orange">{t('groups.badges.daysLeft', { count: badges.days_left })}</Tag>
      )}
      {badges.expired && <Tag color="red">{t('groups.badges.expired')}</Tag>}
    </Space>
  );
}

/** Spec §9 "capacity shown as students over room capacity", in the warning colour once the room is full. */
export function CapacityTag({ capacity }: { capacity: GroupCapacity }) {
  const { t } = useTranslation();
  if (capacity.capacity === null) return <Tag>{capacity.students}</Tag>;
  const text = `${capacity.students} / ${capacity.capacity}`;
  return capacity.full ? (
    <Tooltip title={t('groups.capacity.full')}>
      <Tag color="warning" aria-label={`${text}, ${t('groups.capacity.full')}`}>
        {text}
      </Tag>
    </Tooltip>
  ) : (
    <Tag>{text}</Tag>
  );
}

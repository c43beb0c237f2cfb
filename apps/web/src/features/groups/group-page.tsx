import { EditOutlined, ReadOutlined } from '@ant-design/icons';
import { canAccess, courseColor, type Group, Role } from '@crm/contracts';
import { Alert, Badge, Button, Descriptions, Flex, Result, Skeleton, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { roleIdsOf } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';
import { ButtonLink } from '../../shared/ui/button-link';
import { usePageTitle } from '../../shared/ui/page-title';
import { GroupAttendance } from '../attendance/group-attendance';
import { RecalculateChargesButton } from '../billing/recalculate-charges';
import { groupLessonsPath } from '../course-lessons/lesson-paths';
import { formatMoney, useCurrency } from '../courses/money';
import { OnlineLessonButton } from '../meetings/online-lesson-button';
import { RelatedReminders } from '../reminders/related-reminders';
import { WriteSmsButton } from '../sms/write-sms-button';
import { ArchiveGroupButton } from './archive-group-button';
import { dateText } from './dates';
import { GroupFormModal, type GroupFormTarget } from './group-form-modal';
import { GroupComments, GroupHistory } from './group-notes';
import { GroupStudents } from './group-students';
import { CapacityTag, GroupBadges, GroupStatusTag, scheduleText } from './group-tags';
import { useGroup } from './groups-api';
import { useCanEditGroups } from './groups-page';

/** Spec §2 groups/{id}: the group's details, students, notes and history. */
export function GroupPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const group = useGroup(id);
  if (!Number.isInteger(id) || id <= 0 || (group.error instanceof ApiError && group.error.status === 404)) {
    return (
      <Result
        status="404"
        title={t('groups.page.notFound')}
        extra={
          <Link to="/groups/list">
            <Button type="primary">{t('groups.page.backToList')}</Button>
          </Link>
        }
      />
    );
  }
  if (group.isError && !isHandledGlobally(group.error)) {
    return <Alert type="error" showIcon title={errorMessage(t, group.error)} />;
  }
  if (!group.data) return <Skeleton active />;
  return <GroupView group={group.data} />;
}

function GroupView({ group }: { group: Group }) {
  const { t } = useTranslation();
  usePageTitle(group.title);
  const navigate = useNavigate();
  const { user, role } = useSession();
  const roles = user ? roleIdsOf(user) : [];
  const [search, setSearch] = useSearchParams();
  const canEdit = useCanEditGroups();
  const currency = useCurrency();
  const [target, setTarget] = useState<GroupFormTarget | null>(null);
  const seesNotes = canAccess('groupComments', roles) || canAccess('groupList', roles);

  // Issue 4: attendance is the teacher's first tab; a link may open it on a lesson (?tab=attendance&date=).
  const attendanceTab = canAccess('groupList', roles)
    ? [
        {
          key: 'attendance',
          label: t('attendance.tab'),
          children: <GroupAttendance key={group.id} group={group} focusDate={search.get('date')} />,
        },
      ]
    : [];
  const isTeacher = role === Role.teacher;
  const tabs = [
    ...(isTeacher ? attendanceTab : []),
    { key: 'students', label: t('groups.page.students'), children: <GroupStudents group={group} /> },
    ...(isTeacher ? [] : attendanceTab),
    ...(seesNotes
      ? [
          { key: 'comments', label: t('groups.page.comments'), children: <GroupComments groupId={group.id} /> },
          ...(canAccess('groupList', roles)
            ? [{ key: 'history', label: t('groups.page.history'), children: <GroupHistory groupId={group.id} /> }]
            : []),
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {group.title}
          </Typography.Title>
          <GroupStatusTag status={group.status} />
          <GroupBadges badges={group.badges} />
        </Flex>
        <Flex gap={8} wrap>
          <ButtonLink to={groupLessonsPath(group.course.id, group.id)} icon={<ReadOutlined />}>
            {t('courseLessons.groupLink')}
          </ButtonLink>
          <OnlineLessonButton groupId={group.id} />
          <WriteSmsButton
            audience={{ kind: 'group', group_id: group.id }}
            audienceLabel={group.title}
            branchId={group.branch_id}
            forTeacher
          />
          {canEdit && (
            <>
              <Button icon={<EditOutlined />} onClick={() => setTarget({ mode: 'edit', group })}>
                {t('groups.edit')}
              </Button>
              <RecalculateChargesButton group={group} />
              <ArchiveGroupButton
                group={group}
                withText
                onDeleted={() => navigate('/groups/list', { replace: true })}
              />
            </>
          )}
        </Flex>
      </Flex>
      {canEdit && group.badges.expired && (
        <Alert
          type="warning"
          showIcon
          title={t('groups.page.expired', { date: dateText(group.end_date) })}
          action={
            <ArchiveGroupButton group={group} withText onDeleted={() => navigate('/groups/list', { replace: true })} />
          }
        />
      )}
      <RelatedReminders kind="group" subject={{ id: group.id, name: group.title }} />
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label={t('groups.fields.course')}>
          <Badge color={courseColor(group.course.id)} text={group.course.name} />
        </Descriptions.Item>
        <Descriptions.Item label={t('groups.fields.teacher')}>{group.teacher.name}</Descriptions.Item>
        <Descriptions.Item label={t('groups.fields.room')}>
          {group.room?.name ?? t('groups.fields.noRoom')}
        </Descriptions.Item>
        <Descriptions.Item label={t('groups.columns.schedule')}>{scheduleText(t, group)}</Descriptions.Item>
        <Descriptions.Item label={t('groups.columns.dates')}>
          {dateText(group.start_date)} – {dateText(group.end_date)}
        </Descriptions.Item>
        <Descriptions.Item label={t('groups.columns.students')}>
          <CapacityTag capacity={group.capacity} />
        </Descriptions.Item>
        <Descriptions.Item label={t('groups.page.price')}>
          {formatMoney(group.course.price, currency)}
        </Descriptions.Item>
        <Descriptions.Item label={t('groups.page.lessonDuration')}>
          {t('groups.page.minutes', { count: group.course.lesson_duration })}
        </Descriptions.Item>
        <Descriptions.Item label={t('groups.page.code')}>{group.code}</Descriptions.Item>
      </Descriptions>
      <Tabs
        items={tabs}
        activeKey={tabs.find((tab) => tab.key === search.get('tab'))?.key ?? tabs[0]?.key}
        onChange={(key) => setSearch({ tab: key }, { replace: true })}
      />
      <GroupFormModal target={target} branchId={group.branch_id} onClose={() => setTarget(null)} />
    </Flex>
  );
}

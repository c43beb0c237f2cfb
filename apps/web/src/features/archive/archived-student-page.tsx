import { ArrowLeftOutlined, BranchesOutlined, PhoneOutlined } from '@ant-design/icons';
import type { UserProfile } from '@crm/contracts';
import { Alert, Avatar, Card, Flex, Result, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { phoneText } from '../../shared/format/phone';
import { useSession } from '../../shared/session/use-session';
import { usePageTitle } from '../../shared/ui/page-title';
import { initialsOf } from '../users/people-kinds';
import { TagList } from '../users/person-badges';
import { ContactsTab, GroupsTab, HistoryTab } from '../users/profile-tabs';
import { useProfile } from '../users/users-api';
import { ReadOnlyMoney, ReadOnlyNotes } from './read-only-tabs';

/**
 * Spec §2 archive/list/student/{id}: an archived student's whole profile — groups, money, contacts,
 * notes and history — to read, with no action anywhere (restoring is done from the archive list).
 */
export function ArchivedStudentPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const studentId = Number(id);
  const profile = useProfile(studentId);
  const back = (
    <Link to="/archive/list/all?kind=student">
      <ArrowLeftOutlined /> {t('archive.title')}
    </Link>
  );
  if (profile.isPending) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  if (profile.isError) {
    const status = profile.error instanceof ApiError ? profile.error.status : 0;
    if (status === 401) return null;
    return (
      <Result
        status={status === 404 ? '404' : status === 403 ? '403' : 'error'}
        title={status === 404 ? t('users.profile.notFound') : errorMessage(t, profile.error)}
        extra={back}
      />
    );
  }
  return <ReadOnlyProfile person={profile.data} back={back} />;
}

function ReadOnlyProfile({ person, back }: { person: UserProfile; back: React.ReactNode }) {
  const { t } = useTranslation();
  const country = useSession().company?.datas.country ?? 'uz';
  const archived = person.archived_at !== null;
  // The breadcrumb's last crumb reads as the student's name, not his id.
  usePageTitle(person.name);
  return (
    <Flex vertical gap={16}>
      {back}
      {archived ? (
        <Alert
          type="warning"
          showIcon
          title={t('archive.student.archivedOn', { date: dayjs(person.archived_at).format('DD.MM.YYYY') })}
          description={t('archive.student.readOnly')}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title={t('archive.student.notArchived')}
          action={<Link to={`/students/profile/${person.id}`}>{t('archive.student.openProfile')}</Link>}
        />
      )}
      <Card>
        <Flex gap={16} wrap align="flex-start">
          <Avatar size={64} style={{ flex: 'none' }}>
            {initialsOf(person.name)}
          </Avatar>
          <Flex vertical gap={6} style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
              {person.name}
            </Typography.Title>
            <Space wrap size={[8, 4]}>
              {person.roles.map((role) => (
                <Tag key={role.id} color="blue">
                  {t(`roles.${role.id}`)}
                </Tag>
              ))}
              {archived && <Tag color="red">{t('users.archivedMark')}</Tag>}
            </Space>
            <Space wrap size={[16, 4]}>
              <span>
                <PhoneOutlined /> {phoneText(person.phone, country)}
              </span>
              <Typography.Text type="secondary">
                <BranchesOutlined /> {person.branches.map((b) => b.name).join(', ') || '—'}
              </Typography.Text>
            </Space>
            <TagList tags={person.tags} />
          </Flex>
        </Flex>
      </Card>
      <Card styles={{ body: { paddingTop: 8 } }}>
        <Tabs
          items={[
            {
              key: 'groups',
              label: t('users.profile.tabs.groups', { count: person.groups.length }),
              children: <GroupsTab person={person} />,
            },
            { key: 'balance', label: t('finance.balance.tab'), children: <ReadOnlyMoney studentId={person.id} /> },
            { key: 'contacts', label: t('users.profile.tabs.contacts'), children: <ContactsTab person={person} /> },
            { key: 'notes', label: t('users.profile.tabs.notes'), children: <ReadOnlyNotes studentId={person.id} /> },
            { key: 'history', label: t('users.profile.tabs.history'), children: <HistoryTab person={person} /> },
          ]}
        />
      </Card>
    </Flex>
  );
}

import {
  ArrowLeftOutlined,
  BranchesOutlined,
  DeleteOutlined,
  EditOutlined,
  InboxOutlined,
  PhoneOutlined,
  TagsOutlined,
  UndoOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import { topRank, type UserProfile, type UserType } from '@crm/contracts';
import {
  Alert,
  App,
  Avatar,
  Button,
  Card,
  Flex,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { roleIdsOf } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';
import { useGamificationOn } from '../gamification/gamification-api';
import { StudentCoinsCard } from '../gamification/student-coins-card';
import { StudentGradesTab } from '../grades/student-grades-tab';
import { StudentCommentsTab } from '../groups/student-comments';
import { OfferProfileLine } from '../offer/offer-signed-tag';
import { StudentParentsTab } from '../parents/student-parents-tab';
import { RelatedReminders } from '../reminders/related-reminders';
import { SmsHistoryTab } from '../sms/sms-history-tab';
import { WriteSmsButton } from '../sms/write-sms-button';
import { CallButton } from '../telephony/call-button';
import { PersonCalls, useShowsCalls } from '../telephony/person-calls';
import { initialsOf, PEOPLE_KINDS, phoneText, roleIdsOfPerson } from './people-kinds';
import { TagList } from './person-badges';
import { PersonFormModal } from './person-form-modal';
import { AddToGroupModal, BranchesModal, TagsModal } from './profile-dialogs';
import { MoneyTab, MoneyTabLabel } from './profile-money-tab';
import { ContactsTab, GroupsTab, HistoryTab, NotesTab } from './profile-tabs';
import { useRefusalMessage } from './use-refusal';
import { usePeopleMutations, useProfile } from './users-api';

export const StudentProfilePage = () => <ProfilePage type="student" />;
export const TeacherProfilePage = () => <ProfilePage type="teacher" />;
export const StaffProfilePage = () => <ProfilePage type="staff" />;

/** Spec §2 students/teachers/staff profile/{id}. */
function ProfilePage({ type }: { type: UserType }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const personId = Number(id);
  const profile = useProfile(personId);
  const kind = PEOPLE_KINDS[type];
  const back = (
    <Link to={kind.listPath}>
      <ArrowLeftOutlined /> {t(`users.titles.${type}`)}
    </Link>
  );

  if (profile.isPending) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  if (profile.isError) {
    const status = profile.error instanceof ApiError ? profile.error.status : 0;
    // 401 is answered app-wide (back to log-in); 403 and 404 say so here, with the way back.
    if (status === 401) return null;
    return (
      <Result
        status={status === 404 ? '404' : status === 403 ? '403' : 'error'}
        title={status === 404 ? t('users.profile.notFound') : errorMessage(t, profile.error)}
        extra={back}
      />
    );
  }
  return <Profile key={personId} type={type} person={profile.data} back={back} />;
}

type Dialog = 'edit' | 'branches' | 'tags' | 'group' | null;

function Profile({ type, person, back }: { type: UserType; person: UserProfile; back: ReactNode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { user, company } = useSession();
  const kind = PEOPLE_KINDS[type];
  // The server refuses changing someone senior and archiving oneself; the buttons say so first.
  const senior = topRank(roleIdsOfPerson(person)) > topRank(user ? roleIdsOf(user) : []);
  const self = person.id === user?.id;
  const country = company?.datas.country ?? 'uz';
  const { archive, restore } = usePeopleMutations();
  const refusal = useRefusalMessage();
  const [dialog, setDialog] = useState<Dialog>(null);
  const archived = person.archived_at !== null;
  const isStudent = type === 'student';
  const coins = useGamificationOn() && isStudent;
  const showsCalls = useShowsCalls();

  const run = async (work: () => Promise<unknown>, done: string, after?: () => void) => {
    try {
      await work();
      message.success(done);
      after?.();
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(refusal(error));
    }
  };

  const actions = archived ? (
    <Space wrap>
      <Button
        icon={<UndoOutlined />}
        onClick={() => run(() => restore.mutateAsync([person.id]), t('users.list.restored', { count: 1 }))}
      >
        {t('users.actions.restore')}
      </Button>
      <Popconfirm
        title={t('users.list.deleteQuestion', { count: 1, name: person.name })}
        description={t('users.list.deleteWarning')}
        okText={t('common.delete')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() =>
          run(
            () => archive.mutateAsync({ ids: [person.id], permanent: true }),
            t('users.list.deleted', { count: 1 }),
            () => navigate(kind.archivePath ?? kind.listPath),
          )
        }
      >
        <Button danger icon={<DeleteOutlined />}>
          {t('users.actions.deleteForever')}
        </Button>
      </Popconfirm>
    </Space>
  ) : (
    <Space wrap>
      <Button type="primary" icon={<EditOutlined />} disabled={senior} onClick={() => setDialog('edit')}>
        {t('users.actions.edit')}
      </Button>
      {isStudent && (
        <Button icon={<UsergroupAddOutlined />} onClick={() => setDialog('group')}>
          {t('users.actions.addToGroup')}
        </Button>
      )}
      {type !== 'staff' && (
        <Button icon={<BranchesOutlined />} onClick={() => setDialog('branches')}>
          {t(isStudent ? 'users.actions.moveBranch' : 'users.actions.linkBranches')}
        </Button>
      )}
      {isStudent && (
        <Button icon={<TagsOutlined />} onClick={() => setDialog('tags')}>
          {t('users.actions.tags')}
        </Button>
      )}
      {isStudent && (
        <WriteSmsButton audience={{ kind: 'students', student_ids: [person.id] }} audienceLabel={person.name} />
      )}
      <Popconfirm
        title={t('users.list.archiveQuestion', { count: 1, name: person.name })}
        description={t(`users.list.archiveWarning.${type}`)}
        okText={t('users.actions.archive')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => run(() => archive.mutateAsync({ ids: [person.id] }), t('users.list.archived', { count: 1 }))}
        disabled={senior || self}
      >
        <Button danger icon={<InboxOutlined />} disabled={senior || self}>
          {t('users.actions.archive')}
        </Button>
      </Popconfirm>
    </Space>
  );

  return (
    <Flex vertical gap={16}>
      {back}
      {archived && <Alert type="warning" showIcon title={t('users.profile.archivedNotice')} />}
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
              <Space size={6}>
                <a href={`tel:${phoneText(person.phone, country).replace(/\s/g, '')}`}>
                  <PhoneOutlined /> {phoneText(person.phone, country)}
                </a>
                <CallButton phone={person.phone} />
              </Space>
              <Typography.Text type="secondary">
                <BranchesOutlined /> {person.branches.map((b) => b.name).join(', ') || '—'}
              </Typography.Text>
            </Space>
            {isStudent && <TagList tags={person.tags} />}
            {isStudent && <OfferProfileLine person={person} />}
          </Flex>
          <div style={{ flex: '0 1 auto' }}>{actions}</div>
        </Flex>
      </Card>
      <Card styles={{ body: { paddingTop: 8 } }}>
        <Tabs
          items={[
            ...(type === 'staff'
              ? []
              : [
                  {
                    key: 'groups',
                    label: t('users.profile.tabs.groups', { count: person.groups.length }),
                    children: <GroupsTab person={person} />,
                  },
                ]),
            ...(isStudent
              ? [
                  { key: 'balance', label: <MoneyTabLabel />, children: <MoneyTab person={person} /> },
                  { key: 'grades', label: t('grades.tab'), children: <StudentGradesTab studentId={person.id} /> },
                  ...(coins
                    ? [{ key: 'coins', label: t('gamification.tab'), children: <StudentCoinsCard student={person} /> }]
                    : []),
                  {
                    key: 'comments',
                    label: t('groups.studentComments.tab'),
                    children: <StudentCommentsTab studentId={person.id} />,
                  },
                ]
              : []),
            ...(showsCalls
              ? [{ key: 'calls', label: t('telephony.log.title'), children: <PersonCalls phone={person.phone} /> }]
              : []),
            ...(isStudent
              ? [{ key: 'parents', label: t('parents.staff.tab'), children: <StudentParentsTab student={person} /> }]
              : []),
            { key: 'contacts', label: t('users.profile.tabs.contacts'), children: <ContactsTab person={person} /> },
            { key: 'notes', label: t('users.profile.tabs.notes'), children: <NotesTab person={person} /> },
            { key: 'history', label: t('users.profile.tabs.history'), children: <HistoryTab person={person} /> },
            ...(isStudent
              ? [
                  {
                    key: 'sms',
                    label: t('sms.history.tab'),
                    children: <SmsHistoryTab userId={person.id} userName={person.name} />,
                  },
                  {
                    key: 'tasks',
                    label: t('reminders.title'),
                    children: <RelatedReminders kind="student" subject={{ id: person.id, name: person.name }} />,
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <PersonFormModal
        kind={kind}
        target={dialog === 'edit' ? { mode: 'edit', person } : null}
        onClose={() => setDialog(null)}
      />
      <BranchesModal person={person} type={type} open={dialog === 'branches'} onClose={() => setDialog(null)} />
      {isStudent && <TagsModal person={person} open={dialog === 'tags'} onClose={() => setDialog(null)} />}
      {isStudent && <AddToGroupModal person={person} open={dialog === 'group'} onClose={() => setDialog(null)} />}
    </Flex>
  );
}

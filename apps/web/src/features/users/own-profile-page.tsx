import { Role } from '@crm/contracts';
import { Avatar, Card, Flex, Result, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { OwnCoinsLink } from '../gamification/own-coins-link';
import { StudentGradesTab } from '../grades/student-grades-tab';
import { StudentCommentsTab } from '../groups/student-comments';
import { TelegramLinkCard } from '../telegram-bot/telegram-link-card';
import { OwnPasswordButton } from './own-password-dialog';
import { initialsOf } from './people-kinds';
import { ContactsTab, GroupsTab } from './profile-tabs';
import { useProfile } from './users-api';

// The salary screens are their own chunk: a profile opened for contacts does not load them.
const MySalaryTab = lazy(() => import('../salaries/my-salary-tab').then((module) => ({ default: module.MySalaryTab })));

/**
 * Spec §2 user/profile: the signed-in user's own page. Its tabs are addressed by the hash
 * (spec: "user hash #2 is salary"): #1 details, #2 a teacher's salary, #3 groups.
 */
export function OwnProfilePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const profile = useProfile(user?.id ?? 0);
  if (!user) return null;
  if (profile.isPending) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  if (profile.isError) return <Result status="error" title={errorMessage(t, profile.error)} />;
  const person = profile.data;
  const teaches = person.roles.some((r) => r.id === Role.teacher);
  const studies = person.roles.some((r) => r.id === Role.student);
  const tabs = [
    { key: '1', label: t('users.profile.tabs.contacts'), children: <ContactsTab person={person} /> },
    ...(teaches
      ? [
          {
            key: '2',
            label: t('salaries.my.tab'),
            children: (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
                <MySalaryTab />
              </Suspense>
            ),
          },
        ]
      : []),
    ...(person.groups.length
      ? [
          {
            key: '3',
            label: t('users.profile.tabs.groups', { count: person.groups.length }),
            children: <GroupsTab person={person} />,
          },
        ]
      : []),
    // A student's own grades (issue 19): the same tab his teachers and the office see in his profile.
    ...(studies
      ? [
          { key: '4', label: t('grades.tab'), children: <StudentGradesTab studentId={person.id} /> },
          { key: '5', label: t('groups.studentComments.tab'), children: <StudentCommentsTab studentId={person.id} /> },
        ]
      : []),
  ];
  const asked = hash.replace('#', '');
  const active = tabs.some((tab) => tab.key === asked) ? asked : '1';
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex gap={16} align="center" wrap>
          <Avatar size={64}>{initialsOf(person.name)}</Avatar>
          <Flex vertical gap={6}>
            <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
              {person.name}
            </Typography.Title>
            <Space wrap size={[8, 4]}>
              {person.roles.map((role) => (
                <Tag key={role.id} color="blue">
                  {t(`roles.${role.id}`)}
                </Tag>
              ))}
            </Space>
            {studies && <OwnCoinsLink studentId={person.id} />}
          </Flex>
          <div style={{ marginInlineStart: 'auto' }}>
            <OwnPasswordButton />
          </div>
        </Flex>
      </Card>
      <TelegramLinkCard />
      <Card styles={{ body: { paddingTop: 8 } }}>
        <Tabs activeKey={active} onChange={(key) => navigate({ hash: key }, { replace: true })} items={tabs} />
      </Card>
    </Flex>
  );
}

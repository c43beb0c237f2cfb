import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { canAccess, type Me, type RoleId } from '@crm/contracts';
import { Avatar, Button, Dropdown, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignOut } from '../../features/auth/auth-api';
import { roleIdsOf } from '../../shared/session/session-store';
import { VisuallyHidden } from '../../shared/ui/visually-hidden';

export function UserMenu({ user, role, showName }: { user: Me; role: RoleId; showName: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const roleName = t(`roles.${role}`);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'who', label: `${user.name} · ${roleName}`, disabled: true },
          { type: 'divider' },
          // One's own profile is the user area's (spec §6): a parent (issue 24) has none.
          ...(canAccess('user', roleIdsOf(user))
            ? [
                {
                  key: 'profile',
                  icon: <UserOutlined />,
                  label: t('header.profile'),
                  onClick: () => navigate('/user/profile'),
                },
              ]
            : []),
          { key: 'sign-out', icon: <LogoutOutlined />, label: t('header.signOut'), danger: true, onClick: signOut },
        ],
      }}
    >
      <Button
        type="text"
        // When the name shows, the button is named by what it shows, then "user menu" (WCAG 2.5.3: a
        // voice-control user says what he sees); a label in place of the shown text would hide it.
        aria-label={showName ? undefined : t('header.userMenu')}
        style={{ height: 'auto', paddingInline: 4 }}
      >
        <Flex align="center" gap={8}>
          <Avatar size="small" icon={<UserOutlined />} />
          {showName && (
            <Flex vertical align="flex-start" style={{ lineHeight: 1.2, maxWidth: 180 }}>
              <Typography.Text strong ellipsis style={{ maxWidth: 180 }}>
                {user.name}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {roleName}
              </Typography.Text>
              <VisuallyHidden>{t('header.userMenu')}</VisuallyHidden>
            </Flex>
          )}
        </Flex>
      </Button>
    </Dropdown>
  );
}

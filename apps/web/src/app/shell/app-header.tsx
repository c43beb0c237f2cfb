import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { type CompanyPublic, type Me, Role, type RoleId } from '@crm/contracts';
import { Button, Flex, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { RemindersBadge } from '../../features/reminders/reminders-badge';
import { TimetableButton } from '../../features/timetable/timetable-button';
import { LanguageSwitcher } from '../../shared/ui/language-switcher';
import { BranchSwitcher } from './branch-switcher';
import { ThemeSwitcher } from './theme-switcher';
import type { Viewport } from './use-viewport';
import { UserMenu } from './user-menu';

interface AppHeaderProps {
  user: Me;
  role: RoleId;
  company: CompanyPublic;
  viewport: Viewport;
  menuCollapsed: boolean;
  onMenuButton: () => void;
}

export function AppHeader({ user, role, company, viewport, menuCollapsed, onMenuButton }: AppHeaderProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const mobile = viewport === 'mobile';
  const menuLabel = mobile ? t('header.openMenu') : t(menuCollapsed ? 'header.expandMenu' : 'header.collapseMenu');
  const menuIcon = mobile ? <MenuOutlined /> : menuCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />;
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        paddingInline: mobile ? 8 : 16,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Button type="text" icon={menuIcon} aria-label={menuLabel} title={menuLabel} onClick={onMenuButton} />
      {mobile && (
        <strong style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {company.name}
        </strong>
      )}
      <Flex align="center" gap={mobile ? 0 : 8} style={{ marginInlineStart: 'auto', minWidth: 0 }}>
        <RemindersBadge />
        <TimetableButton />
        {/* A parent works in no branch: his children's pages are the same whichever of their branches is chosen. */}
        {role !== Role.parent && <BranchSwitcher width={mobile ? 110 : 200} />}
        <LanguageSwitcher />
        <ThemeSwitcher />
        <UserMenu user={user} role={role} showName={viewport === 'desktop'} />
      </Flex>
    </Layout.Header>
  );
}

import { LogoutOutlined } from '@ant-design/icons';
import { Button, Flex, Grid, Layout, Menu, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguageChoice } from '../../shared/ui/language-choice';
import { consoleLogout } from './console-api';
import { useConsoleSession } from './console-session';

const PAGES = ['companies', 'prices', 'licences', 'audit', 'settings'] as const;

/** The console's frame: its name, its pages, the account and sign-out; one row on a desktop, two on a phone. */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const session = useConsoleSession();
  const { pathname } = useLocation();
  const wide = Grid.useBreakpoint().md ?? false;
  const current = PAGES.find((page) => pathname.startsWith(`/${page}`)) ?? 'companies';

  const menu = (
    <Menu
      mode="horizontal"
      selectedKeys={[current]}
      items={PAGES.map((page) => ({ key: page, label: <Link to={`/${page}`}>{t(`console.nav.${page}`)}</Link> }))}
      style={{ flex: 1, minWidth: 0, borderBottom: 'none', background: 'transparent' }}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          height: 'auto',
          lineHeight: 'normal',
          padding: wide ? '0 24px' : '8px 12px 0',
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Flex align="center" gap={wide ? 24 : 8} wrap={!wide}>
          <Typography.Text strong style={{ whiteSpace: 'nowrap', fontSize: 16 }}>
            {t('console.title')}
          </Typography.Text>
          {wide && menu}
          <Flex align="center" gap={8} style={{ marginInlineStart: 'auto' }}>
            {wide && <Typography.Text type="secondary">{session?.account.name}</Typography.Text>}
            <LanguageChoice />
            <Button
              icon={<LogoutOutlined />}
              aria-label={t('console.signOut')}
              title={t('console.signOut')}
              onClick={() => void consoleLogout()}
            >
              {wide ? t('console.signOut') : null}
            </Button>
          </Flex>
          {!wide && <div style={{ width: '100%' }}>{menu}</div>}
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: wide ? 24 : 12, minWidth: 0 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}

import { App, Drawer, Flex, Layout, Typography, theme } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useRefreshMe } from '../../features/auth/auth-api';
import { LicenceNotice } from '../../features/licence/licence-notice';
import { PhoneProvider } from '../../features/telephony/phone-provider';
import { setCompanyType } from '../../i18n/i18n';
import { useSession } from '../../shared/session/use-session';
import { PageSpinner } from '../../shared/ui/page-spinner';
import { AppBreadcrumbs } from './app-breadcrumbs';
import { AppHeader } from './app-header';
import { SideMenu } from './side-menu';
import { useForbiddenNotice } from './use-forbidden-notice';
import { useViewport } from './use-viewport';

/** The signed-in frame: side menu (a drawer on phones), header, breadcrumbs and the page. */
export function AppShell() {
  // antd's message and notification context lives here, not at the root: the log-in page needs none of it.
  // The telephone (issue 22) wraps the pages: a call and its widget outlive moving between them.
  return (
    <App>
      <PhoneProvider>
        <ShellLayout />
      </PhoneProvider>
    </App>
  );
}

function ShellLayout() {
  const { user, company, role } = useSession();
  const viewport = useViewport();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(viewport !== 'desktop');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const companyType = company?.datas.company_type ?? 'training_center';
  useRefreshMe();
  useForbiddenNotice();

  useEffect(() => setCompanyType(companyType), [companyType]);
  useEffect(() => setCollapsed(viewport !== 'desktop'), [viewport]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the phone drawer
  useEffect(() => setDrawerOpen(false), [pathname]);

  // The session guard above renders this only with a complete session.
  if (!user || !company || role === null) return null;

  const mobile = viewport === 'mobile';
  const brand = (
    <Flex align="center" gap={8} style={{ height: 64, paddingInline: 20, overflow: 'hidden' }}>
      {company.logo && <img src={company.logo} alt="" style={{ height: 32, maxWidth: 120, objectFit: 'contain' }} />}
      {!(collapsed && !mobile) && (
        <Typography.Text strong ellipsis>
          {company.name}
        </Typography.Text>
      )}
    </Flex>
  );
  const menu = <SideMenu user={user} company={company} />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {mobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={280}
          title={company.name}
          styles={{ body: { padding: 0 } }}
        >
          {menu}
        </Drawer>
      ) : (
        <Layout.Sider
          collapsed={collapsed}
          width={240}
          theme="light"
          style={{
            position: 'sticky',
            top: 0,
            height: '100vh',
            overflowY: 'auto',
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {brand}
          {menu}
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <AppHeader
          user={user}
          role={role}
          company={company}
          viewport={viewport}
          menuCollapsed={collapsed}
          onMenuButton={() => (mobile ? setDrawerOpen(true) : setCollapsed(!collapsed))}
        />
        <LicenceNotice />
        <Layout.Content style={{ padding: mobile ? 12 : 24, minWidth: 0 }}>
          <AppBreadcrumbs />
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

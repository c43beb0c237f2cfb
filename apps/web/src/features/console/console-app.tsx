import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from 'react-router';
import { PreferencesProvider } from '../../app/theme/preferences-provider';
import { ConsoleAuditPage } from './console-audit-page';
import { ConsoleCompaniesPage } from './console-companies-page';
import { ConsoleLayout } from './console-layout';
import { ConsoleLicencesPage } from './console-licences-page';
import { ConsoleLoginPage } from './console-login-page';
import { ConsolePricesPage } from './console-prices-page';
import { useConsoleSession } from './console-session';
import { ConsoleSettingsPage } from './console-settings-page';

function RequireConsoleSession({ children }: { children: React.ReactNode }) {
  return useConsoleSession() ? children : <Navigate to="/login" replace />;
}

function GuestOnly({ children }: { children: React.ReactNode }) {
  return useConsoleSession() ? <Navigate to="/companies" replace /> : children;
}

/** The console's pages; a separate app from the centres' (no menus by role, no branches, no centre session). */
export const CONSOLE_ROUTES: RouteObject[] = [
  {
    path: '/login',
    element: (
      <GuestOnly>
        <ConsoleLoginPage />
      </GuestOnly>
    ),
  },
  {
    element: (
      <RequireConsoleSession>
        <ConsoleLayout />
      </RequireConsoleSession>
    ),
    children: [
      { path: '/companies', element: <ConsoleCompaniesPage /> },
      { path: '/prices', element: <ConsolePricesPage /> },
      { path: '/licences', element: <ConsoleLicencesPage /> },
      { path: '/audit', element: <ConsoleAuditPage /> },
      { path: '/settings', element: <ConsoleSettingsPage /> },
      { path: '*', element: <Navigate to="/companies" replace /> },
    ],
  },
];

/** What admin.{BASE_DOMAIN} shows instead of a centre (main.tsx chooses by the host's first label). */
export function ConsoleApp() {
  const { t } = useTranslation();
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [router] = useState(() => createBrowserRouter(CONSOLE_ROUTES));
  useEffect(() => {
    document.title = t('console.title');
  }, [t]);
  return (
    <QueryClientProvider client={client}>
      <PreferencesProvider>
        <App>
          <RouterProvider router={router} />
        </App>
      </PreferencesProvider>
    </QueryClientProvider>
  );
}

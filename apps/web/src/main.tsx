import 'antd/dist/antd.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyDeferredStyles } from './app/deferred-styles';
import { isConsoleHost } from './features/console/console-host';
import { i18nReady } from './i18n/i18n';
import { registerServiceWorker } from './shared/pwa/service-worker';

// The platform console (admin.{BASE_DOMAIN}) is an app of its own, loaded only on its host.
const ConsoleApp = lazy(() => import('./features/console/console-app').then((m) => ({ default: m.ConsoleApp })));

registerServiceWorker();

// The first screen is drawn in its language (the wording of one language arrives beside the app's code) and
// styled (antd's stylesheet arrives beside it too: see app/deferred-styles.ts).
void Promise.all([i18nReady.catch(() => undefined), applyDeferredStyles()]).finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      {isConsoleHost(window.location.hostname) ? (
        <Suspense fallback={null}>
          <ConsoleApp />
        </Suspense>
      ) : (
        <App />
      )}
    </StrictMode>,
  ),
);

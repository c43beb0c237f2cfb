import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const CallLogPage = lazyPage(() => import('./call-log-page'), 'CallLogPage');
const VoipSettingsPage = lazyPage(() => import('./voip-settings-page'), 'VoipSettingsPage');

/**
 * Issue 22's telephony pages (spec §2): the call log (area call) and the OnlinePBX settings (admin/voip). The call
 * widget and modal are not pages: the shell mounts PhoneProvider once.
 */
export const featureRoutes: FeatureRoute[] = [
  { path: '/call', area: 'call', element: <CallLogPage /> },
  { path: '/admin/voip', area: 'admin', element: <VoipSettingsPage /> },
];

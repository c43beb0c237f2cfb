import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const SmsLogPage = lazyPage(() => import('./sms-log-page'), 'SmsLogPage');
const AutoSmsPage = lazyPage(() => import('./auto-sms-page'), 'AutoSmsPage');

/** Spec §2 sms (the sent SMS and the templates) and auto-sms (the automatic rules of spec §9). */
export const featureRoutes: FeatureRoute[] = [
  { path: '/sms', area: 'sms', element: <SmsLogPage /> },
  { path: '/auto-sms', area: 'autoSms', element: <AutoSmsPage /> },
];

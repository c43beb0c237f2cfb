import { lazyPage } from '../../app/feature-routes';

const PublicFormPage = lazyPage(() => import('./public-form-page'), 'PublicFormPage');
const AuditFormPage = lazyPage(() => import('./audit-form-page'), 'AuditFormPage');

/**
 * Spec §2 /entry/form/{id} and /entry/audit/{form_id}/{company_id}: the builder's forms for visitors and
 * students, outside the shell and without a log-in (like /entry/lead), so they can be embedded in an iframe.
 */
export const formPublicRoutes = [
  { path: '/entry/form/:id', element: <PublicFormPage /> },
  { path: '/entry/audit/:form_id/:company_id', element: <AuditFormPage /> },
];

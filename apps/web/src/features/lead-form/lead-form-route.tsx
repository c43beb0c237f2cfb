import { lazyPage } from '../../app/feature-routes';

const LeadFormPage = lazyPage(() => import('./lead-form-page'), 'LeadFormPage');

/**
 * Spec §2 /entry/lead: the public lead form, outside the shell and without a log-in, so visitors of
 * the company's site (or of a page that embeds it in an iframe) can ask to be called.
 */
export const leadFormRoute = { path: '/entry/lead', element: <LeadFormPage /> };

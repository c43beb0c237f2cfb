import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const FormListPage = lazyPage(() => import('./form-list-page'), 'FormListPage');
const LeadFormListPage = lazyPage(() => import('./form-list-page'), 'LeadFormListPage');
const FormCreatePage = lazyPage(() => import('./form-builder-pages'), 'FormCreatePage');
const FormEditPage = lazyPage(() => import('./form-builder-pages'), 'FormEditPage');
const FormGeneratorPage = lazyPage(() => import('./form-generator-page'), 'FormGeneratorPage');
const FormInfoPage = lazyPage(() => import('./form-info-page'), 'FormInfoPage');

/** Issue 20's form builder (spec §2 form/*): the `forms` area (admins, branch director, marketer). */
export const featureRoutes: FeatureRoute[] = [
  { path: '/form/list', area: 'forms', element: <FormListPage /> },
  { path: '/form/lead-form', area: 'forms', element: <LeadFormListPage /> },
  { path: '/form/create', area: 'forms', element: <FormCreatePage /> },
  { path: '/form/edit/:id', area: 'forms', element: <FormEditPage /> },
  { path: '/form/generator', area: 'forms', element: <FormGeneratorPage /> },
  { path: '/form/info/:id', area: 'forms', element: <FormInfoPage /> },
];

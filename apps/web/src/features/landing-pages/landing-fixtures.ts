import type { LandingPage, LoginLook } from '@crm/contracts';

/** A saved landing page as GET /landing-pages/{id} answers it. */
export const aLandingPage = (overrides: Partial<LandingPage> = {}): LandingPage => ({
  id: 5,
  slug: 'summer-ielts',
  locale: 'en',
  title: 'Summer IELTS',
  description: '',
  pixel_id: null,
  blocks: [{ type: 'hero', heading: 'Pass IELTS this summer', text: '', image: null, button: 'Sign up' }],
  published: true,
  path: '/landing-page/summer-ielts',
  updated_at: '2025-06-01T09:00:00.000Z',
  policies: { edit: true, delete: true },
  ...overrides,
});

export const BACKGROUNDS = ['/api/v1/company/1/picture/aaaa', '/api/v1/company/1/picture/bbbb'];

/** The log-in look as GET /login-look answers it to a forms user who may also upload pictures. */
export const aLoginLook = (overrides: Partial<LoginLook> = {}): LoginLook => ({
  welcome: { uz: '', ru: '', en: '', id: '' },
  background: null,
  logo: '/api/v1/company/1/picture/logo',
  backgrounds: BACKGROUNDS,
  policies: { edit: true, edit_pictures: true },
  ...overrides,
});

import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../course-lessons/test-support';
import { json, stubApi } from '../courses/test-support';
import { aLandingPage, aLoginLook } from '../landing-pages/landing-fixtures';
import { LandingListPage } from '../landing-pages/landing-list-page';
import { LoginLookPage } from '../landing-pages/login-look-page';
import { FormGeneratorPage } from './form-generator-page';
import { FormListPage, LeadFormListPage } from './form-list-page';
import { aSummary } from './forms-fixtures';

const page = { count: 1, current_page: 1, last_page: 1, per_page: 20, total: 1, total_pages: 1 };

stubApi(({ url }) => {
  if (url.startsWith('/api/v1/form?'))
    return json(200, { data: [aSummary()], pagination: page, policies: { create: true } });
  if (url === '/api/v1/landing-pages') return json(200, { data: [aLandingPage()], policies: { create: true } });
  if (url === '/api/v1/login-look') return json(200, aLoginLook());
  return json(404, { error: { code: 'not_found', message: url } });
});

const TABS = [
  { address: '/form/list', name: 'Forms', page: <FormListPage /> },
  { address: '/form/lead-form', name: 'Lead forms', page: <LeadFormListPage /> },
  { address: '/form/generator', name: 'Templates', page: <FormGeneratorPage /> },
  { address: '/form/landing-pages', name: 'Landing pages', page: <LandingListPage /> },
  { address: '/form/login-form', name: 'Log-in page look', page: <LoginLookPage /> },
] satisfies { address: string; name: string; page: ReactNode }[];

describe('the forms area’s tabs', () => {
  it.each(TABS)(
    'shows every screen of the area on $address and marks that one as open',
    ({ address, name, page: screenPage }) => {
      renderAt(address, address, screenPage);
      const tabs = within(screen.getByLabelText('Forms area', { selector: 'nav' }));
      const links = tabs.getAllByRole('link');
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
        TABS.map((tab) => [tab.name, tab.address]),
      );
      expect(
        links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent),
      ).toEqual([name]);
    },
  );
});

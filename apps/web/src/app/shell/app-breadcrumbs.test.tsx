import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { usePageTitle } from '../../shared/ui/page-title';
import { AppBreadcrumbs } from './app-breadcrumbs';

function NamedPage({ title }: { title?: string }) {
  usePageTitle(title);
  return null;
}

const renderAt = (path: string, title?: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppBreadcrumbs />
      <NamedPage title={title} />
    </MemoryRouter>,
  );

beforeAll(() => changeLanguage('en'));
afterEach(cleanup);

describe('the breadcrumbs', () => {
  it('end with the name a page gives its record instead of the id in the path', async () => {
    renderAt('/groups/61', 'Morning English');
    expect(await screen.findByText('Morning English')).toBeTruthy();
    expect(screen.queryByText('61')).toBeNull();
    expect(screen.getByText('Groups')).toBeTruthy();
  });

  it('show the path segment while the page has no name yet', () => {
    renderAt('/groups/61');
    expect(screen.getByText('61')).toBeTruthy();
  });
});

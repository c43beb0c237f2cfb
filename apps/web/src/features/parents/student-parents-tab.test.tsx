import type { StudentParents } from '@crm/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAt } from '../course-lessons/test-support';
import { json, stubApi } from '../courses/test-support';
import { aStudent } from '../finance/finance-test-support';
import { StudentProfilePage } from '../users/profile-page';
import { aStudentParent, someParents } from './parents-fixtures';

let parents: StudentParents;

stubApi(({ url }) => {
  if (url === '/api/v1/user/11')
    return json(200, aStudent({ parent_name: 'Gulnora Valiyeva', parent_phone: '900000012' }));
  if (url === '/api/v1/user/11/parents') return json(200, parents);
  if (url === '/api/v1/sms/templates') return json(200, { data: [], policies: { create: true } });
  return json(404, { error: { code: 'not_found', message: url } });
});

beforeEach(() => {
  parents = someParents([aStudentParent()]);
});

const openParentsTab = async () => {
  renderAt('/students/profile/11', '/students/profile/:id', <StudentProfilePage />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Parents' }));
  return screen.findByRole('tabpanel');
};

describe("the Parents tab of a student's profile", () => {
  it('shows his parent with the phone, how the parent logs in and the other children as links', async () => {
    const panel = await openParentsTab();
    expect(await within(panel).findByText('Gulnora Valiyeva')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: '+998 90 000 00 12' }).getAttribute('href')).toBe(
      'tel:+998900000012',
    );
    expect(within(panel).getByText('Logs in with an SMS code')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Aziz Valiyev' }).getAttribute('href')).toBe('/students/profile/22');
  });

  it('writes an SMS to the parent with the parent chosen as the recipient', async () => {
    const panel = await openParentsTab();
    fireEvent.click(await within(panel).findByRole('button', { name: /SMS to the parent/ }));
    const composer = await screen.findByRole('dialog', { name: 'Write SMS' });
    expect(within(composer).getByText('Gulnora Valiyeva')).toBeTruthy();
    expect(within(composer).getByRole('radio', { name: 'Parent' })).toHaveProperty('checked', true);
  });

  it('says how to link a parent when none is, and offers no SMS to nobody', async () => {
    parents = someParents([]);
    const panel = await openParentsTab();
    expect(await within(panel).findByText(/No parent is linked to this student/)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /SMS to the parent/ })).toBeNull();
  });

  it('tells a parent with a password apart, and offers no SMS where the server says the reader may not', async () => {
    parents = someParents([aStudentParent({ has_password: true, other_children: [] })], false);
    const panel = await openParentsTab();
    expect(await within(panel).findByText('Logs in with a password')).toBeTruthy();
    expect(within(panel).queryByText('Other children:')).toBeNull();
    expect(within(panel).queryByRole('button', { name: /SMS to the parent/ })).toBeNull();
  });
});

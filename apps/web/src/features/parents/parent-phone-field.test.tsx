import type { ParentByPhone } from '@crm/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { aStudent } from '../finance/finance-test-support';
import { PEOPLE_KINDS } from '../users/people-kinds';
import { PersonFormModal, type PersonFormTarget } from '../users/person-form-modal';
import { aParentByPhone } from './parents-fixtures';

let found: ParentByPhone;

const calls = stubApi(({ url }) => {
  if (url.startsWith('/api/v1/parents/by-phone?')) return json(200, found);
  if (url.startsWith('/api/v1/tags')) return json(200, { data: [] });
  return json(404, { error: { code: 'not_found', message: url } });
});

beforeEach(() => {
  found = aParentByPhone();
});

const HINT =
  'This number already belongs to the parent Gulnora Valiyeva (children: Ali Valiyev, Aziz Valiyev): ' +
  'the student will be linked to this parent.';

function openForm(kind: keyof typeof PEOPLE_KINDS, target: PersonFormTarget) {
  renderPage(<PersonFormModal kind={PEOPLE_KINDS[kind]} target={target} onClose={() => undefined} />);
}

const openContacts = async () => fireEvent.click(await screen.findByText('More contacts'));
const typeParentPhone = (phone: string) =>
  fireEvent.change(screen.getByLabelText("Parent's phone"), { target: { value: phone } });

const lookUps = () => calls.filter((call) => call.url.startsWith('/api/v1/parents/by-phone'));

describe("the student form's parent phone", () => {
  it('says whose parent a typed number already is, once the number is whole', async () => {
    openForm('student', { mode: 'create' });
    await openContacts();
    typeParentPhone('90 000');
    expect(lookUps()).toEqual([]);
    typeParentPhone('90 000 00 12');
    expect(await screen.findByText(HINT)).toBeTruthy();
    expect(lookUps().map((call) => call.url)).toEqual(['/api/v1/parents/by-phone?phone=900000012']);
  });

  it('says nothing for a number no parent has', async () => {
    found = { parent: null };
    openForm('student', { mode: 'create' });
    await openContacts();
    typeParentPhone('91 234 56 78');
    await waitFor(() => expect(lookUps()).toHaveLength(1));
    expect(screen.queryByText(/already belongs to the parent/)).toBeNull();
  });

  it('says nothing when the student edited is already that parent’s child', async () => {
    openForm('student', { mode: 'edit', person: aStudent({ id: 21, name: 'Ali Valiyev' }) });
    await openContacts();
    typeParentPhone('90 000 00 12');
    await waitFor(() => expect(lookUps()).toHaveLength(1));
    expect(screen.queryByText(/already belongs to the parent/)).toBeNull();
  });

  it('never looks a teacher’s parent phone up: only students are linked to parents', async () => {
    openForm('teacher', { mode: 'create' });
    await openContacts();
    typeParentPhone('90 000 00 12');
    expect(screen.getByLabelText("Parent's phone")).toHaveProperty('value', '90 000 00 12');
    expect(lookUps()).toEqual([]);
  });
});

import type { CompanySettings } from '@crm/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { CompanyProfileCard } from './company-profile-card';
import { aCompanySettings } from './settings-test-support';

let company: CompanySettings;
let onPut: (body: Record<string, unknown>) => Response;
beforeEach(() => {
  company = aCompanySettings({ phone: '712000000', about: 'English and maths since 2015' });
  onPut = (body) => json(200, { ...company, ...body });
});
const calls = stubApi(({ method, body }) =>
  method === 'PUT' ? onPut(body as Record<string, unknown>) : json(200, company),
);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const puts = () => calls.filter((call) => call.method === 'PUT');

describe('CompanyProfileCard', () => {
  it("shows the company's fields, the phone in the country's mask", async () => {
    renderPage(<CompanyProfileCard company={company} />);
    expect((await screen.findByLabelText('Company name')).getAttribute('value')).toBe('Demo Academy');
    expect(screen.getByLabelText('Phone').getAttribute('value')).toBe('71 200 00 00');
    expect(screen.getByLabelText('About the centre').textContent).toBe('English and maths since 2015');
    expect(save().disabled).toBe(true);
  });

  it('sends only the fields that changed, and says it is saved', async () => {
    renderPage(<CompanyProfileCard company={company} />);
    await screen.findByLabelText('Company name');
    type('Company name', 'Registon Academy');
    type('Facebook pixel ID', '1234567890');
    type('About the centre', 'English and maths since 2015');
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    expect(await screen.findByText('The settings are saved')).toBeTruthy();
    expect(puts()).toEqual([
      {
        method: 'PUT',
        url: '/api/v1/company/1/datas',
        body: { name: 'Registon Academy', facebook_pixel: '1234567890' },
      },
    ]);
  });

  it('refuses a pixel that is not digits, and a phone too short for the country, without asking the server', async () => {
    renderPage(<CompanyProfileCard company={company} />);
    await screen.findByLabelText('Facebook pixel ID');
    type('Facebook pixel ID', 'fb-12345');
    type('Phone', '90 12');
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    expect(await screen.findByText('Enter the pixel ID as digits only, 5 to 20 of them')).toBeTruthy();
    expect(screen.getByText('The phone number must have 9 digits')).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it('refuses a working day that ends before it starts', async () => {
    renderPage(<CompanyProfileCard company={company} />);
    const end = await screen.findByLabelText('Working day ends');
    fireEvent.mouseDown(end);
    fireEvent.focus(end);
    fireEvent.change(end, { target: { value: '07:00' } });
    fireEvent.keyDown(end, { key: 'Enter', code: 'Enter' });
    fireEvent.blur(end);
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    expect(await screen.findByText('The end must be later than the start (08:00)')).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it("puts the server's refusal under its field and keeps what was typed", async () => {
    onPut = () =>
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'bad',
          details: [{ field: 'name', rule: 'invalid_characters', message: 'control character' }],
        },
      });
    renderPage(<CompanyProfileCard company={company} />);
    await screen.findByLabelText('Company name');
    type('Company name', 'Registon Academy');
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    expect(await screen.findByText('The text contains a character that cannot be saved')).toBeTruthy();
    expect(screen.getByLabelText('Company name').getAttribute('value')).toBe('Registon Academy');
    expect(screen.queryByText('The settings are saved')).toBeNull();
  });

  it('only shows the values when the server says they may not be edited', async () => {
    renderPage(<CompanyProfileCard company={{ ...company, policies: { can_edit: false } }} />);
    expect((await screen.findByLabelText('Company name')).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { renderAt } from '../course-lessons/test-support';
import { type ApiCall, json, stubApi } from '../courses/test-support';
import { AuditFormPage } from './audit-form-page';
import { PIXEL_SCRIPT } from './facebook-pixel';
import { aPublicForm } from './forms-fixtures';
import { PublicFormPage } from './public-form-page';

let form = () => json(200, aPublicForm());
let answer = () => json(200, { stored: true });

const calls = stubApi((call: ApiCall) => {
  if (call.method === 'POST') return answer();
  if (call.url.startsWith('/api/v1/public/form/5') || call.url.startsWith('/api/v1/public/audit/5/1')) return form();
  return json(404, { error: { code: 'not_found', message: call.url } });
});

beforeEach(() => {
  form = () => json(200, aPublicForm());
  answer = () => json(200, { stored: true });
  // The visitor came from an ad: the page's own address carries the utm parameters.
  window.history.replaceState(null, '', '/entry/form/5?utm_source=instagram&utm_campaign=spring');
  Object.defineProperty(document, 'referrer', { value: 'https://instagram.com/', configurable: true });
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
  for (const script of document.querySelectorAll(`script[src="${PIXEL_SCRIPT}"]`)) script.remove();
  delete window.fbq;
  delete window._fbq;
});

const openForm = () => renderAt('/entry/form/5', '/entry/form/:id', <PublicFormPage />);
const posts = () => calls.filter((call) => call.method === 'POST');
const send = () => fireEvent.click(screen.getByText('Send'));
const write = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the public form', () => {
  it('shows the company, the form and its fields, with a hidden honeypot', async () => {
    openForm();
    expect(await screen.findByRole('heading', { name: 'Feedback' })).toBeTruthy();
    expect(screen.getByText('Demo Academy')).toBeTruthy();
    expect(screen.getByText('Tell us how we are doing')).toBeTruthy();
    expect(screen.getByDisplayValue('+998')).toBeTruthy();
    const honeypot = screen.getByLabelText('Website', { selector: 'input' }) as HTMLInputElement;
    expect(honeypot.name).toBe('website');
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.closest('[aria-hidden]')).toBeTruthy();
  });

  it('checks the answers before sending: required, email, phone and NPS', async () => {
    openForm();
    await screen.findByRole('heading', { name: 'Feedback' });
    write('Email', 'not-an-email');
    write('Phone', '90 12');
    send();
    expect(await screen.findAllByText('Please answer this question')).toHaveLength(2);
    expect(screen.getByText('Enter an email address like name@example.com')).toBeTruthy();
    expect(screen.getByText('The phone number must have 9 digits')).toBeTruthy();
    expect(posts()).toEqual([]);
    // Once tried, each fix takes its message away at once.
    fireEvent.click(screen.getByRole('radio', { name: '9' }));
    write('Your name', 'Aziz');
    await waitFor(() => expect(screen.queryByText('Please answer this question')).toBeNull());
    expect(posts()).toEqual([]);
  });

  it('sends the checked values with where the visitor came from and an empty honeypot, then thanks him', async () => {
    openForm();
    await screen.findByRole('heading', { name: 'Feedback' });
    fireEvent.click(screen.getByRole('radio', { name: '10' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Advanced' }));
    write('Your name', '  Aziz ');
    write('Email', 'Aziz@Example.com');
    write('Phone', '901234567');
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('90 123 45 67');
    send();
    expect(await screen.findByText('See you in class!')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Thank you!' })).toBeTruthy();
    expect(posts()).toEqual([
      {
        method: 'POST',
        url: '/api/v1/public/form/5',
        body: {
          values: { nps: 10, level: 'Advanced', name: 'Aziz', mail: 'aziz@example.com', tel: '901234567' },
          source: { utm_source: 'instagram', utm_campaign: 'spring', referrer: 'https://instagram.com/' },
          website: '',
        },
      },
    ]);
  });

  it('shows the server’s refusal of a field under it', async () => {
    answer = () =>
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'invalid',
          details: [{ field: 'values.tel', rule: 'phone_invalid', message: 'bad', limit: 9 }],
        },
      });
    openForm();
    await screen.findByRole('heading', { name: 'Feedback' });
    fireEvent.click(screen.getByRole('radio', { name: '8' }));
    write('Your name', 'Aziz');
    write('Phone', '901234567');
    send();
    expect(await screen.findByText('The phone number must have 9 digits')).toBeTruthy();
  });

  it('says a closed form is closed, when opened and when answered', async () => {
    form = () => json(409, { error: { code: 'form_closed', message: 'closed' } });
    const page = openForm();
    expect(await screen.findByText('This form is closed')).toBeTruthy();
    page.unmount();
    form = () => json(200, aPublicForm({ fields: aPublicForm().form.fields.slice(1, 2) }));
    answer = () => json(404, { error: { code: 'not_found', message: 'gone' } });
    openForm();
    await screen.findByRole('heading', { name: 'Feedback' });
    send();
    expect(await screen.findByText('This form is closed')).toBeTruthy();
  });

  it('asks to wait when one address sent too many', async () => {
    answer = () => json(429, { error: { code: 'too_many_requests', message: 'slow down' } });
    form = () => json(200, aPublicForm({ fields: aPublicForm().form.fields.slice(1, 2) }));
    openForm();
    await screen.findByRole('heading', { name: 'Feedback' });
    send();
    expect((await screen.findByRole('alert')).textContent).toContain('Please wait a minute');
  });

  it('loads the Facebook pixel only for a form that names one, and counts the answer as a lead', async () => {
    form = () =>
      json(200, aPublicForm({ kind: 'lead', pixel_id: '123456789', fields: aPublicForm().form.fields.slice(1, 2) }));
    openForm();
    await screen.findByRole('heading', { name: 'Feedback' });
    expect(document.querySelectorAll(`script[src="${PIXEL_SCRIPT}"]`)).toHaveLength(1);
    expect(window.fbq?.queue).toEqual([
      ['init', '123456789'],
      ['track', 'PageView'],
    ]);
    send();
    await screen.findByText('See you in class!');
    expect(window.fbq?.queue.at(-1)).toEqual(['track', 'Lead']);
  });

  it('loads no pixel for a form without one', async () => {
    openForm();
    await screen.findByRole('heading', { name: 'Feedback' });
    expect(document.querySelector(`script[src="${PIXEL_SCRIPT}"]`)).toBeNull();
    expect(window.fbq).toBeUndefined();
  });

  it('speaks the company’s language to a visitor who chose none', async () => {
    localStorage.removeItem('lang');
    form = () => json(200, { ...aPublicForm(), company: { ...aPublicForm().company, locale: 'ru' } });
    openForm();
    expect(await screen.findByText('Отправить')).toBeTruthy();
    await changeLanguage('en', false);
  });
});

describe('the audit link', () => {
  const audit = { student_name: 'Aziz', group_title: 'English A1', teacher_name: 'Malika' };
  const openAudit = (token = 'a'.repeat(24)) =>
    renderAt(`/entry/audit/5/1?token=${token}`, '/entry/audit/:form_id/:company_id', <AuditFormPage />);

  it('says which group and teacher the answers are about, and sends them with the token', async () => {
    form = () => json(200, aPublicForm({ kind: 'audit', fields: aPublicForm().form.fields.slice(1, 2) }, audit));
    openAudit();
    expect(await screen.findByText('About the lessons of the group “English A1” with Malika.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Beginner' }));
    send();
    await screen.findByText('See you in class!');
    expect(posts()[0]?.url).toBe(`/api/v1/public/audit/5/1?token=${'a'.repeat(24)}`);
    expect(screen.queryByText('Send another answer')).toBeNull();
  });

  it('thanks a student whose link was already used', async () => {
    form = () => json(409, { error: { code: 'audit_link_used', message: 'used' } });
    openAudit();
    expect(await screen.findByText('You have already answered')).toBeTruthy();
  });

  it('calls a link without a proper token not valid, without asking the server', async () => {
    openAudit('short');
    expect(await screen.findByText('This link is not valid')).toBeTruthy();
    expect(calls).toEqual([]);
    within(document.body).getByText('Check the link in your message, or ask the centre for a new one.');
  });
});

import type { CompanySettings } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { SettingsPage } from './settings-page';
import { aCompanySettings, cardTitled } from './settings-test-support';
import { timeZoneOptions, utcOffset } from './time-zones';

let company: CompanySettings;
let onPut: (body: Record<string, unknown>) => Response;
beforeEach(() => {
  company = aCompanySettings({}, { teacher_attendance_only_during_lesson: false, time_zone: null });
  onPut = (body) => {
    company = { ...company, datas: { ...company.datas, ...body } };
    return json(200, company);
  };
});
// The page's other cards (online payments, offer) ask for their own data: they get an empty answer here.
const calls = stubApi(({ method, url, body }) => {
  if (url.includes('/online-payments/providers')) return json(200, { data: [], policies: { can_edit: true } });
  return method === 'PUT' ? onPut(body as Record<string, unknown>) : json(200, company);
});

const switchOf = (name: RegExp) => screen.getByRole('switch', { name });
const saveButton = () =>
  within(cardTitled('Teachers and timetable')).getByRole('button', { name: 'Save' }) as HTMLButtonElement;

async function chooseZone(search: string, label: string) {
  const select = screen.getByRole('combobox', { name: 'Time zone' });
  fireEvent.mouseDown(select);
  fireEvent.change(select, { target: { value: search } });
  fireEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
}

// Antd pages render slowly in jsdom on a busy machine.
describe('SettingsPage', () => {
  it("shows the company's switches and its country's time zone, nothing to save yet", async () => {
    renderPage(<SettingsPage />);
    expect(await screen.findByText('Teachers and timetable')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/v1/company/byid/1');
    expect(switchOf(/only during the lesson/).getAttribute('aria-checked')).toBe('false');
    expect(switchOf(/step 5 minutes/).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText("The country's: Asia/Tashkent (UTC+05:00)")).toBeTruthy();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves the switches and a chosen time zone, and says so', async () => {
    renderPage(<SettingsPage />);
    fireEvent.click(await screen.findByRole('switch', { name: /only during the lesson/ }));
    await chooseZone('Samarkand', 'Asia/Samarkand (UTC+05:00)');
    await waitFor(() => expect((saveButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText('The settings are saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/v1/company/1/datas',
      body: {
        teacher_attendance_only_during_lesson: true,
        lesson_start_time_step_five_minutes: true,
        time_zone: 'Asia/Samarkand',
      },
    });
    await waitFor(() => expect((saveButton() as HTMLButtonElement).disabled).toBe(true));
  });

  it("puts the server's refusal of the time zone under the field", async () => {
    onPut = () =>
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'bad',
          details: [{ field: 'time_zone', rule: 'time_zone', message: 'Unknown time zone' }],
        },
      });
    renderPage(<SettingsPage />);
    await screen.findByText('Teachers and timetable');
    await chooseZone('Dushanbe', 'Asia/Dushanbe (UTC+05:00)');
    await waitFor(() => expect((saveButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText('The value is not valid')).toBeTruthy();
  });
});

describe('SettingsPage: student payments', () => {
  const choose = async (field: string, option: string) => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: field }));
    fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
  };
  const billingSave = () =>
    within(cardTitled('Student payments')).getByRole('button', { name: 'Save' }) as HTMLButtonElement;

  it('shows the defaults and saves lessons per month alone, without asking', async () => {
    renderPage(<SettingsPage />);
    expect(await screen.findByText('Monthly by calendar: on the 1st of each month')).toBeTruthy();
    expect(screen.getByText('Dynamic: the lessons the month really has')).toBeTruthy();
    await choose('Lessons per month', '12 lessons');
    await waitFor(() => expect(billingSave().disabled).toBe(false));
    fireEvent.click(billingSave());
    expect(await screen.findByText('The settings are saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      student_payment_mode: 'monthly_calendar',
      lessons_per_month_status: '12',
    });
  });

  it('asks before changing the payment mode and saves nothing when the question is declined', async () => {
    renderPage(<SettingsPage />);
    await screen.findByText('Student payments');
    await choose('Payment mode', 'By day: every lesson held is charged on its day');
    await waitFor(() => expect(billingSave().disabled).toBe(false));
    const question = async () => {
      fireEvent.click(billingSave());
      await screen.findAllByText('Change the payment mode?');
      // A declined dialog may still be fading out: answer the newest one.
      return screen.getAllByRole('dialog').at(-1) as HTMLElement;
    };
    fireEvent.click(within(await question()).getByRole('button', { name: 'Cancel' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(within(await question()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The settings are saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ student_payment_mode: 'by_day' });
  });
});

describe('time zone options', () => {
  it('name every zone with its offset, ordered by offset', () => {
    const at = new Date('2026-01-15T12:00:00Z');
    expect(utcOffset('Asia/Tashkent', at).text).toBe('UTC+05:00');
    expect(utcOffset('America/New_York', at).text).toBe('UTC-05:00');
    expect(utcOffset('UTC', at).text).toBe('UTC+00:00');
    const options = timeZoneOptions(['Asia/Calcutta'], at);
    expect(options.map((o) => o.minutes)).toEqual([...options.map((o) => o.minutes)].sort((a, b) => a - b));
    expect(options.find((o) => o.zone === 'Asia/Tehran')?.offset).toBe('UTC+03:30');
    expect(options.some((o) => o.zone === 'Asia/Calcutta')).toBe(true);
  });
});

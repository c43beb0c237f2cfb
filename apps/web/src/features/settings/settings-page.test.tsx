import type { CompanyPublic } from '@crm/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { aCompany } from '../../test/session-fixtures';
import { json, renderPage, stubApi } from '../courses/test-support';
import { SettingsPage } from './settings-page';
import { timeZoneOptions, utcOffset } from './time-zones';

let company: CompanyPublic;
let onPut: (body: Record<string, unknown>) => Response;
beforeEach(() => {
  company = aCompany({}, { teacher_attendance_only_during_lesson: false, time_zone: null });
  onPut = (body) => {
    company = { ...company, datas: { ...company.datas, ...body } };
    return json(200, company);
  };
});
const calls = stubApi(({ method, body }) =>
  method === 'PUT' ? onPut(body as Record<string, unknown>) : json(200, company),
);

const switchOf = (name: RegExp) => screen.getByRole('switch', { name });
const saveButton = () => screen.getByRole('button', { name: 'Save' });

async function chooseZone(search: string, label: string) {
  const select = screen.getByRole('combobox', { name: 'Time zone' });
  fireEvent.mouseDown(select);
  fireEvent.change(select, { target: { value: search } });
  fireEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
}

// Antd pages render slowly in jsdom on a busy machine.
describe('SettingsPage', { timeout: 20_000 }, () => {
  it("shows the company's switches and its country's time zone, nothing to save yet", async () => {
    renderPage(<SettingsPage />);
    expect(await screen.findByText('Teachers and timetable')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/v1/company/1');
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

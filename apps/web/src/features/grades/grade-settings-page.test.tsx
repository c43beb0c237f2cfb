import { DEFAULT_GRADE_SETTINGS } from '@crm/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { GradeSettingsPage } from './grade-settings-page';
import { aGradeSettings, anEmptyOverview } from './grades-fixtures';

const calls = stubApi(({ method, url, body }) => {
  if (url === '/api/v1/grade-settings' && method === 'PUT')
    return json(200, { ...aGradeSettings(), ...(body as object) });
  if (url === '/api/v1/grade-settings') return json(200, aGradeSettings());
  if (url.startsWith('/api/v1/grades/overview')) return json(200, anEmptyOverview());
  return json(404, { error: { code: 'not_found', message: url } });
});

describe('the grade settings (settings-grade)', () => {
  it("shows both shares of the rating and saves attendance's weight", async () => {
    renderPage(<GradeSettingsPage />);
    expect(await screen.findByText('Grades 70 % · Attendance 30 %')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Weight of attendance in the rating' }), {
      key: 'ArrowRight',
      keyCode: 39,
      which: 39,
    });
    expect(await screen.findByText('Grades 65 % · Attendance 35 %')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    // Everything the form holds is sent, the weight among it (the defaults but for the weight moved).
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ...DEFAULT_GRADE_SETTINGS,
      rating_attendance_weight: 35,
    });
    expect(await screen.findByText('Grade settings saved')).toBeTruthy();
  });
});

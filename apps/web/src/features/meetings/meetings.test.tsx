import type { Meeting } from '@crm/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../course-lessons/test-support';
import { json, renderPage, stubApi } from '../courses/test-support';
import { MeetingPage } from './meeting-page';
import { MeetingSettingsCard } from './meeting-settings-card';

const ROOM = 'c1-g7-d20250305-abcdefabcdef';
const aMeeting = (overrides: Partial<Meeting> = {}): Meeting => ({
  configured: true,
  room_name: ROOM,
  group: { id: 7, title: 'ENG-7', course_id: 3 },
  date: '2025-03-05',
  lesson: { start_time: '09:00', end_time: '10:30' },
  joined: [
    { user_id: 21, name: 'Aziz Karimov', student: true, joined_at: '2025-03-05T04:01:00Z' },
    { user_id: 5, name: 'Anvar Teacher', student: false, joined_at: '2025-03-05T04:00:00Z' },
  ],
  policies: { join: true, mark_attendance: true },
  ...overrides,
});
let meeting = aMeeting();

const calls = stubApi(({ method, url }) => {
  if (url === `/api/v1/meeting/${ROOM}/join` && method === 'POST') {
    return json(200, { join_url: `https://meet.example.uz/${ROOM}?jwt=token` });
  }
  if (url === `/api/v1/meeting/${ROOM}`) return json(200, meeting);
  if (url === '/api/v1/attendance/lesson') return json(200, { marked: 1 });
  if (url === '/api/v1/meeting-settings' && method === 'PUT') {
    return json(200, {
      server_url: 'https://meet.example.uz',
      app_id: null,
      secret_set: false,
      policies: { edit: true },
    });
  }
  if (url === '/api/v1/meeting-settings') {
    return json(200, { server_url: null, app_id: null, secret_set: false, policies: { edit: true } });
  }
  return json(404, { error: { code: 'not_found', message: url } });
});

const openPage = () => renderAt(`/meeting/${ROOM}`, '/meeting/:roomName', <MeetingPage />);

describe('the meeting room (meeting/{roomName})', () => {
  it('opens the room in a new tab with the person’s own address', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: /Join the lesson/ }));
    await waitFor(() =>
      expect(opened).toHaveBeenCalledWith(`https://meet.example.uz/${ROOM}?jwt=token`, '_blank', 'noopener'),
    );
  });

  it('lets the teacher mark the students who joined present, staff left out', async () => {
    openPage();
    expect(await screen.findByText('Aziz Karimov')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Mark 1 present/ }));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/v1/attendance/lesson')?.body).toEqual({
        group_id: 7,
        date: '2025-03-05',
        status: 1,
        student_ids: [21],
      }),
    );
  });

  it('says how to set a server up when there is none', async () => {
    meeting = aMeeting({ configured: false, joined: null, policies: { join: false, mark_attendance: false } });
    openPage();
    expect(await screen.findByText('Online lessons are not set up yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Join the lesson/ })).toBeNull();
    meeting = aMeeting();
  });
});

describe('the online lesson settings', () => {
  it('saves the server without sending an empty secret', async () => {
    renderPage(<MeetingSettingsCard />);
    fireEvent.change(await screen.findByLabelText('Server address'), { target: { value: 'https://meet.example.uz' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        server_url: 'https://meet.example.uz',
        app_id: null,
      }),
    );
  });
});

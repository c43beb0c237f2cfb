import { type GroupComment, Role } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { aGroup, aGroupStudent } from '../../test/group-fixtures';
import { aUser } from '../../test/session-fixtures';
import { StudentCommentsPage } from './student-comments';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

let comments: GroupComment[] = [];
let posted: unknown[] = [];

const place = aGroupStudent(21, 'Aziz Karimov', { created_date: '2025-01-10' });

beforeAll(() => changeLanguage('en', false));

beforeEach(() => {
  comments = [];
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/v1/group/7') return json(aGroup({ id: 7, title: 'ENG-7' }));
      if (url === '/api/v1/group/7/students')
        return json({ data: [place], capacity: { students: 1, capacity: 12, full: false } });
      if (url.startsWith('/api/v1/groupComments') && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { text: string; visible_to_student: boolean };
        posted.push(body);
        const comment = {
          id: comments.length + 1,
          group_id: 7,
          student_id: 21,
          author: { id: 4, name: 'Anvar Karimov' },
          text: body.text,
          visible_to_student: body.visible_to_student,
          created_at: '2025-03-11T09:30:00Z',
        };
        comments = [comment, ...comments];
        return json(comment);
      }
      if (url.startsWith('/api/v1/groupComments')) return json({ data: comments });
      return json({});
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('comments about a student of a group (groups/{id}/comments/{studentId})', () => {
  it('adds a comment shown to the student, and lists it with who wrote it', async () => {
    storeUser(aUser([Role.teacher]), 'token');
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/groups/7/comments/21']}>
          <App>
            <Routes>
              <Route path="/groups/:id/comments/:studentId" element={<StudentCommentsPage />} />
            </Routes>
          </App>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Comments about Aziz Karimov' })).toBeTruthy();
    expect(await screen.findByText('No comments yet')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/What you noticed/), { target: { value: 'Reads well now' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show to the student and his parents' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() =>
      expect(posted).toEqual([{ group_id: 7, student_id: 21, text: 'Reads well now', visible_to_student: true }]),
    );
    expect(await screen.findByText('Reads well now')).toBeTruthy();
    expect(screen.getByText('Seen by the student')).toBeTruthy();
    expect(screen.getByText(/Anvar Karimov/)).toBeTruthy();
  });
});

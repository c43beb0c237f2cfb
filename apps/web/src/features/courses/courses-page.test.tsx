import type { CourseListItem } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CoursesPage } from './courses-page';
import { type ApiCall, json, renderPage, stubApi } from './test-support';

const course = (id: number, name: string, levels: string[] = []): CourseListItem => ({
  id,
  name,
  code: name.slice(0, 3).toUpperCase(),
  description: null,
  price: 450_000,
  parent_id: null,
  lesson_duration: 90,
  course_duration: 3,
  exam_duration: null,
  lessons_per_module: null,
  color: '#1677FF',
  levels: levels.map((level, i) => ({ ...course(id * 10 + i, level), parent_id: id })),
});

let courses: CourseListItem[] = [];
let answer: (call: ApiCall) => Response | undefined;
const calls = stubApi((call) => {
  const given = answer(call);
  if (given) return given;
  const pagination = { count: courses.length, current_page: 1, last_page: 1, per_page: 24, total: courses.length };
  return json(200, { data: courses, pagination: { ...pagination, total_pages: 1 } });
});

beforeEach(() => {
  courses = [];
  answer = () => undefined;
});

const dialog = () => screen.getByRole('dialog');

describe('CoursesPage', () => {
  it('shows each course as a tile with its code, price in sum and number of levels', async () => {
    courses = [course(1, 'General English', ['Beginner', 'Elementary'])];
    renderPage(<CoursesPage />);
    const tile = await screen.findByRole('article', { name: 'General English' });
    expect(within(tile).getByText('GEN')).toBeTruthy();
    expect(within(tile).getByText('450 000 UZS')).toBeTruthy();
    expect(within(tile).getByText(/Levels: 2/)).toBeTruthy();
    expect(within(tile).getByRole('button', { name: 'Edit General English' })).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/v1/course?page=1&per_page=24');
  });

  it('searches by name on the server', async () => {
    renderPage(<CoursesPage />);
    const search = await screen.findByRole('searchbox', { name: 'Search courses' });
    fireEvent.change(search, { target: { value: 'ielts' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/v1/course?name=ielts&page=1&per_page=24'));
    expect(await screen.findByText('No course matches “ielts”')).toBeTruthy();
  });

  it('checks the fields as the server would, without asking it', async () => {
    renderPage(<CoursesPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Add course/ }));
    fireEvent.change(within(dialog()).getByLabelText('Name'), { target: { value: 'IELTS' } });
    fireEvent.change(within(dialog()).getByLabelText('Code'), { target: { value: 'IE LTS' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('The value has the wrong format')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends the price in the currency minor unit and the empty optional fields as null', async () => {
    renderPage(<CoursesPage />);
    answer = (call) => (call.method === 'POST' ? json(200, course(5, 'IELTS')) : undefined);
    fireEvent.click(await screen.findByRole('button', { name: /Add course/ }));
    fireEvent.change(within(dialog()).getByLabelText('Name'), { target: { value: ' IELTS ' } });
    fireEvent.change(within(dialog()).getByLabelText('Code'), { target: { value: 'IELTS' } });
    fireEvent.change(within(dialog()).getByLabelText('Price, UZS'), { target: { value: '750 000' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The course is saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'IELTS',
      code: 'IELTS',
      description: null,
      price: 750_000,
      parent_id: null,
      lesson_duration: 90,
      course_duration: null,
      exam_duration: null,
      lessons_per_module: null,
    });
  });

  it('says why a course in use cannot be deleted', async () => {
    courses = [course(1, 'General English', ['Beginner'])];
    answer = (call) =>
      call.method === 'DELETE'
        ? json(409, { error: { code: 'course_in_use', message: 'in use', details: { levels: 1, groups: 0 } } })
        : undefined;
    renderPage(<CoursesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete General English' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The course has groups or levels; remove them first.')).toBeTruthy();
  });
});

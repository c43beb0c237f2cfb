import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { StudentExamResults } from './student-exam-results';

stubApi(({ url }) =>
  url === '/api/v1/user/21/exam-results'
    ? json(200, {
        data: [
          {
            exam_id: 4,
            group_id: 7,
            group_title: 'ENG-7',
            title: 'Module 1',
            kind: 'offline',
            date: '2025-03-05',
            module: 1,
            ball: 8.5,
          },
        ],
      })
    : json(404, { error: { code: 'not_found', message: url } }),
);

describe("a student's exam balls beside his grades", () => {
  it('lists each exam with its group and ball out of 10, linking to the exam', async () => {
    renderPage(<StudentExamResults studentId={21} />);
    const link = await screen.findByRole('link', { name: 'Module 1' });
    expect(link.getAttribute('href')).toBe('/groups/7/exam/4');
    expect(screen.getByText('8.5 / 10')).toBeTruthy();
  });

  it('shows nothing for a student without balls', async () => {
    const { container } = renderPage(<StudentExamResults studentId={22} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAt } from '../course-lessons/test-support';
import { type ApiCall, json, stubApi } from '../courses/test-support';
import { aQuestion } from './exams-fixtures';
import { ExamQuestionBank } from './question-bank';

let questions = [aQuestion()];
let refuse: ((call: ApiCall) => Response | null) | null = null;

const calls = stubApi((call) => {
  const refusal = refuse?.(call);
  if (refusal) return refusal;
  if (call.url === '/api/v1/course/3/questions' && call.method === 'POST') {
    return json(200, aQuestion({ id: 9, ...(call.body as object) }));
  }
  if (call.url === '/api/v1/course/3/questions') return json(200, { data: questions });
  return json(404, { error: { code: 'not_found', message: call.url } });
});

beforeEach(() => {
  refuse = null;
  questions = [
    aQuestion(),
    aQuestion({
      id: 2,
      kind: 'multiple',
      text: 'Colours?',
      points: 2,
      options: ['red', 'dog', 'blue'],
      correct: [0, 2],
    }),
    aQuestion({ id: 3, kind: 'short', text: 'The capital?', options: [], correct: [], accepted: ['Tashkent'] }),
    aQuestion({ id: 4, kind: 'ordering', text: 'Put in order', options: ['one', 'two', 'three'], correct: [] }),
  ];
});

const openBank = () => renderAt('/courses/3', '/courses/:courseId', <ExamQuestionBank courseId={3} />);
const posts = () => calls.filter((call) => call.method === 'POST');
const itemOf = (text: string) => screen.getByText(text).closest('li') as HTMLElement;
/** The open dialog: its buttons are looked for in it alone (a search of the whole page by role is slow in jsdom). */
const dialog = () => within(document.querySelector('.ant-modal') as HTMLElement);

/** In the open form: the question and its options (the form starts with two). */
async function writeQuestionFields(text: string, options: string[]) {
  fireEvent.change(await screen.findByLabelText('Question'), { target: { value: text } });
  for (const [index, option] of options.entries()) {
    if (index >= 2) fireEvent.click(dialog().getByRole('button', { name: /Add option/ }));
    fireEvent.change(await screen.findByLabelText(`Option ${index + 1}`), { target: { value: option } });
  }
}

/** Opens "Add question" and writes the question and its options. */
async function writeQuestion(text: string, options: string[]) {
  fireEvent.click(await screen.findByRole('button', { name: /Add question/ }));
  await writeQuestionFields(text, options);
}

describe("the course's question bank (course page)", () => {
  it('lists each question with its kind, points and right answer', async () => {
    openBank();
    expect(await screen.findByText('2 + 2 = ?')).toBeTruthy();
    const single = itemOf('2 + 2 = ?');
    expect(within(single).getByText('Single choice')).toBeTruthy();
    expect(within(single).getByText('Points: 1')).toBeTruthy();
    expect(within(single).getByRole('img', { name: 'Right answer' }).closest('li')?.textContent).toContain('4');
    expect(within(itemOf('Colours?')).getAllByRole('img', { name: 'Right answer' })).toHaveLength(2);
    expect(within(itemOf('The capital?')).getByText('Tashkent')).toBeTruthy();
    const order = screen.getByRole('list', { name: 'The right order' });
    expect([...order.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['one', 'two', 'three']);
  });

  it('sends a single-choice question with its one right option', async () => {
    openBank();
    await writeQuestion(' 3 × 3 = ? ', ['6', '9', '12']);
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    // The right option is not marked yet: the form says so and sends nothing.
    expect(await screen.findByText('Mark the one right option')).toBeTruthy();
    expect(posts()).toEqual([]);
    fireEvent.click(dialog().getByRole('radio', { name: 'Option 2 is right' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(posts()).toEqual([
        {
          method: 'POST',
          url: '/api/v1/course/3/questions',
          body: { kind: 'single', text: '3 × 3 = ?', points: 1, options: ['6', '9', '12'], correct: [1], accepted: [] },
        },
      ]),
    );
    expect(await screen.findByText('Question added')).toBeTruthy();
  });

  it('sends an ordering question with its options in the order written, and no marks', async () => {
    openBank();
    await screen.findByText('2 + 2 = ?');
    fireEvent.click(screen.getByRole('button', { name: /Add question/ }));
    fireEvent.click(await within(await screen.findByRole('dialog')).findByRole('radio', { name: 'Ordering' }));
    expect(await screen.findByText(/Write the options in their right order/)).toBeTruthy();
    expect(dialog().queryByRole('radio', { name: /is right/ })).toBeNull();
    await writeQuestionFields('Count up', ['one', 'two', 'three']);
    fireEvent.change(screen.getByLabelText('Points'), { target: { value: '3' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(posts()[0]?.body).toEqual({
        kind: 'ordering',
        text: 'Count up',
        points: 3,
        options: ['one', 'two', 'three'],
        correct: [],
        accepted: [],
      }),
    );
  });

  it("puts the server's field problems under their fields", async () => {
    refuse = (call) =>
      call.method === 'POST'
        ? json(400, {
            error: {
              code: 'validation_failed',
              message: 'invalid',
              details: [{ field: 'options.1', rule: 'too_big', limit: 500, message: 'too long' }],
            },
          })
        : null;
    openBank();
    await writeQuestion('Pick one', ['a', 'b']);
    fireEvent.click(dialog().getByRole('radio', { name: 'Option 1 is right' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter at most 500 characters')).toBeTruthy();
    expect(screen.queryByText('Question added')).toBeNull();
  });
});

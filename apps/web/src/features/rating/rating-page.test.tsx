import { Role } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../shared/session/session-store';
import { onScreen } from '../../test/screen-width';
import { aCompany, aUser } from '../../test/session-fixtures';
import { renderAt } from '../course-lessons/test-support';
import { json, stubApi } from '../courses/test-support';
import { aRating, aRatingRow } from './rating-fixtures';
import { RatingPage } from './rating-page';

let rating = aRating([]);
let refusal: string | null = null;

const calls = stubApi(({ url }) => {
  if (url.startsWith('/api/v1/rating')) {
    return refusal ? json(403, { error: { code: refusal, message: refusal } }) : json(200, rating);
  }
  if (url.startsWith('/api/v1/group?')) {
    return json(200, { data: [{ id: 7, title: 'ENG-BEG-1' }], pagination: {} });
  }
  if (url.startsWith('/api/v1/course?')) {
    return json(200, { data: [{ id: 3, name: 'English', color: null, levels: [] }], pagination: {} });
  }
  return json(404, { error: { code: 'not_found', message: url } });
});

const ratingCalls = () => calls.filter((call) => call.url.startsWith('/api/v1/rating')).map((call) => call.url);
const lastRatingCall = () => ratingCalls().at(-1);
const openPage = (address = '/rating') => renderAt(address, '/rating', <RatingPage />);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 11, 9, 30));
  storeUser(aUser([Role.admin], aCompany({}, { scoring_module_is_enabled: '1' })), 'token');
  refusal = null;
  rating = aRating([
    aRatingRow(),
    aRatingRow({ place: 2, student_id: 22, student_name: 'Dilnoza Umarova', score: 81, average_grade: 4.1 }),
    aRatingRow({ place: 4, student_id: 23, student_name: 'Bek Tursunov', score: 40, average_grade: null, grades: 0 }),
  ]);
});

afterEach(() => vi.useRealTimers());

describe('the rating (/rating)', () => {
  it('ranks the centre for all time, with medals, links to profiles and how the score is made', async () => {
    onScreen('desktop');
    openPage();
    expect(await screen.findByRole('heading', { name: 'Rating' })).toBeTruthy();
    const first = await screen.findByRole('row', { name: /Aziz Karimov/ });
    expect(lastRatingCall()).toBe('/api/v1/rating?scope=centre&page=1&per_page=20');
    expect(screen.getByText(/Score out of 100 = grades 70 % \+ attendance 30 %/)).toBeTruthy();
    expect(screen.getByText(/top grade 5/)).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'Place 1' })).toBeTruthy();
    expect(within(first).getByRole('link').getAttribute('href')).toBe('/students/profile/21');
    expect(within(first).getByRole('progressbar', { name: 'Score' }).getAttribute('aria-valuenow')).toBe('92.5');
    expect(within(first).getByText('4.5 / 5')).toBeTruthy();
    expect(within(first).getByText('12')).toBeTruthy();
    expect(within(first).getByText('95 %')).toBeTruthy();
    // Only the first three are medals; a student without grades shows a dash for his average.
    const fourth = screen.getByRole('row', { name: /Bek Tursunov/ });
    expect(within(fourth).queryByRole('img', { name: 'Place 4' })).toBeNull();
    expect(within(fourth).getByLabelText('Place 4').textContent).toBe('4');
    expect(within(fourth).getByText('—')).toBeTruthy();
  });

  it('asks again for the chosen scope, its group and the month, and back for all time', async () => {
    onScreen('desktop');
    openPage();
    await screen.findByRole('link', { name: 'Aziz Karimov' });
    fireEvent.click(screen.getByText('Group'));
    expect(await screen.findByText('Choose a group to see its rating')).toBeTruthy();
    const before = ratingCalls().length;

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Group' }));
    fireEvent.click(await screen.findByTitle('ENG-BEG-1'));
    await waitFor(() => expect(lastRatingCall()).toBe('/api/v1/rating?scope=group&id=7&page=1&per_page=20'));
    // Nothing was asked while the scope still lacked its group.
    expect(ratingCalls()).toHaveLength(before + 1);

    const month = screen.getByRole('textbox', { name: 'Month' });
    fireEvent.focus(month);
    fireEvent.mouseDown(month);
    fireEvent.click(month);
    fireEvent.click(await screen.findByText('Mar'));
    await waitFor(() =>
      expect(lastRatingCall()).toBe('/api/v1/rating?scope=group&id=7&month=2025-03&page=1&per_page=20'),
    );

    fireEvent.click(screen.getByText('Centre'));
    await waitFor(() => expect(lastRatingCall()).toBe('/api/v1/rating?scope=centre&month=2025-03&page=1&per_page=20'));

    // Clearing the month is "all time".
    const clear = month.closest('.ant-picker')?.querySelector('.ant-picker-clear') as HTMLElement;
    fireEvent.mouseDown(clear);
    fireEvent.mouseUp(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(lastRatingCall()).toBe('/api/v1/rating?scope=centre&page=1&per_page=20'));
    expect(month.getAttribute('placeholder')).toBe('All time');
  });

  it('opens where a shared address points, and pages through the server’s pages', async () => {
    onScreen('desktop');
    rating = aRating([aRatingRow({ place: 21 })], { scope: 'course', month: '2025-03' }, 45);
    openPage('/rating?scope=course&id=3&month=2025-03&page=2');
    await screen.findByRole('link', { name: 'Aziz Karimov' });
    expect(ratingCalls()[0]).toBe('/api/v1/rating?scope=course&id=3&month=2025-03&page=2&per_page=20');
    expect(await screen.findByTitle('English')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Month' })).toHaveProperty('value', 'Mar 2025');
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() =>
      expect(lastRatingCall()).toBe('/api/v1/rating?scope=course&id=3&month=2025-03&page=3&per_page=20'),
    );
  });

  it('lists a card per student on a 390 px phone, with its own pager', async () => {
    onScreen('phone');
    rating = aRating([aRatingRow(), aRatingRow({ place: 2, student_id: 22, student_name: 'Dilnoza Umarova' })], {}, 45);
    openPage();
    const card = (await screen.findByRole('link', { name: 'Aziz Karimov' })).closest('.ant-card') as HTMLElement;
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByRole('img', { name: 'Place 1' })).toBeTruthy();
    expect(within(card).getByText('Average grade: 4.5 / 5')).toBeTruthy();
    expect(within(card).getByText('Grades: 12')).toBeTruthy();
    expect(within(card).getByText('Attendance: 95 %')).toBeTruthy();
    fireEvent.click(screen.getByTitle('Next Page'));
    await waitFor(() => expect(lastRatingCall()).toBe('/api/v1/rating?scope=centre&page=2&per_page=20'));
  });

  it('says so when nobody has grades or marks yet', async () => {
    rating = aRating([]);
    openPage();
    expect(await screen.findByText('Nobody here has grades or attendance marks for this period yet')).toBeTruthy();
  });

  it('explains a refusal while the scoring module is off', async () => {
    refusal = 'rating_needs_scoring';
    openPage();
    expect(await screen.findByText(/The rating is shown when the scoring module is on/)).toBeTruthy();
  });
});

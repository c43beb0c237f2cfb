import { Role, type StudentGrades } from '@crm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeUser } from '../../shared/session/session-store';
import { aCompany, aUser } from '../../test/session-fixtures';
import { json, renderPage, stubApi } from '../courses/test-support';
import { StudentGradesTab } from '../grades/student-grades-tab';
import { aStudentPlaces } from './rating-fixtures';

const noGrades: StudentGrades = {
  student_id: 21,
  max_score: 5,
  aggregate_by_month: true,
  calculate_average: true,
  groups: [],
  grades: [],
  months: [],
};

let places: () => Response;

const calls = stubApi(({ url }) => {
  if (url === '/api/v1/user/21/grades') return json(200, noGrades);
  if (url === '/api/v1/user/21/rating') return places();
  return json(404, { error: { code: 'not_found', message: url } });
});

const signIn = (scoring: '0' | '1') =>
  storeUser(aUser([Role.admin], aCompany({}, { scoring_module_is_enabled: scoring })), 'token');
const ratingAsked = () => calls.some((call) => call.url === '/api/v1/user/21/rating');

describe("a student's places (his grades tab)", () => {
  beforeEach(() => {
    places = () => json(200, aStudentPlaces());
  });

  it('lists his place in each group and in the centre, with the score', async () => {
    signIn('1');
    renderPage(<StudentGradesTab studentId={21} />);
    const card = (await screen.findByText('Rating')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('All time')).toBeTruthy();
    expect(within(card).getByText('Place 2 of 14 in ENG-BEG-1')).toBeTruthy();
    expect(within(card).getByText('Place 5 of 320 in the centre')).toBeTruthy();
    expect(within(card).getAllByText('Score 88.4')).toHaveLength(2);
    expect(within(card).getByRole('img', { name: 'Place 2' })).toBeTruthy();
    // His grades still show beneath (none yet).
    expect(screen.getByText('No grades yet')).toBeTruthy();
  });

  it('shows nothing, and no error, when the server refuses the rating', async () => {
    signIn('1');
    places = () => json(403, { error: { code: 'rating_needs_scoring', message: 'needs scoring' } });
    renderPage(<StudentGradesTab studentId={21} />);
    expect(await screen.findByText('No grades yet')).toBeTruthy();
    await waitFor(() => expect(ratingAsked()).toBe(true));
    // The refusal is answered before the next macrotask: then the tab must still show no card.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Rating')).toBeNull();
    expect(screen.queryByText(/scoring module/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not ask while the company’s scoring module is off', async () => {
    signIn('0');
    renderPage(<StudentGradesTab studentId={21} />);
    expect(await screen.findByText('No grades yet')).toBeTruthy();
    expect(ratingAsked()).toBe(false);
    expect(screen.queryByText('Rating')).toBeNull();
  });
});

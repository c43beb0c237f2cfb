import { paginate, type Rating, type RatingRow, type StudentPlaces } from '@crm/contracts';

/**
 * Answers of the rating API as the server gives them, for the web tests: each factory makes a complete, valid
 * answer and overrides replace its fields.
 */

export const aRatingRow = (overrides: Partial<RatingRow> = {}): RatingRow => ({
  place: 1,
  student_id: 21,
  student_name: 'Aziz Karimov',
  score: 92.5,
  average_grade: 4.5,
  grades: 12,
  attendance_percent: 95,
  ...overrides,
});

/** GET /rating of the centre for all time, one page holding `rows` unless `total` says there are more. */
export const aRating = (rows: RatingRow[], overrides: Partial<Rating> = {}, total = rows.length): Rating => ({
  scope: 'centre',
  month: null,
  max_score: 5,
  attendance_weight: 30,
  data: rows,
  pagination: paginate(total, 1, 20, rows.length),
  ...overrides,
});

/** GET /user/21/rating: second of 14 in ENG-BEG-1 and fifth of 320 in the centre, for all time. */
export const aStudentPlaces = (overrides: Partial<StudentPlaces> = {}): StudentPlaces => ({
  month: null,
  places: [
    { scope: 'group', id: 7, title: 'ENG-BEG-1', place: 2, of: 14, score: 88.4 },
    { scope: 'centre', id: null, title: '', place: 5, of: 320, score: 88.4 },
  ],
  ...overrides,
});
